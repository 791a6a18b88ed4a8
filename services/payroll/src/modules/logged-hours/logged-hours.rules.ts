import { type HoursUsedV1, mondayOf } from '@medtutor/contracts';

/** A delivered session's hours as payroll counts them towards a tutor's week. */
export interface LoggedSession {
  tutorId: number;
  /** The Monday of the session's week. */
  weekStarting: string;
  sessionId: number;
  studentUserId: number;
  subject: string;
  hours: number;
}

/**
 * Used hours are a tutor's work only when a tutor recorded them (a delivered session or a no-show);
 * an admin's correction or a student's late cancellation is nobody's logged work. The session's date
 * decides the week, which runs Monday to Sunday.
 */
export function loggedSessionOf(used: HoursUsedV1): LoggedSession | null {
  if (used.actorRole !== 'tutor' || used.tutorId === null) return null;
  return {
    tutorId: used.tutorId,
    weekStarting: mondayOf(used.date),
    sessionId: used.sessionId,
    studentUserId: used.userId,
    subject: used.subject,
    hours: used.hours,
  };
}
