import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CalendarFeedMessages, ErrorCodes, Packages } from '@medtutor/contracts';
import { type ServiceProcess, sql, startTestNats, type TestDatabase, type TestNats } from '@medtutor/nest-kit/testing';
import ICAL from 'ical.js';
import { serviceDatabase, startBuiltService } from './support/real-services.js';
import { allWeek, bookingCallers, type Caller, DAY, iso, onGrid } from './support/booking-callers.js';
import { type GatewayUnderTest, sessionCookieFrom, startGatewayOn } from './support/test-gateway.js';

/**
 * Issue 25's calendars through the HTTP API, against the real identity and tutoring services (their
 * builds): the private feed parsed with ical.js as a calendar app would read it, after booking,
 * moving and cancelling; its token's lifecycle; and the booking emails with their .ics files, read
 * from the mail-outbox folder.
 */
const BASE_URL = 'https://medpath.test';

let nats: TestNats;
let databases: { identity: TestDatabase; tutoring: TestDatabase };
let services: ServiceProcess[] = [];
let gateway: GatewayUnderTest;
let server: Server;
let mailDir: string;
const { call, registered } = bookingCallers(
  () => server,
  () => databases.identity,
  { ipPrefix: '203.0', emailPrefix: 'cal' },
);

/** The feed as a calendar app fetches it: no cookie, only the URL. */
const fetchFeed = (url: string) => call('get', new URL(url).pathname);
const eventsOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
const eventWithUid = (text: string, uid: string) =>
  eventsOf(text).find((event) => event.getFirstPropertyValue('uid') === uid);
const utcStart = (event: ICAL.Component) => {
  const time = event.getFirstPropertyValue('dtstart') as ICAL.Time;
  expect(time.zone).toBe(ICAL.Timezone.utcTimezone);
  return time.toJSDate().toISOString();
};

interface SentMail {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}
const mails = async (): Promise<SentMail[]> => {
  const names = (await readdir(mailDir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(mailDir, name), 'utf8')) as SentMail));
};
/** Emails are sent by the relay after the commit: wait until `count` match. */
const mailsMatching = async (predicate: (mail: SentMail) => boolean, count: number): Promise<SentMail[]> => {
  for (let waited = 0; waited < 10_000; waited += 100) {
    const found = (await mails()).filter(predicate);
    if (found.length >= count) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`expected ${count} emails`);
};

let tutor: Caller;
let tutorId: number;
let studentA: Caller;
let studentB: Caller;

const newPackage = async (userId: number) => {
  const [row] = await sql<{ id: number }>(
    databases.tutoring,
    `INSERT INTO user_sessions (user_id, subject, package_name, total_hours, original_hours, purchase_date, primary_tutor_id,
       assigned_tutor, tutor_calendar_link, updated_at)
     VALUES ($1, 'UCAT', $2, 5, 5, now() - interval '3 days', $3, 'Dr Feed', 'https://cal.example/f', now())
     RETURNING id`,
    [userId, Packages.package5.name, tutorId],
  );
  return row!.id;
};

