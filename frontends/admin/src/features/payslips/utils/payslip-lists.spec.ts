import { describe, expect, it } from '@jest/globals';
import type { PayslipDto as Payslip } from '@medtutor/contracts';
import { pendingReview, recentlyApproved, statusLabel } from './payslip-lists';

const payslip = (id: number, status: string): Payslip => ({
  id,
  tutorId: 1,
  tutorName: 'Tutor',
  tutorEmail: 'tutor@example.com',
  weekStarting: '2026-11-16',
  hoursWorked: 3,
  studentNotes: null,
  additionalNotes: null,
  status,
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
  history: [],
});

describe('payslip lists', () => {
  it('counts submitted ones as pending review', () => {
    const list = [payslip(1, 'submitted'), payslip(2, 'approved'), payslip(3, 'submitted'), payslip(4, 'draft')];
    expect(pendingReview(list).map((p) => p.id)).toEqual([1, 3]);
  });

  it('keeps the first five approved (paid ones included), in list order', () => {
    const statuses = ['approved', 'submitted', 'paid', 'draft', 'approved', 'approved', 'approved', 'approved'];
    const list = statuses.map((status, index) => payslip(index + 1, status));
    expect(recentlyApproved(list).map((p) => p.id)).toEqual([1, 3, 5, 6, 7]);
  });

  it('labels the known statuses and shows others neutrally', () => {
    expect(statusLabel('submitted')).toEqual({ text: 'Pending review', color: 'gold' });
    expect(statusLabel('paid').color).toBe('green');
    expect(statusLabel('on-hold')).toEqual({ text: 'on-hold', color: undefined });
  });
});
