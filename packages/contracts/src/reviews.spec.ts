import { describe, expect, it } from '@jest/globals';
import { publicTestimonialName } from './reviews.js';
import {
  SubmitTestimonialBodySchema,
  TestimonialIdParamSchema,
  TestimonialIdRequestSchema,
} from './reviews-schemas.js';

describe('publicTestimonialName', () => {
  it.each([
    ['Sarah Johnson', 'S.J.'],
    ['Sarah Jones', 'S.J.'],
    ['sarah jones', 'S.J.'],
    ['Mary-Ann Lee', 'M.A.L.'],
    ['Jonathan', 'J.'],
    ['  Sarah   Jones  ', 'S.J.'],
    ['Dr. Khan', 'Dr. Khan'],
    ['Dr. Who', 'Dr. Who'],
    ['Ann', 'Ann'],
    ['S.J.', 'S.J.'],
    ['Amir', 'Amir'],
    ['Al', 'Al'],
  ])('%s → %s', (name, expected) => {
    expect(publicTestimonialName(name)).toBe(expected);
  });
});

describe('SubmitTestimonialBodySchema', () => {
  const valid = { name: 'Sarah Jones', title: 'UCAT 3200', content: 'Great tutor', email: 'sarah@example.com' };

  it('defaults the rating to 5 and trims', () => {
    expect(SubmitTestimonialBodySchema.parse({ ...valid, name: ' Sarah Jones ' })).toEqual({ ...valid, rating: 5 });
    expect(SubmitTestimonialBodySchema.parse({ ...valid, rating: '' }).rating).toBe(5);
    expect(SubmitTestimonialBodySchema.parse({ ...valid, rating: '3' }).rating).toBe(3);
  });

  it.each([
    [{ name: 'S' }, 'name', 'Name must be at least 2 characters'],
    [{ title: ' T ' }, 'title', 'Title must be at least 2 characters'],
    [{ content: '   ' }, 'content', 'Please share your experience'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ rating: 6 }, 'rating', 'Please choose a rating from 1 to 5'],
    [{ rating: 0 }, 'rating', 'Please choose a rating from 1 to 5'],
    [{ rating: 4.5 }, 'rating', 'Please choose a rating from 1 to 5'],
  ])('refuses %j with the spec message', (patch, field, message) => {
    const result = SubmitTestimonialBodySchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});

describe('testimonial ids', () => {
  it.each(['1', '42', '2147483647'])('accepts the route parameter %s', (param) => {
    expect(TestimonialIdParamSchema.parse(param)).toBe(Number(param));
  });

  it.each(['0', '-1', '1.5', '1e3', ' 7', '0x1', 'abc', '', '2147483648', '99999999999'])(
    'refuses the route parameter %j',
    (param) => {
      expect(TestimonialIdParamSchema.safeParse(param).success).toBe(false);
    },
  );

  it('refuses over NATS what is not a positive PostgreSQL integer', () => {
    expect(TestimonialIdRequestSchema.parse({ id: 7 })).toEqual({ id: 7 });
    for (const id of ['7', 0, 1.5, 2_147_483_648]) {
      expect(TestimonialIdRequestSchema.safeParse({ id }).success).toBe(false);
    }
  });
});