beforeAll(async () => {
  nats = await startTestNats();
  mailDir = await mkdtemp(join(tmpdir(), 'gw-calendar-mail-'));
  databases = {
    identity: await serviceDatabase('identity', 'gw_cal_identity'),
    tutoring: await serviceDatabase('tutoring', 'gw_cal_tutoring'),
  };
  const common = { MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>', MAIL_OUTBOX_DIR: mailDir };
  services = await Promise.all([
    startBuiltService('identity', nats.url, {
      ...common,
      IDENTITY_DATABASE_URL: databases.identity.url,
      PUBLIC_BASE_URL: BASE_URL,
      SEED_ADMIN_EMAIL: 'admin@calendar-feed.test',
      SEED_ADMIN_PASSWORD: 'admin-pass-1',
    }),
    startBuiltService('tutoring', nats.url, {
      ...common,
      TUTORING_DATABASE_URL: databases.tutoring.url,
      SUPPORT_EMAIL: 'support@medpath.test',
      PUBLIC_BASE_URL: BASE_URL,
    }),
  ]);
  gateway = await startGatewayOn(nats.url, { env: { TRUST_PROXY: 'true', RPC_TIMEOUT_MS: '5000' } });
  server = gateway.app.getHttpServer();

  tutor = await registered({ firstName: 'Tara', role: 'tutor' });
  studentA = await registered({ firstName: 'Sam' });
  studentB = await registered({ firstName: 'Bea' });
  const [row] = await sql<{ id: number }>(
    databases.tutoring,
    `INSERT INTO tutors (name, specialty, calendar_link, meeting_link, user_id, login_email, updated_at)
     VALUES ('Dr Feed', 'UCAT', 'https://cal.example/f', 'https://meet.example/f', $1, 'dr.feed@medpath.test', now())
     RETURNING id`,
    [tutor.user.id],
  );
  tutorId = row!.id;
  expect((await call('put', '/api/tutor/availability', tutor.cookie, allWeek)).status).toBe(200);
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(services.map((service) => service.stop()));
  services = [];
  await nats?.stop();
  await Promise.all(Object.values(databases ?? {}).map((db) => db.drop()));
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
}, 30_000);

describe('private calendar feed', () => {
  let feedA: string;
  let tutorFeed: string;
  let bookingId: string;
  let uid: string;

  it('is off until made; making it returns the URL once, and the feed answers text/calendar, privately cacheable', async () => {
    expect((await call('get', '/api/me/calendar-feed', studentA.cookie)).body).toEqual({
      active: false,
      createdAt: null,
      url: null,
    });
    const made = await call('post', '/api/me/calendar-feed/rotate', studentA.cookie);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ active: true, createdAt: expect.any(String) });
    expect(made.body.url).toMatch(/^https:\/\/medpath\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    feedA = made.body.url as string;
    const status = await call('get', '/api/me/calendar-feed', studentA.cookie);
    expect(status.body).toEqual({ active: true, createdAt: made.body.createdAt, url: null });

    const feed = await fetchFeed(feedA);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(eventsOf(feed.text)).toEqual([]);

    tutorFeed = (await call('post', '/api/me/calendar-feed/rotate', tutor.cookie)).body.url as string;
    expect(tutorFeed).not.toBe(feedA);
  });

  it("shows a new booking on the student's and the tutor's feed: stable UID, SEQUENCE 0, DTSTART in UTC", async () => {
    const start = onGrid(Date.now() + 3 * DAY);
    const packageId = await newPackage(studentA.user.id);
    const booked = await call('post', '/api/bookings', studentA.cookie, {
      sessionId: packageId,
      start: iso(start),
      durationHours: 1,
      additionalNotes: 'Please focus on syllogisms',
    });
    expect(booked.status).toBe(201);
    bookingId = booked.body.id as string;
    uid = booked.body.icsUid as string;

    const event = eventWithUid((await fetchFeed(feedA)).text, uid)!;
    expect(event.getFirstPropertyValue('sequence')).toBe(0);
    expect(utcStart(event)).toBe(iso(start));
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.getFirstPropertyValue('summary')).toBe('UCAT tutoring session with Dr Feed');
    expect(event.getFirstPropertyValue('description')).not.toContain('syllogisms');

    const tutorSide = eventWithUid((await fetchFeed(tutorFeed)).text, uid)!;
    expect(tutorSide.getFirstPropertyValue('summary')).toBe('UCAT tutoring session with Sam Lee');
    expect(tutorSide.getFirstPropertyValue('description')).toContain('Please focus on syllogisms');
  });

  it('emails the student and the tutor a confirmation with an invitation (.ics) that parses', async () => {
    const [toStudent] = await mailsMatching((mail) => mail.to === studentA.user.email, 1);
    expect(toStudent!.subject).toMatch(
      /^Booked: UCAT tutoring session with Dr Feed, \w+day \d+ \w+ \d{4}, \d\d:\d\d \(UK time\)$/,
    );
    expect(toStudent!.text).toContain('https://meet.example/f');
    expect(toStudent!.text).toContain(`${BASE_URL}/my-tutoring`);
    expect(toStudent!.text).not.toContain('syllogisms');
    const [invite] = toStudent!.attachments;
    expect(invite).toMatchObject({ filename: 'session.ics', contentType: 'text/calendar; method=REQUEST' });
    const calendar = new ICAL.Component(ICAL.parse(invite!.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('uid')).toBe(uid);

    const [toTutor] = await mailsMatching((mail) => mail.to === 'dr.feed@medpath.test', 1);
    expect(toTutor!.subject).toMatch(/^New booking: UCAT tutoring session with Sam Lee,/);
    expect(toTutor!.text).toContain('Notes from the student:\nPlease focus on syllogisms');
  });

  it('keeps the UID and raises SEQUENCE when the booking moves, and mails the change', async () => {
    const newStart = onGrid(Date.now() + 5 * DAY);
    const moved = await call('post', `/api/bookings/${bookingId}/reschedule`, studentA.cookie, {
      start: iso(newStart),
    });
    expect(moved.status).toBe(200);

    const event = eventWithUid((await fetchFeed(feedA)).text, uid)!;
    expect(event.getFirstPropertyValue('sequence')).toBe(1);
    expect(utcStart(event)).toBe(iso(newStart));
    const [change] = await mailsMatching(
      (mail) => mail.to === studentA.user.email && mail.subject.startsWith('Moved:'),
      1,
    );
    const invite = new ICAL.Component(ICAL.parse(change!.attachments[0]!.content));
    expect(invite.getFirstSubcomponent('vevent')!.getFirstPropertyValue('sequence')).toBe(1);
  });

  it('keeps a cancelled booking with STATUS:CANCELLED, so subscribed calendars drop it, and mails METHOD:CANCEL', async () => {
    expect((await call('post', `/api/bookings/${bookingId}/cancel`, studentA.cookie)).status).toBe(200);

    for (const feed of [feedA, tutorFeed]) {
      const event = eventWithUid((await fetchFeed(feed)).text, uid)!;
      expect(event.getFirstPropertyValue('status')).toBe('CANCELLED');
      expect(event.getFirstPropertyValue('sequence')).toBe(2);
    }
    const cancellations = await mailsMatching((mail) => mail.subject.startsWith('Cancelled:'), 2);
    expect(cancellations.map((mail) => mail.to).sort()).toEqual(['dr.feed@medpath.test', studentA.user.email].sort());
    for (const mail of cancellations) {
      expect(mail.attachments[0]!.contentType).toBe('text/calendar; method=CANCEL');
      const calendar = new ICAL.Component(ICAL.parse(mail.attachments[0]!.content));
      expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
      expect(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('status')).toBe('CANCELLED');
    }
  });

  it("never shows someone else's bookings", async () => {
    const feedB = (await call('post', '/api/me/calendar-feed/rotate', studentB.cookie)).body.url as string;
    const packageId = await newPackage(studentB.user.id);
    const booked = await call('post', '/api/bookings', studentB.cookie, {
      sessionId: packageId,
      start: iso(onGrid(Date.now() + 6 * DAY)),
      durationHours: 1,
    });
    expect(booked.status).toBe(201);

    const uidsOf = async (feed: string) =>
      eventsOf((await fetchFeed(feed)).text).map((e) => e.getFirstPropertyValue('uid'));
    expect(await uidsOf(feedB)).toEqual([booked.body.icsUid]);
    expect(await uidsOf(feedA)).toEqual([uid]);
    expect((await uidsOf(tutorFeed)).sort()).toEqual([uid, booked.body.icsUid].sort());
  });

  it('stops the old URL when rotated and any URL when turned off, with one 404 for unknown, revoked and malformed', async () => {
    const rotated = (await call('post', '/api/me/calendar-feed/rotate', studentA.cookie)).body.url as string;
    const old = await fetchFeed(feedA);
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject({ code: ErrorCodes.notFound, message: CalendarFeedMessages.notFound });
    expect((await fetchFeed(rotated)).status).toBe(200);

    const off = await call('delete', '/api/me/calendar-feed', studentA.cookie);
    expect(off.body).toEqual({ active: false, createdAt: null, url: null });
    const revoked = await fetchFeed(rotated);
    const unknown = await call('get', `/api/calendar/${'x'.repeat(43)}.ics`);
    const malformed = await call('get', '/api/calendar/short.ics');
    for (const answer of [revoked, unknown, malformed]) {
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(ErrorCodes.notFound);
    }
    expect(unknown.body.message).toBe(revoked.body.message);
  });

  it("stops a deactivated tutor's feed", async () => {
    expect((await fetchFeed(tutorFeed)).status).toBe(200);
    await sql(databases.tutoring, 'UPDATE tutors SET active = false WHERE id = $1', [tutorId]);
    try {
      expect((await fetchFeed(tutorFeed)).status).toBe(404);
    } finally {
      await sql(databases.tutoring, 'UPDATE tutors SET active = true WHERE id = $1', [tutorId]);
    }
  });

  it('is for students and tutors: visitors get 401, admins 403', async () => {
    expect((await call('get', '/api/me/calendar-feed')).status).toBe(401);
    const login = await call('post', '/api/login', undefined, {
      email: 'admin@calendar-feed.test',
      password: 'admin-pass-1',
    });
    const admin = sessionCookieFrom(login) as string;
    expect((await call('post', '/api/me/calendar-feed/rotate', admin)).status).toBe(403);
  });
});
