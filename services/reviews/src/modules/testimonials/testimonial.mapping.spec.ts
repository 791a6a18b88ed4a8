import { describe, expect, it } from '@jest/globals';
import { PendingTestimonialDtoSchema, PublicTestimonialDtoSchema } from '@medtutor/contracts';
import type { Testimonial } from '../../generated/prisma/client.js';
import { toPendingTestimonialDto, toPublicTestimonialDto } from './testimonial.mapping.js';

const row: Testimonial = {
  id: 3,
  name: 'Sarah Johnson',
  title: 'Interview offer',
  content: 'The mock MMIs made the difference.',
  rating: 4,
  email: 'sarah@example.com',
  submittedBy: 10,
  isApproved: true,
  approvedAt: new Date('2026-11-20T10:00:00.000Z'),
  approvedBy: 1,
  createdAt: new Date('2026-11-19T09:30:00.000Z'),
};

describe('toPublicTestimonialDto', () => {
  it('shortens the name to initials and leaves the email out', () => {
    const dto = toPublicTestimonialDto(row, true);

    expect(dto).toEqual({
      id: 3,
      name: 'S.J.',
      title: 'Interview offer',
      content: 'The mock MMIs made the difference.',
      rating: 4,
      verifiedPurchase: true,
    });
    expect(JSON.stringify(dto)).not.toContain('sarah@example.com');
    expect(PublicTestimonialDtoSchema.strict().parse(dto)).toEqual(dto);
  });

  it.each([
    ['Ann', 'Ann'],
    ['Dr. Who', 'Dr. Who'],
  ])('keeps %s as typed', (name, expected) => {
    expect(toPublicTestimonialDto({ ...row, name }, false).name).toBe(expected);
  });
});

describe('toPendingTestimonialDto', () => {
  it('gives the admin the full name, the email and the creation time', () => {
    const dto = toPendingTestimonialDto({ ...row, isApproved: false }, false);

    expect(PendingTestimonialDtoSchema.strict().parse(dto)).toEqual({
      id: 3,
      name: 'Sarah Johnson',
      title: 'Interview offer',
      content: 'The mock MMIs made the difference.',
      rating: 4,
      email: 'sarah@example.com',
      isApproved: false,
      verifiedPurchase: false,
      createdAt: '2026-11-19T09:30:00.000Z',
    });
  });
});
