import { describe, expect, it } from '@jest/globals';
import { PayrollMessages, type PayslipStatus } from '@medtutor/contracts';
import { isOwnPayslip, mayEditDraft, moveRefusal, Transitions } from './payslip.rules.js';

describe('payslip transitions', () => {
  it('moves draft → submitted (tutor) → approved (admin) → paid (admin), each from one status', () => {
    const path: PayslipStatus[] = ['draft'];
    for (const transition of [Transitions.submit, Transitions.approve, Transitions.markPaid]) {
      expect(transition.from).toBe(path.at(-1));
      path.push(transition.to);
    }
    expect(path).toEqual(['draft', 'submitted', 'approved', 'paid']);
    expect([Transitions.submit.by, Transitions.approve.by, Transitions.markPaid.by]).toEqual([
      'tutor',
      'admin',
      'admin',
    ]);
  });

  it('names the status each one needed when it is refused', () => {
    expect(Transitions.submit.refusal).toBe(PayrollMessages.notDraft);
    expect(Transitions.approve.refusal).toBe(PayrollMessages.notSubmitted);
    expect(Transitions.markPaid.refusal).toBe(PayrollMessages.notApproved);
  });
});

describe('ownership and drafts', () => {
  it('lets a tutor see only the payslips their login filed', () => {
    expect(isOwnPayslip({ tutorUserId: 30 }, 30)).toBe(true);
    expect(isOwnPayslip({ tutorUserId: 30 }, 31)).toBe(false);
  });

  it("keeps a week editable only as its owner's draft", () => {
    expect(mayEditDraft({ tutorUserId: 30, status: 'draft' }, 30)).toBe(true);
    expect(mayEditDraft({ tutorUserId: 30, status: 'submitted' }, 30)).toBe(false);
    expect(mayEditDraft({ tutorUserId: 30, status: 'draft' }, 31)).toBe(false);
  });
});

describe('moveRefusal', () => {
  const tutor = { userId: 30, role: 'tutor' } as const;
  const admin = { userId: 1, role: 'admin' } as const;

  it('answers not found for an absent payslip, whoever asks', () => {
    expect(moveRefusal(null, tutor)).toBe('not-found');
    expect(moveRefusal(null, admin)).toBe('not-found');
  });

  it("answers not found to a tutor for another tutor's payslip, so it reveals nothing", () => {
    expect(moveRefusal({ tutorUserId: 31 }, tutor)).toBe('not-found');
  });

  it('answers the wrong status to the owner and to an admin', () => {
    expect(moveRefusal({ tutorUserId: 30 }, tutor)).toBe('wrong-status');
    expect(moveRefusal({ tutorUserId: 31 }, admin)).toBe('wrong-status');
  });
});
