import { PayrollMessages, type PayslipStatus } from '@medtutor/contracts';

/** Who moves a payslip along: draft → submitted (tutor) → approved (admin) → paid (admin). */
export const Transitions = {
  submit: { from: 'draft', to: 'submitted', by: 'tutor', refusal: PayrollMessages.notDraft },
  approve: { from: 'submitted', to: 'approved', by: 'admin', refusal: PayrollMessages.notSubmitted },
  markPaid: { from: 'approved', to: 'paid', by: 'admin', refusal: PayrollMessages.notApproved },
} as const satisfies Record<string, { from: PayslipStatus; to: PayslipStatus; by: 'tutor' | 'admin'; refusal: string }>;
export type Transition = (typeof Transitions)[keyof typeof Transitions];
