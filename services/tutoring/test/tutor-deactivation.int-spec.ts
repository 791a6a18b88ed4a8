import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ErrorCodes,
  HoursLedgerEntryDtoSchema,
  PackageDtoSchema,
  PackagesForUsersReplySchema,
  Subjects,
  TutorDeactivationMessages,
  TutorDtoSchema,
  TutorStatusChangeReplySchema,
  TutorStudentPackageDtoSchema,
} from '@medtutor/contracts';
import { sql, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { z } from 'zod';
import { actors, insertPackage, rpc, startTutoring } from './support/harness.js';

const refusal = { code: ErrorCodes.tutorDeactivated, message: TutorDeactivationMessages.deactivated };

/**
 * Issue 24 inside tutoring, whatever the gateway lets through: a deactivated tutor's login lists no
 * students, logs no delivered session (which would spend a student's hours) and reads no ledger;
 * the admin sees their packages flagged for reassignment; the history stays; reactivation restores it.
 */
describe('a deactivated tutor in tutoring', () => {
  let service: ServiceUnderTest;
  let call: ReturnType<typeof rpc>['call'];
  let fail: ReturnType<typeof rpc>['fail'];
  let tutorId: number;
  let packageId: number;
  let otherPackage: number;

  const delivered = (sessionId = packageId) => ({ sessionId, date: '2027-01-11', durationHours: 1 });
  const adminView = async () => {
    const reply = PackagesForUsersReplySchema.parse(
      await call(Subjects.tutoring.sessionsForUsers, { userIds: [actors.studentA.userId] }, actors.admin),
    );
    return reply[String(actors.studentA.userId)]!.map((pkg) => [pkg.id, pkg.tutorDeactivated]);
  };
  const usedHours = async () =>
    (
      await sql<{ used_hours: string }>(service.db.url, 'SELECT used_hours FROM user_sessions WHERE id = $1', [
        packageId,
      ])
    )[0]!.used_hours;

  beforeAll(async () => {
    service = await startTutoring('tutoring_tutor_deactivation');
    ({ call, fail } = rpc(service));
    const tutor = TutorDtoSchema.parse(
      await call(
        Subjects.tutoring.createTutor,
        { name: 'Dr Dismissed', specialty: 'UCAT', calendarLink: 'https://cal.example/dismissed' },
        actors.admin,
      ),
    );
    tutorId = tutor.id;
    // Logins are linked by the tutor_invited consumer (test/tutor-invited.int-spec.ts).
    await sql(service.db.url, 'UPDATE tutors SET user_id = $1 WHERE id = $2', [actors.tutor.userId, tutorId]);
    packageId = await insertPackage(service.db.url, { userId: actors.studentA.userId, totalHours: 5 });
    otherPackage = await insertPackage(service.db.url, { userId: actors.studentA.userId, totalHours: 5 });
    await call(
      Subjects.tutoring.assignTutor,
      { sessionId: packageId, tutorName: tutor.name, calendarLink: tutor.calendarLink },
      actors.admin,
    );
    PackageDtoSchema.parse(await call(Subjects.tutoring.recordDeliveredSession, delivered(), actors.tutor));
  });

  afterAll(async () => {
    await service?.stop();
  });

  it('works for the tutor while active, and flags nothing', async () => {
    const students = z
      .array(TutorStudentPackageDtoSchema)
      .parse(await call(Subjects.tutoring.listTutorStudents, {}, actors.tutor));
    expect(students.map((row) => row.id)).toEqual([packageId]);
    expect(await adminView()).toEqual([
      [otherPackage, false],
      [packageId, false],
    ]);
  });

  it('deactivates for admins only, answering the change as its event states it', async () => {
    for (const actor of [null, actors.tutor, actors.studentA]) {
      expect([ErrorCodes.unauthenticated, ErrorCodes.forbidden]).toContain(
        (await fail(Subjects.tutoring.deactivateTutor, { tutorId }, actor)).code,
      );
    }
    const reply = TutorStatusChangeReplySchema.parse(
      await call(Subjects.tutoring.deactivateTutor, { tutorId }, actors.admin),
    );
    expect(reply.tutor).toMatchObject({ id: tutorId, active: false, userId: actors.tutor.userId });
    expect(reply.change).toEqual({ tutorId, active: false, userId: actors.tutor.userId, version: expect.any(Number) });
    const [row] = await sql<{ version: number }>(service.db.url, 'SELECT version FROM tutors WHERE id = $1', [tutorId]);
    expect(reply.change.version).toBe(row!.version);
  });

  it("refuses the dismissed tutor's student list, delivered sessions and ledger reads", async () => {
    const before = await usedHours();
    expect(await fail(Subjects.tutoring.listTutorStudents, {}, actors.tutor)).toEqual(refusal);
    expect(await fail(Subjects.tutoring.recordDeliveredSession, delivered(), actors.tutor)).toEqual(refusal);
    expect((await fail(Subjects.tutoring.getLedger, { sessionId: packageId }, actors.tutor)).code).toBe(
      ErrorCodes.notFound,
    );
    expect(await usedHours()).toBe(before);
  });

  it('flags their packages for reassignment and keeps the history for the admin', async () => {
    expect(await adminView()).toEqual([
      [otherPackage, false],
      [packageId, true],
    ]);
    const ledger = z
      .array(HoursLedgerEntryDtoSchema)
      .parse(await call(Subjects.tutoring.getLedger, { sessionId: packageId }, actors.admin));
    expect(ledger.map((entry) => [entry.actorRole, entry.actorName, entry.deltaHours])).toEqual([
      ['tutor', 'Dr Dismissed', 1],
    ]);
  });

  it('restores everything on reactivation (admins only), at a higher version', async () => {
    const { version: deactivatedAt } = (
      await sql<{ version: number }>(service.db.url, 'SELECT version FROM tutors WHERE id = $1', [tutorId])
    )[0]!;
    expect((await fail(Subjects.tutoring.reactivateTutor, { tutorId }, actors.tutor)).code).toBe(ErrorCodes.forbidden);
    expect((await fail(Subjects.tutoring.reactivateTutor, { tutorId: 99_999 }, actors.admin)).code).toBe(
      ErrorCodes.notFound,
    );
    const reply = TutorStatusChangeReplySchema.parse(
      await call(Subjects.tutoring.reactivateTutor, { tutorId }, actors.admin),
    );
    expect(reply.change).toEqual({ tutorId, active: true, userId: actors.tutor.userId, version: deactivatedAt + 1 });
    expect(await adminView()).toEqual([
      [otherPackage, false],
      [packageId, false],
    ]);
    PackageDtoSchema.parse(await call(Subjects.tutoring.recordDeliveredSession, delivered(), actors.tutor));
    expect(await usedHours()).toBe('2.0');
  });
});
