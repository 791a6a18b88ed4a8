import { type FreeTrialBookingBody, FreeTrialBookingBodySchema } from '@medtutor/contracts';
import { ukInstant } from './uk-time';

/** The free-trial form as typed: the date and time are UK wall-clock readings. */
export interface FreeTrialFormValues {
  consultationId?: number;
  tutorId?: number;
  date?: string;
  time?: string;
  durationMinutes?: number;
}

export const FreeTrialFormMessages = {
  requestRequired: 'Choose the free-trial request',
  tutorRequired: 'Choose the tutor',
} as const;

export type FreeTrialFormResult =
  | { ok: true; body: FreeTrialBookingBody; repeated: boolean }
  | { ok: false; field: keyof FreeTrialFormValues; message: string };

/** The form's values as the API's body: UK date and time → the instant, then the contracts' schema. */
export function freeTrialBody(values: FreeTrialFormValues): FreeTrialFormResult {
  if (values.consultationId === undefined) {
    return { ok: false, field: 'consultationId', message: FreeTrialFormMessages.requestRequired };
  }
  if (values.tutorId === undefined)
    return { ok: false, field: 'tutorId', message: FreeTrialFormMessages.tutorRequired };
  const start = ukInstant(values.date ?? '', values.time ?? '');
  if (!start.ok) return { ok: false, field: start.field, message: start.reason };
  const parsed = FreeTrialBookingBodySchema.safeParse({
    consultationId: values.consultationId,
    tutorId: values.tutorId,
    start: start.iso,
    durationMinutes: values.durationMinutes,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path[0] === 'start' ? 'time' : (issue.path[0] as keyof FreeTrialFormValues);
    return { ok: false, field, message: issue.message };
  }
  return { ok: true, body: parsed.data, repeated: start.repeated };
}
