import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErasedStudentName, EventTypes, type UserErasedV1 } from '@medtutor/contracts';
import { eventually, handledBy, publishAndAwait, publishTestEvent, sql } from '@medtutor/nest-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { TUTORING_USER_ERASED_CONSUMER } from '../src/modules/privacy-erasure/user-erased.consumer.js';
import { TUTORING_STUDENT_NAME_CONSUMER } from '../src/modules/student-names/student-name-changed.consumer.js';
import { actors, insertPackage, startTutoring } from './support/harness.js';

const HOUR = 3_600_000;
const STUDENT = actors.studentA.userId;
const EMAIL = 'sam.lee@example.com';

/**
 * Issue 26: tutoring's part of an erasure, from identity.user_erased.v1 on real JetStream and
 * PostgreSQL. Bookings stay anonymised (upcoming ones cancelled, hours back to the package, the tutor
 * told), packages and the ledger stay, requests, feed, queued emails and the name go; a redelivery
 * and a second event change nothing more.
 */
describe('identity.user_erased.v1 in tutoring', () => {
  let service: Awaited<ReturnType<typeof startTutoring>>;
  let nc: NatsConnection;
  let tutorId: number;
  let packageId: number;
  const bookingIds: Record<'upcoming' | 'begun' | 'done' | 'trial' | 'someoneElse', string> = {
    upcoming: randomUUID(),
    begun: randomUUID(),
    done: randomUUID(),
    trial: randomUUID(),
    someoneElse: randomUUID(),
  };
  const erased: UserErasedV1 = { userId: STUDENT, email: EMAIL, erasedAt: new Date().toISOString() };

  const publish = (type: string, data: unknown, id?: string) => publishTestEvent(nc, type, data, id);
  const processed = (consumer: string, eventId: string) => handledBy(service.db.url, consumer, eventId);
  const erase = (id?: string) =>
    publishAndAwait(nc, service.db.url, TUTORING_USER_ERASED_CONSUMER, EventTypes.userErased, erased, id);

  const insertBooking = async (
    id: string,
    values: { start: number; status: string; userId: number | null; email: string; packageId?: number | null },
  ) =>
    sql(
      service.db.url,
      `INSERT INTO bookings (id, student_name, student_email, subject, duration, preferred_date_time, ends_at, status,
         tutor_assigned, tutor_id, package_id, student_user_id, reserved_hours, ics_uid, booked_by, additional_notes,
         updated_at)
       VALUES ($1, 'Sam Lee', $2, 'UCAT', 60, $3, $4, $5, 'Dr Erase', $6, $7, $8, $9, $10, 'student',
         'I am Sam, call me on 07700 900123', now())`,
      [
        id,
        values.email,
        new Date(values.start).toISOString(),
        new Date(values.start + HOUR).toISOString(),
        values.status,
        tutorId,
        values.packageId ?? null,
        values.userId,
        values.packageId && ['pending', 'confirmed'].includes(values.status) ? 1 : 0,
        `${id}@bookings.medpath`,
      ],
    );

  beforeAll(async () => {
    service = await startTutoring('tutoring_privacy_erasure');
    nc = await connect({ servers: service.nats.url });
    const [tutor] = await sql<{ id: number }>(
      service.db.url,
      `INSERT INTO tutors (name, specialty, calendar_link, login_email, user_id, updated_at)
       VALUES ('Dr Erase', 'UCAT', 'https://cal.example/e', 'erase.tutor@medpath.test', $1, now()) RETURNING id`,
      [actors.tutor.userId],
    );
    tutorId = tutor!.id;
    packageId = await insertPackage(service.db.url, { userId: STUDENT, totalHours: 5, usedHours: 1 });
    // The upcoming and the begun session each hold an hour.
    // The buyer's address retention keeps (issue 26) is set as payment_succeeded sets it.
    await sql(service.db.url, 'UPDATE user_sessions SET reserved_hours = 2, buyer_email_key = $2 WHERE id = $1', [
      packageId,
      EMAIL,
    ]);
    const now = Date.now();
    await insertBooking(bookingIds.upcoming, {
      start: now + 2 * HOUR,
      status: 'confirmed',
      userId: STUDENT,
      email: EMAIL,
      packageId,
    });
    await insertBooking(bookingIds.begun, {
      start: now - 0.5 * HOUR,
      status: 'confirmed',
      userId: STUDENT,
      email: EMAIL,
      packageId,
    });
    await insertBooking(bookingIds.done, {
      start: now - 48 * HOUR,
      status: 'completed',
      userId: STUDENT,
      email: EMAIL,
      packageId,
    });
    // A free trial booked before the account existed: found by its address only.
    await insertBooking(bookingIds.trial, {
      start: now + 30 * HOUR,
      status: 'pending',
      userId: null,
      email: 'Sam.Lee@Example.com',
    });
    await insertBooking(bookingIds.someoneElse, {
      start: now + 3 * HOUR,
      status: 'confirmed',
      userId: actors.studentB.userId,
      email: 'ben@example.com',
    });
    await sql(
      service.db.url,
      `INSERT INTO hours_ledger (session_id, kind, delta, used_hours_after, total_hours_after, reason, actor_user_id, actor_role, actor_name)
       VALUES ($1, 'usage', 1, 1, 5, 'Delivered session', $2, 'student', 'Sam Lee')`,
      [packageId, STUDENT],
    );
    for (const [email, key] of [
      ['Sam.Lee@example.com', 'sam.lee@example.com'],
      [EMAIL, EMAIL],
      ['ben@example.com', 'ben@example.com'],
    ]) {
      await sql(
        service.db.url,
        `INSERT INTO consultations (first_name, last_name, email, phone, subject_interest, email_key, phone_key)
         VALUES ('Sam', 'Lee', $1, '07700 900123', 'UCAT', $2, '07700900123')`,
        [email, key],
      );
    }
    await sql(service.db.url, 'INSERT INTO acknowledgements (address_hash, sent_at) VALUES ($1, now()), ($2, now())', [
      createHash('sha256').update(EMAIL).digest('hex'),
      createHash('sha256').update('ben@example.com').digest('hex'),
    ]);
    await sql(
      service.db.url,
      "INSERT INTO calendar_feeds (user_id, role, token_hash, created_at) VALUES ($1, 'student', 'abc', now()), ($2, 'student', 'def', now())",
      [STUDENT, actors.studentB.userId],
    );
    await sql(
      service.db.url,
      `INSERT INTO outbound_emails (id, to_address, subject, text, html, next_attempt_at)
       VALUES (gen_random_uuid(), 'SAM.LEE@example.com', 'Reminder: UCAT', 't', 'h', now() + interval '1 day'),
              (gen_random_uuid(), 'ben@example.com', 'Reminder: UCAT', 't', 'h', now() + interval '1 day')`,
    );
    await sql(
      service.db.url,
      "INSERT INTO student_names (user_id, name, version, updated_at) VALUES ($1, 'Sam Lee', 1, now())",
      [STUDENT],
    );
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  const bookings = async () =>
    Object.fromEntries(
      (
        await sql<{
          id: string;
          student_name: string;
          student_email: string;
          additional_notes: string | null;
          status: string;
          cancelled_by: string | null;
          hours_outcome: string | null;
        }>(
          service.db.url,
          'SELECT id, student_name, student_email, additional_notes, status, cancelled_by, hours_outcome FROM bookings',
        )
      ).map(({ id, ...row }) => [Object.entries(bookingIds).find(([, value]) => value === id)![0], row]),
    );

  it('anonymises the bookings, cancels the upcoming ones with their hours returned and tells the tutor', async () => {
    await erase();
    const anonymous = { student_name: ErasedStudentName, student_email: '', additional_notes: null };
    expect(await bookings()).toEqual({
      upcoming: { ...anonymous, status: 'cancelled', cancelled_by: 'student', hours_outcome: 'returned' },
      // Begun: the tutor still settles it (delivered or missed); ended ones keep their outcome.
      begun: { ...anonymous, status: 'confirmed', cancelled_by: null, hours_outcome: null },
      done: { ...anonymous, status: 'completed', cancelled_by: null, hours_outcome: null },
      trial: { ...anonymous, status: 'cancelled', cancelled_by: 'student', hours_outcome: 'returned' },
      someoneElse: {
        student_name: 'Sam Lee',
        student_email: 'ben@example.com',
        additional_notes: 'I am Sam, call me on 07700 900123',
        status: 'confirmed',
        cancelled_by: null,
        hours_outcome: null,
      },
    });
    // The package stays for the accounts: the upcoming session's hour is back, the begun one's still held.
    expect(
      await sql(
        service.db.url,
        `SELECT user_id, total_hours::float AS total, used_hours::float AS used, reserved_hours::float AS reserved,
                buyer_email_key FROM user_sessions`,
      ),
    ).toEqual([{ user_id: STUDENT, total: 5, used: 1, reserved: 1, buyer_email_key: null }]);
    expect(await sql(service.db.url, 'SELECT actor_name FROM hours_ledger')).toEqual([{ actor_name: null }]);
    // The tutor's calendar loses both sessions: one cancellation each, naming no one.
    const mails = await sql<{ to_address: string; subject: string }>(
      service.db.url,
      "SELECT to_address, subject FROM outbound_emails WHERE to_address <> 'ben@example.com' ORDER BY subject",
    );
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.to_address).toBe('erase.tutor@medpath.test');
      expect(mail.subject).not.toContain('Sam');
    }
  });

  it('deletes the requests, their acknowledgement marker, the feed and queued emails; the name becomes a tombstone', async () => {
    expect(await sql(service.db.url, 'SELECT email_key FROM consultations')).toEqual([
      { email_key: 'ben@example.com' },
    ]);
    expect(await sql(service.db.url, 'SELECT count(*)::int AS n FROM acknowledgements')).toEqual([{ n: 1 }]);
    expect(await sql(service.db.url, 'SELECT user_id FROM calendar_feeds')).toEqual([
      { user_id: actors.studentB.userId },
    ]);
    expect(
      await sql(service.db.url, "SELECT 1 FROM outbound_emails WHERE lower(to_address) = 'sam.lee@example.com'"),
    ).toEqual([]);
    expect(await sql(service.db.url, 'SELECT name FROM student_names WHERE user_id = $1', [STUDENT])).toEqual([
      { name: ErasedStudentName },
    ]);
    // A name event arriving late (a redelivery from before the erasure) cannot bring the name back.
    const late = await publish(EventTypes.studentNameChanged, { userId: STUDENT, name: 'Sam Lee', version: 2 });
    await eventually(() => processed(TUTORING_STUDENT_NAME_CONSUMER, late), 10_000, 'late name');
    expect(await sql(service.db.url, 'SELECT name FROM student_names WHERE user_id = $1', [STUDENT])).toEqual([
      { name: ErasedStudentName },
    ]);
  });

  it('changes nothing on a redelivery, and nothing more than the new requests on a second event', async () => {
    const before = await bookings();
    const mails = await sql(service.db.url, 'SELECT count(*)::int AS n FROM outbound_emails');
    const first = await erase();
    // A request made since, then the same event id again: the inbox makes the redelivery a no-op.
    await sql(
      service.db.url,
      `INSERT INTO consultations (first_name, last_name, email, phone, subject_interest, email_key, phone_key)
       VALUES ('Sam', 'Lee', $1, '07700 900123', 'UCAT', $1, '07700900123')`,
      [EMAIL],
    );
    await publish(EventTypes.userErased, erased, first);
    const marker = await publish(EventTypes.userErased, {
      userId: 999,
      email: 'nobody@example.com',
      erasedAt: erased.erasedAt,
    });
    await eventually(() => processed(TUTORING_USER_ERASED_CONSUMER, marker), 10_000, 'marker');
    expect(
      await sql(service.db.url, 'SELECT count(*)::int AS n FROM consultations WHERE email_key = $1', [EMAIL]),
    ).toEqual([{ n: 1 }]);
    // A distinct event for the same person (an admin's repeat) erases the new request and nothing else.
    await erase();
    expect(await bookings()).toEqual(before);
    expect(await sql(service.db.url, 'SELECT count(*)::int AS n FROM outbound_emails')).toEqual(mails);
    expect(await sql(service.db.url, 'SELECT email_key FROM consultations ORDER BY id')).toEqual([
      { email_key: 'ben@example.com' },
    ]);
  });
});
