import { z } from './zod.js';
import {
  ActiveBookingStatuses,
  BookingActors,
  BookingMessages as B,
  BookingRules,
  BookingStatuses,
} from './bookings.js';
import { multiLine } from './text.js';
import { SessionDurationsHours, TutorDirectoryMessages } from './tutoring.js';

/** Issue 25: the zod schemas of availability, slots and bookings (HTTP bodies, NATS payloads, DTOs). */

const DAY_MS = 86_400_000;
const minute = z.number({ error: B.availabilityStep }).int().min(0).max(1440);
const quarterHour = (value: number) => value % 15 === 0;

const SpanSchema = z
  .object({
    startMinute: minute.refine(quarterHour, B.availabilityStep),
    endMinute: minute.refine(quarterHour, B.availabilityStep),
  })
  .refine((span) => span.startMinute < span.endMinute, { error: B.availabilityOrder, path: ['endMinute'] });

const noOverlaps = (spans: { startMinute: number; endMinute: number }[]) => {
  const sorted = [...spans].sort((a, b) => a.startMinute - b.startMinute);
  return sorted.every((span, i) => i === 0 || span.startMinute >= sorted[i - 1]!.endMinute);
};

/** Instants and dates the calendar deals with: the rules' zone arithmetic stays within sane years. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const inCalendarRange = (ms: number) => Number.isFinite(ms) && ms >= EARLIEST && ms < LATEST;

const LocalDateSchema = z
  .string({ error: B.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, B.dateInvalid)
  .refine((value) => {
    const parsed = Date.parse(`${value}T00:00:00Z`);
    return inCalendarRange(parsed) && new Date(parsed).toISOString().startsWith(value);
  }, B.dateInvalid);

/** A tutor's availability in Europe/London wall-clock time: weekly hours and dates that replace them. */
export const AvailabilityBodySchema = z.object({
  weekly: z
    .array(
      SpanSchema.safeExtend({
        weekday: z.number({ error: B.weekdayInvalid }).int().min(1, B.weekdayInvalid).max(7, B.weekdayInvalid),
      }),
    )
    .max(100)
    .refine(
      (spans) => [1, 2, 3, 4, 5, 6, 7].every((day) => noOverlaps(spans.filter((s) => s.weekday === day))),
      B.availabilityOverlap,
    ),
  exceptions: z
    .array(
      z.object({ date: LocalDateSchema, spans: z.array(SpanSchema).max(20).refine(noOverlaps, B.availabilityOverlap) }),
    )
    .max(400)
    .refine((list) => new Set(list.map((e) => e.date)).size === list.length, B.availabilityOverlap),
});
export type AvailabilityBody = z.infer<typeof AvailabilityBodySchema>;

export const AvailabilityDtoSchema = AvailabilityBodySchema.extend({
  tutorId: z.number().int().positive(),
  timeZone: z.string(),
});
export type AvailabilityDto = z.infer<typeof AvailabilityDtoSchema>;

/** `?tutorId=` (admins only): whose availability; a tutor always gets their own. */
export const AvailabilityQuerySchema = z.object({ tutorId: z.coerce.number().int().positive().optional() });
export const SetAvailabilityRequestSchema = AvailabilityQuerySchema.extend(AvailabilityBodySchema.shape);

const DurationHoursSchema = z.coerce
  .number({ error: TutorDirectoryMessages.durationInvalid })
  .refine(
    (value) => (SessionDurationsHours as readonly number[]).includes(value),
    TutorDirectoryMessages.durationInvalid,
  )
  .meta({ enum: [...SessionDurationsHours] });

const InstantSchema = z.iso
  .datetime({ offset: true, error: B.startInvalid })
  .refine((value) => inCalendarRange(Date.parse(value)), B.startInvalid);

