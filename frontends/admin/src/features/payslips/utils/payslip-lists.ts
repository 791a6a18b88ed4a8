import { type PayslipDto as Payslip, RecentlyApprovedPayslipsCount } from '@medtutor/contracts';

export const pendingReview = (payslips: readonly Payslip[]): Payslip[] =>
  payslips.filter((payslip) => payslip.status === 'submitted');

/**
 * The first five approved ones, in the order the server lists them (spec: "the first 5 approved").
 * A paid payslip was approved before it was paid, so it stays in the panel with its Paid tag.
 */
export const recentlyApproved = (payslips: readonly Payslip[]): Payslip[] =>
  payslips
    .filter((payslip) => payslip.status === 'approved' || payslip.status === 'paid')
    .slice(0, RecentlyApprovedPayslipsCount);

/** docs/product.md §4's wording per status; any other value is shown as it is, neutrally. */
export function statusLabel(status: string): { text: string; color: string | undefined } {
  switch (status) {
    case 'submitted':
      return { text: 'Pending review', color: 'gold' };
    case 'approved':
      return { text: 'Approved (ready for payment)', color: 'blue' };
    case 'paid':
      return { text: 'Paid', color: 'green' };
    case 'draft':
      return { text: 'Draft', color: undefined };
    default:
      return { text: status, color: undefined };
  }
}

/** A timesheet's week as people read it: 16 Nov 2026. */
export const weekOf = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
