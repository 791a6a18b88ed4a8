/**
 * Notices the spec does not word (mark paid, the tutor directory and the tutor portal are beyond it).
 * The spec's own notices come from contracts' Notices.
 */
export const BackOfficeNotices = {
  payslipMarkedPaid: 'Payslip Marked as Paid',
  payslipMarkPaidFailed: 'Failed to mark payslip as paid',
  tutorSaved: 'Tutor Saved',
  tutorSaveFailed: 'Failed to save tutor',
  tutorDeactivated: 'Tutor Deactivated',
  tutorReactivated: 'Tutor Reactivated',
  tutorStatusFailed: 'Failed to update tutor',
  tutorInvited: 'Invitation Sent',
  tutorInvitedDetail: 'The tutor will receive an email with a link to set their password.',
  tutorInviteFailed: 'Failed to send invitation',
  sessionLogged: 'Session Logged',
  sessionLoggedDetail: "The hours were deducted from the student's package.",
  sessionLogFailed: 'Failed to log session',
  timesheetSubmitted: 'Timesheet Submitted',
  timesheetSubmittedDetail: 'Your week was sent to the admin team for review.',
  timesheetFailed: 'Failed to submit timesheet',
  /** The Payments tab's error title; the description is the server's reason (RefundMessages). */
  refundFailed: 'Refund failed',
  /** The bookings calendar (issue 25); failures show the server's reason as the description. */
  bookingCancelled: 'Session Cancelled',
  bookingCancelledDetail: "The hours were returned to the student's package.",
  bookingCancelFailed: 'Failed to cancel session',
  bookingMoved: 'Session Moved',
  bookingMoveFailed: 'Failed to move session',
  noShowMarked: 'Marked as No-show',
  noShowFailed: 'Failed to mark no-show',
  freeTrialBooked: 'Free Trial Booked',
  freeTrialFailed: 'Failed to book free trial',
} as const;