export const SlotsQuerySchema = z
  .object({
    sessionId: z.coerce.number().int().positive(),
    durationHours: DurationHoursSchema,
    from: InstantSchema,
    to: InstantSchema,
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { error: B.rangeOrder, path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= BookingRules.maxRangeDays * DAY_MS, {
    error: B.rangeTooLong,
    path: ['to'],
  });
export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

export const SlotDtoSchema = z.object({
  start: z.string(),
  end: z.string(),
  tutorId: z.number().int().positive(),
  tutorName: z.string(),
});
export const SlotsDtoSchema = z.object({
  timeZone: z.string(),
  durationHours: z.number(),
  noticeHours: z.number(),
  horizonDays: z.number(),
  /** Earliest and latest start the rules allow (notice, payment lead, horizon). */
  earliestStart: z.string(),
  latestStart: z.string(),
  /** No assigned tutor has set availability: the external calendar link is the way to book. */
  availabilityPending: z.boolean(),
  calendarLink: z.string().nullable(),
  slots: z.array(SlotDtoSchema),
});
export type SlotsDto = z.infer<typeof SlotsDtoSchema>;

export const CreateBookingBodySchema = z.object({
  sessionId: z.coerce.number().int().positive(),
  start: InstantSchema,
  durationHours: DurationHoursSchema,
  additionalNotes: multiLine('Notes').trim().max(2000).optional(),
});
export type CreateBookingBody = z.infer<typeof CreateBookingBodySchema>;
/** The gateway adds the student's name and email, read from identity, for the booking record. */
export const CreateBookingRequestSchema = CreateBookingBodySchema.extend({
  studentName: z.string().max(200),
  studentEmail: z.string().max(254),
});

/** POST /api/admin/bookings/free-trial: an admin books the 15–30 minute free trial of a trial request. */
export const FreeTrialBookingBodySchema = z.object({
  consultationId: z.coerce.number().int().positive(),
  tutorId: z.coerce.number().int().positive(),
  start: InstantSchema,
  durationMinutes: z.coerce
    .number({ error: B.freeTrialLength })
    .int(B.freeTrialLength)
    .min(BookingRules.freeTrialMinMinutes, B.freeTrialLength)
    .max(BookingRules.freeTrialMaxMinutes, B.freeTrialLength),
});
export type FreeTrialBookingBody = z.infer<typeof FreeTrialBookingBodySchema>;

/**
 * GET /api/admin/free-trial-requests: the newest free-trial requests (the /contact form), the ones an
 * admin books free trials for, with the trial booked for each if any.
 */
export const FreeTrialRequestDtoSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  /** The subject asked about, without the form's 'FREE TRIAL - ' prefix. */
  subject: z.string(),
  additionalInfo: z.string().nullable(),
  isParent: z.boolean(),
  createdAt: z.string(),
  /** The request's latest booking that was not cancelled. */
  booking: z
    .object({ id: z.uuid(), start: z.string(), status: z.enum(BookingStatuses), tutorName: z.string().nullable() })
    .nullable(),
});
export type FreeTrialRequestDto = z.infer<typeof FreeTrialRequestDtoSchema>;
export const FreeTrialRequestListSchema = z.array(FreeTrialRequestDtoSchema);

export const RescheduleBookingBodySchema = z.object({ start: InstantSchema });
export const BookingIdRequestSchema = z.object({ bookingId: z.uuid() });
export const RescheduleBookingRequestSchema = BookingIdRequestSchema.extend(RescheduleBookingBodySchema.shape);

export const ListBookingsQuerySchema = z.object({
  tutorId: z.coerce.number().int().positive().optional(),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
  status: z.enum(BookingStatuses).optional(),
});
export type ListBookingsQuery = z.infer<typeof ListBookingsQuerySchema>;

export const BookingDtoSchema = z.object({
  id: z.uuid(),
  studentName: z.string(),
  /** Null for a tutor: the student's name is shown, their email is not. */
  studentEmail: z.string().nullable(),
  subject: z.string(),
  /** Minutes. */
  duration: z.number().int().positive(),
  preferredDateTime: z.string(),
  endsAt: z.string(),
  additionalNotes: z.string().nullable(),
  isFreeTrial: z.boolean(),
  price: z.number(),
  currency: z.string(),
  status: z.enum(BookingStatuses),
  tutorAssigned: z.string().nullable(),
  calendlyLink: z.string().nullable(),
  meetingLink: z.string().nullable(),
  tutorId: z.number().int().positive(),
  sessionId: z.number().int().positive().nullable(),
  studentUserId: z.number().int().positive().nullable(),
  reservedHours: z.number(),
  hoursOutcome: z.enum(['returned', 'used']).nullable(),
  icsUid: z.string(),
  icsSequence: z.number().int().nonnegative(),
  /** Who made the booking: the student, or an admin (free trials). */
  bookedBy: z.enum(BookingActors),
  cancelledBy: z.enum(BookingActors).nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookingDto = z.infer<typeof BookingDtoSchema>;
export const BookingListSchema = z.array(BookingDtoSchema);

/** Active statuses as a zod enum, for filters that mean "still on the calendar". */
export const ActiveBookingStatusSchema = z.enum(ActiveBookingStatuses as [string, ...string[]]);
