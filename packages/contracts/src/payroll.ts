import { z } from './zod.js';
import { ValidationMessages as M } from './messages.js';
import { multiLine, singleLine } from './text.js';

/** docs/product.md §4: draft on creation, then submitted (pending review), approved (ready for payment), paid. */
export const PayslipStatuses = ['draft', 'submitted', 'approved', 'paid'] as const;
export type PayslipStatus = (typeof PayslipStatuses)[number];

/** docs/product.md §9: the Recently Approved panel lists this many. */
export const RecentlyApprovedPayslipsCount = 5;

/** hoursWorked is decimal(4,1): at most 999.9, one decimal place. */
export const PayslipLimits = { hoursMax: 999.9, notesMax: 5000 } as const;

export const PayrollMessages = {
  payslipNotFound: 'Payslip not found',
  weekStartingInvalid: 'Please enter a valid date',
  hoursWorkedInvalid: `Hours worked must be a number from 0 to ${PayslipLimits.hoursMax} with at most one decimal place`,
  notSubmitted: 'Only a submitted payslip can be approved',
  notApproved: 'Only an approved payslip can be marked as paid',
  notDraft: 'This timesheet has already been submitted and can no longer be changed',
  tutorNotLinked: 'Your account is not linked to a tutor profile yet. Please contact the administrator.',
  payslipMarkedPaid: 'Payslip Marked as Paid',
  timesheetSaved: 'Timesheet Saved',
  timesheetSubmitted: 'Timesheet Submitted',
} as const;

/** A calendar day (YYYY-MM-DD) that really exists. */
const calendarDay = singleLine('Week starting', { error: M.weekStartingRequired })
  .trim()
  .min(1, { error: M.weekStartingRequired, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: PayrollMessages.weekStartingInvalid, abort: true })
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  }, PayrollMessages.weekStartingInvalid);

/**
 * The Monday of the week a day falls in (weeks run Monday to Sunday, 7 days). weekStarting is stored
 * normalised, so one tutor has one timesheet per week whatever day of it they picked.
 */
export const mondayOf = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - sinceMonday);
  return date.toISOString().slice(0, 10);
};

const optionalNotes = multiLine('Notes')
  .trim()
  .max(PayslipLimits.notesMax, `Notes must be at most ${PayslipLimits.notesMax} characters`)
  .nullish()
  .transform((value) => (value === undefined || value === '' ? null : value));

/** POST /api/tutor/payslips: create or update the tutor's draft for a week (docs/product.md §5). */
export const SavePayslipBodySchema = z.object({
  weekStarting: calendarDay.transform(mondayOf),
  hoursWorked: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: M.hoursWorkedRequired })
      .min(0, PayrollMessages.hoursWorkedInvalid)
      .max(PayslipLimits.hoursMax, PayrollMessages.hoursWorkedInvalid)
      .refine((hours) => Number.isInteger(Math.round(hours * 10 * 1e6) / 1e6), PayrollMessages.hoursWorkedInvalid)
      // The step, checked by the refinement above, stated for the OpenAPI document.
      .meta({ multipleOf: 0.1 }),
  ),
  studentNotes: optionalNotes,
  additionalNotes: optionalNotes,
});
export type SavePayslipBody = z.input<typeof SavePayslipBodySchema>;
export type SavePayslipData = z.output<typeof SavePayslipBodySchema>;

export const PayslipStatusChangeDtoSchema = z.object({
  fromStatus: z.enum(PayslipStatuses).nullable(),
  toStatus: z.enum(PayslipStatuses),
  changedByUserId: z.number().int().positive(),
  changedByRole: z.enum(['tutor', 'admin']),
  changedAt: z.string(),
});
export type PayslipStatusChangeDto = z.infer<typeof PayslipStatusChangeDtoSchema>;

/** payslips (docs/product.md §3). Statuses outside PayslipStatuses are shown neutrally by the UI. */
export const PayslipDtoSchema = z.object({
  id: z.number().int().positive(),
  tutorId: z.number().int().positive(),
  tutorName: z.string(),
  tutorEmail: z.string().nullable(),
  /** The Monday (YYYY-MM-DD) of the 7-day week. */
  weekStarting: z.string(),
  /** decimal(4,1), sent as a number. */
  hoursWorked: z.number(),
  studentNotes: z.string().nullable(),
  additionalNotes: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(PayslipStatusChangeDtoSchema),
});
export type PayslipDto = z.infer<typeof PayslipDtoSchema>;
/** GET /api/admin/payslips and GET /api/tutor/payslips: newest first. */
export const PayslipListSchema = z.array(PayslipDtoSchema);

/** GET /api/tutor/payslips/week?weekStarting=: the form's prefill for one week. */
export const PayslipWeekQuerySchema = z.object({ weekStarting: calendarDay.transform(mondayOf) });
export const PayslipWeekDtoSchema = z.object({
  weekStarting: z.string(),
  /** Hours of the sessions the tutor logged that week (tutoring.hours_used.v1). */
  loggedHours: z.number(),
  /**
   * "<student's name> (<subject>): <hours> h", one line per package taught that week ("Student #<id>"
   * while payroll has not heard the student's name); null without sessions.
   */
  loggedStudentNotes: z.string().nullable(),
  payslip: PayslipDtoSchema.nullable(),
});
export type PayslipWeekDto = z.infer<typeof PayslipWeekDtoSchema>;

export const PayslipIdRequestSchema = z.object({ id: z.coerce.number().int().positive() });
export type PayslipIdRequest = z.infer<typeof PayslipIdRequestSchema>;
export const DeletePayslipReplySchema = z.object({ deleted: z.literal(true) });

/* Events */
export const PayslipStatusChangedV1Schema = z.object({
  payslipId: z.number().int().positive(),
  tutorId: z.number().int().positive(),
  weekStarting: z.string(),
  hoursWorked: z.number(),
  fromStatus: z.enum(PayslipStatuses).nullable(),
  toStatus: z.enum(PayslipStatuses),
  changedByUserId: z.number().int().positive(),
});
export type PayslipStatusChangedV1 = z.infer<typeof PayslipStatusChangedV1Schema>;
