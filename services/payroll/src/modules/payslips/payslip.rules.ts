import { PayrollMessages, type PayslipStatus } from '@medtutor/contracts';

/** Who moves a payslip along: draft → submitted (tutor) → approved (admin) → paid (admin). */
export const Transitions = {
  submit: { from: 'draft', to: 'submitted', by: 'tutor', refusal: PayrollMessages.notDraft },
  approve: { from: 'submitted', to: 'approved', by: 'admin', refusal: PayrollMessages.notSubmitted },
  markPaid: { from: 'approved', to: 'paid', by: 'admin', refusal: PayrollMessages.notApproved },
} as const satisfies Record<string, { from: PayslipStatus; to: PayslipStatus; by: 'tutor' | 'admin'; refusal: string }>;
export type Transition = (typeof Transitions)[keyof typeof Transitions];

/** Who moves a payslip: the login and the role it acts in. */
export interface StatusChanger {
  userId: number;
  role: 'tutor' | 'admin';
}

/** A tutor sees and edits only the payslips their own login filed. */
export const isOwnPayslip = (payslip: { tutorUserId: number }, tutorUserId: number): boolean =>
  payslip.tutorUserId === tutorUserId;

/** A saved week stays editable only as its owner's draft; once submitted, the tutor cannot change it. */
export const mayEditDraft = (payslip: { tutorUserId: number; status: string }, tutorUserId: number): boolean =>
  isOwnPayslip(payslip, tutorUserId) && payslip.status === 'draft';

/**
 * Why a transition matched nothing: a payslip that is absent, or another tutor's, is not found (a tutor
 * learns nothing of others' payslips); otherwise it was not in the transition's starting status.
 */
export const moveRefusal = (
  current: { tutorUserId: number } | null,
  by: StatusChanger,
): 'not-found' | 'wrong-status' =>
  !current || (by.role === 'tutor' && !isOwnPayslip(current, by.userId)) ? 'not-found' : 'wrong-status';
