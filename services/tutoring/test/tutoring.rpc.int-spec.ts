import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ErrorCodes,
  EventTypes,
  HoursLedgerEntryDtoSchema,
  HoursUsedV1Schema,
  FreeTrialRequestedV1Schema,
  PublicTutorDtoSchema,
  PackageDtoSchema,
  Subjects,
  TutorDirectoryMessages,
  TutorDtoSchema,
  TutorStatusChangeReplySchema,
  TutoringMessages,
  TutorStudentPackageDtoSchema,
  ValidationMessages,
} from '@medtutor/contracts';
import { z } from 'zod';
import { TutorsService } from '../src/modules/tutors/tutors.service.js';
import { actors, insertPackage, rpc, startTutoring, TEAM_EMAIL } from './support/harness.js';
import { eventually, sql } from '@medtutor/nest-kit/testing';

type Service = Awaited<ReturnType<typeof startTutoring>>;

const calendar = 'https://calendly.com/medpath/tutor';

describe('tutoring RPCs over NATS (real PostgreSQL)', () => {
  let service: Service;
  let call: ReturnType<typeof rpc>['call'];
  let fail: ReturnType<typeof rpc>['fail'];

  const outbox = (type: string) =>
    sql<{ payload: { data: unknown } }>(service.db.url, 'SELECT payload FROM outbox_events WHERE type = $1', [type]);
  const emailsTo = async (to: string) => {
    const files = await readdir(service.mailDir);
    const emails = await Promise.all(
      files
        .filter((file) => file.endsWith('.json'))
        .map(async (file) => JSON.parse(await readFile(join(service.mailDir, file), 'utf8')) as Record<string, string>),
    );
    return emails.filter((email) => email.to === to);
  };

  beforeAll(async () => {
    service = await startTutoring('tutoring_rpc');
    ({ call, fail } = rpc(service));
  }, 60_000);

  afterAll(() => service.stop());

  describe('tutor directory', () => {
    it('seeds the two built-in tutors once, with local calendar links outside production', async () => {
      const tutors = z.array(TutorDtoSchema).parse(await call(Subjects.tutoring.listTutors, {}, actors.admin));
      expect(tutors.map((tutor) => tutor.specialty)).toEqual([
        'Interviews & Medical School Support',
        'UCAT & Interviews',
      ]);
      expect(tutors.every((tutor) => tutor.qualifications.startsWith('5th-year medical student'))).toBe(true);
      expect(tutors.every((tutor) => tutor.calendarLink.startsWith('http'))).toBe(true);
      // A second start (another replica) adds nothing.
      await service.app.get(TutorsService).onApplicationBootstrap();
      expect(await sql(service.db.url, 'SELECT id FROM tutors')).toHaveLength(2);
    });

    it('lets only admins list, create, update, deactivate and link tutors', async () => {
      const body = {
        name: 'Priya Shah',
        specialty: 'Medical School Exams',
        qualifications: '6th-year medical student\nAnatomy demonstrator',
        photoUrl: 'https://cdn.example.com/priya.jpg',
        calendarLink: calendar,
        subjects: ['Medical School Exams'],
      };
      for (const [actor, code] of [
        [null, ErrorCodes.unauthenticated],
        [actors.studentA, ErrorCodes.forbidden],
        [actors.tutor, ErrorCodes.forbidden],
      ] as const) {
        expect((await fail(Subjects.tutoring.listTutors, {}, actor)).code).toBe(code);
        expect((await fail(Subjects.tutoring.createTutor, body, actor)).code).toBe(code);
      }
      const created = TutorDtoSchema.parse(await call(Subjects.tutoring.createTutor, body, actors.admin));
      expect(created).toMatchObject({ ...body, active: true, userId: null });

      const updated = TutorDtoSchema.parse(
        await call(Subjects.tutoring.updateTutor, { tutorId: created.id, specialty: 'Finals' }, actors.admin),
      );
      expect(updated.specialty).toBe('Finals');
      expect((await fail(Subjects.tutoring.updateTutor, { tutorId: 9999, name: 'X' }, actors.admin)).message).toBe(
        TutorDirectoryMessages.tutorNotFound,
      );
      expect(
        (await fail(Subjects.tutoring.createTutor, { ...body, calendarLink: 'not a url' }, actors.admin)).message,
      ).toBe(ValidationMessages.urlInvalid);

      const deactivated = TutorStatusChangeReplySchema.parse(
        await call(Subjects.tutoring.deactivateTutor, { tutorId: created.id }, actors.admin),
      );
      expect(deactivated.tutor.active).toBe(false);
      const publicTutors = z
        .array(PublicTutorDtoSchema)
        .parse(await call(Subjects.tutoring.listPublicTutors, {}, null));
      expect(publicTutors.map((tutor) => tutor.id)).not.toContain(created.id);
      // The public list never carries calendar links.
      expect(publicTutors.every((tutor) => !('calendarLink' in tutor))).toBe(true);
      const raw = (await call(Subjects.tutoring.listPublicTutors, {}, null)) as Array<Record<string, unknown>>;
      expect(raw.some((tutor) => 'calendarLink' in tutor || 'userId' in tutor)).toBe(false);
    });
  });

  describe('packages of hours', () => {
    let packageA: number;
    let bigPackage: number;
    let packageB: number;

    beforeEach(async () => {
      await sql(service.db.url, 'TRUNCATE user_sessions, hours_ledger, outbox_events RESTART IDENTITY CASCADE');
      packageA = await insertPackage(service.db.url, { userId: actors.studentA.userId, totalHours: 5 });
      bigPackage = await insertPackage(service.db.url, { userId: actors.studentA.userId, totalHours: 10 });
      packageB = await insertPackage(service.db.url, { userId: actors.studentB.userId, totalHours: 1 });
    });

    it('lists a student their own packages only, newest first; visitors are refused', async () => {
      const mine = z.array(PackageDtoSchema).parse(await call(Subjects.tutoring.listMySessions, {}, actors.studentA));
      expect(mine.map((row) => row.id)).toEqual([bigPackage, packageA]);
      expect(mine[0]).toMatchObject({
        totalHours: 10,
        usedHours: 0,
        examDate: null,
        hasDualTutors: false,
        originalHours: 10,
        overdrawnHours: 0,
        frozenReason: null,
      });
      expect((await fail(Subjects.tutoring.listMySessions, {}, null)).code).toBe(ErrorCodes.unauthenticated);
    });

    it('answers sessions for users to admins only', async () => {
      const reply = (await call(
        Subjects.tutoring.sessionsForUsers,
        { userIds: [actors.studentA.userId, actors.studentB.userId, 99] },
        actors.admin,
      )) as Record<string, Array<{ id: number }>>;
      expect(reply[String(actors.studentA.userId)]!.map((row) => row.id)).toEqual([bigPackage, packageA]);
      expect(reply[String(actors.studentB.userId)]!.map((row) => row.id)).toEqual([packageB]);
      expect(reply['99']).toEqual([]);
      expect((await fail(Subjects.tutoring.sessionsForUsers, { userIds: [10] }, actors.studentA)).code).toBe(
        ErrorCodes.forbidden,
      );
    });

    it('sets exam dates: the owner or an admin; another student gets not found', async () => {
      const own = PackageDtoSchema.parse(
        await call(Subjects.tutoring.setExamDate, { sessionId: packageA, examDate: '2027-03-15' }, actors.studentA),
      );
      expect(own.examDate).toBe('2027-03-15');
      const other = await fail(
        Subjects.tutoring.setExamDate,
        { sessionId: packageA, examDate: '2027-03-16' },
        actors.studentB,
      );
      expect(other).toMatchObject({ code: ErrorCodes.notFound, message: TutoringMessages.packageNotFound });
      const byAdmin = PackageDtoSchema.parse(
        await call(Subjects.tutoring.setExamDate, { sessionId: packageA, examDate: '2027-04-01' }, actors.admin),
      );
      expect(byAdmin.examDate).toBe('2027-04-01');
      expect(
        (await fail(Subjects.tutoring.setExamDate, { sessionId: packageA, examDate: '2027-02-30' }, actors.admin))
          .message,
      ).toBe(TutoringMessages.examDateInvalid);
    });

    it('updates used hours in 0.5 steps within 0..total, records the ledger and announces increases', async () => {
      const set = (usedHours: unknown, actor = actors.admin) =>
        call(
          Subjects.tutoring.setUsage,
          { sessionId: packageA, usedHours, reason: 'Mock interview', actorName: 'Admin' },
          actor,
        );

      expect(PackageDtoSchema.parse(await set(1.5)).usedHours).toBe(1.5);
      expect(PackageDtoSchema.parse(await set(1)).usedHours).toBe(1);
      for (const wrong of [5.5, -0.5]) {
        const failure = await fail(Subjects.tutoring.setUsage, { sessionId: packageA, usedHours: wrong }, actors.admin);
        expect(failure.code).toBe(ErrorCodes.validationFailed);
        if (wrong > 0) expect(failure.message).toBe(ValidationMessages.hoursRange(5));
      }
      expect((await fail(Subjects.tutoring.setUsage, { sessionId: packageA, usedHours: 1.2 }, actors.admin)).code).toBe(
        ErrorCodes.validationFailed,
      );
      expect(
        (await fail(Subjects.tutoring.setUsage, { sessionId: packageA, usedHours: 2 }, actors.studentA)).code,
      ).toBe(ErrorCodes.forbidden);
      expect((await fail(Subjects.tutoring.setUsage, { sessionId: 9999, usedHours: 2 }, actors.admin)).code).toBe(
        ErrorCodes.notFound,
      );

      const ledger = z
        .array(HoursLedgerEntryDtoSchema)
        .parse(await call(Subjects.tutoring.getLedger, { sessionId: packageA }, actors.studentA));
      expect(
        ledger.map((entry) => [
          entry.kind,
          entry.deltaHours,
          entry.usedHoursAfter,
          entry.totalDeltaHours,
          entry.totalHoursAfter,
          entry.actorRole,
          entry.reason,
        ]),
      ).toEqual([
        ['usage', -0.5, 1, 0, 5, 'admin', 'Mock interview'],
        ['usage', 1.5, 1.5, 0, 5, 'admin', 'Mock interview'],
      ]);
      expect((await fail(Subjects.tutoring.getLedger, { sessionId: packageA }, actors.studentB)).code).toBe(
        ErrorCodes.notFound,
      );
      expect(await call(Subjects.tutoring.getLedger, { sessionId: packageA }, actors.admin)).toHaveLength(2);

      // Only the increase is work to pay for.
      const events = (await outbox(EventTypes.hoursUsed)).map((row) => HoursUsedV1Schema.parse(row.payload.data));
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        sessionId: packageA,
        hours: 1.5,
        usedHoursAfter: 1.5,
        totalHours: 5,
        actorRole: 'admin',
      });
    });

    it('assigns one tutor, and dual tutors only from 10 hours', async () => {
      const single = PackageDtoSchema.parse(
        await call(
          Subjects.tutoring.assignTutor,
          { sessionId: packageA, tutorName: 'Priya', calendarLink: calendar },
          actors.admin,
        ),
      );
      expect(single).toMatchObject({ assignedTutor: 'Priya', tutorCalendarLink: calendar, hasDualTutors: false });
      expect(
        (
          await fail(
            Subjects.tutoring.assignTutor,
            { sessionId: packageA, tutorName: 'Priya', calendarLink: 'calendly' },
            actors.admin,
          )
        ).message,
      ).toBe(ValidationMessages.urlInvalid);
      expect(
        (
          await fail(
            Subjects.tutoring.assignTutor,
            { sessionId: packageA, tutorName: 'Priya', calendarLink: calendar },
            actors.studentA,
          )
        ).code,
      ).toBe(ErrorCodes.forbidden);

      const dual = {
        primaryTutor: 'Priya',
        primaryCalendar: calendar,
        secondaryTutor: 'Sam',
        secondaryCalendar: `${calendar}-2`,
      };
      const refused = await fail(Subjects.tutoring.assignDualTutors, { sessionId: packageA, ...dual }, actors.admin);
      expect(refused).toMatchObject({
        code: ErrorCodes.validationFailed,
        message: TutoringMessages.dualTutorsNeedTenHours,
      });
      const assigned = PackageDtoSchema.parse(
        await call(Subjects.tutoring.assignDualTutors, { sessionId: bigPackage, ...dual }, actors.admin),
      );
      expect(assigned).toMatchObject({
        assignedTutor: 'Priya',
        secondaryTutor: 'Sam',
        secondaryTutorCalendarLink: `${calendar}-2`,
        hasDualTutors: true,
      });
      expect((await fail(Subjects.tutoring.assignDualTutors, { sessionId: 9999, ...dual }, actors.admin)).code).toBe(
        ErrorCodes.notFound,
      );
    });

    it('shows a tutor only the packages assigned to them and deducts delivered sessions through the ledger', async () => {
      const [tutor] = z.array(TutorDtoSchema).parse(await call(Subjects.tutoring.listTutors, {}, actors.admin));
      // Logins are linked by the tutor_invited consumer (test/tutor-invited.int-spec.ts).
      await sql(service.db.url, 'UPDATE tutors SET user_id = $1 WHERE id = $2', [actors.tutor.userId, tutor!.id]);
      // Assigned by directory name, in any case: the package links to the directory entry.
      await call(
        Subjects.tutoring.assignTutor,
        { sessionId: packageA, tutorName: tutor!.name.toUpperCase(), calendarLink: tutor!.calendarLink },
        actors.admin,
      );

      const students = z
        .array(TutorStudentPackageDtoSchema)
        .parse(await call(Subjects.tutoring.listTutorStudents, {}, actors.tutor));
      expect(students.map((row) => [row.id, row.tutorRole])).toEqual([[packageA, 'primary']]);
      expect(await call(Subjects.tutoring.listTutorStudents, {}, actors.otherTutor)).toEqual([]);
      expect((await fail(Subjects.tutoring.listTutorStudents, {}, actors.studentA)).code).toBe(ErrorCodes.forbidden);

      const deliver = (packageId: number, durationHours: number, actor = actors.tutor) =>
        call(
          Subjects.tutoring.recordDeliveredSession,
          { sessionId: packageId, date: '2026-11-21', durationHours, notes: 'MMI stations' },
          actor,
        );
      expect(PackageDtoSchema.parse(await deliver(packageA, 2)).usedHours).toBe(2);
      expect(PackageDtoSchema.parse(await deliver(packageA, 1.5)).usedHours).toBe(3.5);
      const tooMuch = await fail(
        Subjects.tutoring.recordDeliveredSession,
        { sessionId: packageA, date: '2026-11-22', durationHours: 2 },
        actors.tutor,
      );
      expect(tooMuch.message).toBe(TutorDirectoryMessages.notEnoughHours(1.5));
      const badDuration = await fail(
        Subjects.tutoring.recordDeliveredSession,
        { sessionId: packageA, date: '2026-11-22', durationHours: 0.5 },
        actors.tutor,
      );
      expect(badDuration.message).toBe(TutorDirectoryMessages.durationInvalid);
      // Not their student: answered like a missing package.
      expect(
        (
          await fail(
            Subjects.tutoring.recordDeliveredSession,
            { sessionId: packageB, date: '2026-11-21', durationHours: 1 },
            actors.tutor,
          )
        ).code,
      ).toBe(ErrorCodes.notFound);
      expect(
        (
          await fail(
            Subjects.tutoring.recordDeliveredSession,
            { sessionId: packageA, date: '2026-11-21', durationHours: 1 },
            actors.otherTutor,
          )
        ).code,
      ).toBe(ErrorCodes.notFound);

      const ledger = z
        .array(HoursLedgerEntryDtoSchema)
        .parse(await call(Subjects.tutoring.getLedger, { sessionId: packageA }, actors.tutor));
      expect(ledger[0]).toMatchObject({
        kind: 'usage',
        deltaHours: 1.5,
        usedHoursAfter: 3.5,
        totalDeltaHours: 0,
        totalHoursAfter: 5,
        actorRole: 'tutor',
        actorName: tutor!.name,
      });
      expect(ledger[0]!.reason).toBe('Session delivered on 2026-11-21 (1.5 h): MMI stations');

      const events = (await outbox(EventTypes.hoursUsed)).map((row) => HoursUsedV1Schema.parse(row.payload.data));
      expect(
        events.map((event) => [event.hours, event.tutorId, event.tutorName, event.tutorUserId, event.date]),
      ).toEqual([
        [2, tutor!.id, tutor!.name, actors.tutor.userId, '2026-11-21'],
        [1.5, tutor!.id, tutor!.name, actors.tutor.userId, '2026-11-21'],
      ]);
    });

    it('never deducts more than remains when two tutors record at once', async () => {
      const [first, second] = z.array(TutorDtoSchema).parse(await call(Subjects.tutoring.listTutors, {}, actors.admin));
      await sql(service.db.url, 'UPDATE tutors SET user_id = NULL');
      await sql(service.db.url, 'UPDATE tutors SET user_id = $1 WHERE id = $2', [actors.tutor.userId, first!.id]);
      await sql(service.db.url, 'UPDATE tutors SET user_id = $1 WHERE id = $2', [actors.otherTutor.userId, second!.id]);
      const single = await insertPackage(service.db.url, { userId: actors.studentA.userId, totalHours: 2 });
      await sql(
        service.db.url,
        'UPDATE user_sessions SET primary_tutor_id = $1, secondary_tutor_id = $2 WHERE id = $3',
        [first!.id, second!.id, single],
      );
      const results = await Promise.allSettled(
        [actors.tutor, actors.otherTutor].map((actor) =>
          call(
            Subjects.tutoring.recordDeliveredSession,
            { sessionId: single, date: '2026-11-21', durationHours: 1.5 },
            actor,
          ),
        ),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      const [row] = await sql<{ used_hours: string }>(
        service.db.url,
        'SELECT used_hours FROM user_sessions WHERE id = $1',
        [single],
      );
      expect(row!.used_hours).toBe('1.5');
    });
  });

  describe('consultations and free-trial requests', () => {
    const consultation = {
      firstName: 'Maya',
      lastName: 'Patel',
      email: 'Maya.Patel@example.com',
      phone: '07700 900123',
      subjectInterest: 'Medical School Interviews',
      additionalInfo: 'Interview in January',
      isParent: false,
    };
    const freeTrial = {
      ...consultation,
      subjectInterest: 'FREE TRIAL - UCAT',
      additionalInfo: 'This is a free trial session request for UCAT.',
    };

    it('stores a consultation, alerts the team and acknowledges the requester', async () => {
      expect(await call(Subjects.tutoring.submitConsultation, consultation, null)).toEqual({
        message: TutoringMessages.consultationReceived,
      });
      const alert = await eventually(async () => (await emailsTo(TEAM_EMAIL))[0], 15_000, 'the team alert');
      expect(alert.subject).toBe('New consultation request: Maya Patel');
      expect(alert.text).toContain('Phone: 07700 900123');
      const ack = await eventually(async () => (await emailsTo(consultation.email))[0], 15_000, 'the acknowledgement');
      expect(ack.text).toContain('within 24 hours');
      expect(await outbox(EventTypes.freeTrialRequested)).toHaveLength(0);
    });

    it('validates with the home form rules, and the free-trial rules for the FREE TRIAL prefix', async () => {
      expect(
        (await fail(Subjects.tutoring.submitConsultation, { ...consultation, firstName: 'M' }, null)).message,
      ).toBe(ValidationMessages.firstNameMin);
      // The home form accepts no email and a 5-character phone; the free-trial form does not.
      await call(Subjects.tutoring.submitConsultation, { ...consultation, email: '', phone: '12345' }, null);
      expect((await fail(Subjects.tutoring.submitConsultation, { ...freeTrial, email: '' }, null)).message).toBe(
        ValidationMessages.emailInvalid,
      );
      expect((await fail(Subjects.tutoring.submitConsultation, { ...freeTrial, phone: '12345' }, null)).message).toBe(
        ValidationMessages.phoneInvalid,
      );
    });

    it('records a free trial, emits free_trial_requested and answers check-free-trial by email or phone', async () => {
      const check = (email?: string, phone?: string) =>
        call(Subjects.tutoring.checkFreeTrial, { email, phone }, null) as Promise<{ hasUsedFreeTrial: boolean }>;
      expect(await check('maya.patel@example.com', '07700900123')).toEqual({ hasUsedFreeTrial: false });

      expect(await call(Subjects.tutoring.submitConsultation, freeTrial, null)).toEqual({
        message: TutoringMessages.freeTrialReceived,
      });
      const [event] = (await outbox(EventTypes.freeTrialRequested)).map((row) =>
        FreeTrialRequestedV1Schema.parse(row.payload.data),
      );
      expect(event).toMatchObject({
        email: freeTrial.email,
        phone: freeTrial.phone,
        firstName: 'Maya',
        lastName: 'Patel',
      });

      expect(await check('MAYA.PATEL@example.com', '+1 555')).toEqual({ hasUsedFreeTrial: true });
      expect(await check('someone@example.com', '07700-900-123')).toEqual({ hasUsedFreeTrial: true });
      expect(await check('someone@example.com', '01234 567890')).toEqual({ hasUsedFreeTrial: false });
      // Skipped when either is missing.
      expect(await check('maya.patel@example.com', undefined)).toEqual({ hasUsedFreeTrial: false });
      expect(await check(undefined, '07700900123')).toEqual({ hasUsedFreeTrial: false });
    });
  });
});
