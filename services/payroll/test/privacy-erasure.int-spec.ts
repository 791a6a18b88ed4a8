import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ErasedStudentName, EventTypes, type UserErasedV1 } from '@medtutor/contracts';
import { publishAndAwait, type ServiceUnderTest, sql } from '@medtutor/nest-kit/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { PAYROLL_USER_ERASED_CONSUMER } from '../src/modules/privacy-erasure/user-erased.consumer.js';
import { PAYROLL_STUDENT_NAME_CONSUMER } from '../src/modules/student-names/student-name-changed.consumer.js';
import { startPayrollUnderTest } from './support/harness.js';

const STUDENT = 61;
const OTHER = 62;

/**
 * Issue 26: payroll's part of an erasure. The student's name becomes the "Erased student" tombstone
 * (timesheet lines keep their hours without naming anyone), which no later name event undoes; a
 * second event changes nothing.
 */
describe('identity.user_erased.v1 in payroll', () => {
  let service: ServiceUnderTest;
  let nc: NatsConnection;
  const erased: UserErasedV1 = { userId: STUDENT, email: 'sam.lee@example.com', erasedAt: new Date().toISOString() };
  const handled = (consumer: string, type: string, data: unknown) =>
    publishAndAwait(nc, service.db.url, consumer, type, data);
  const names = () => sql(service.db.url, 'SELECT user_id, name FROM student_names ORDER BY user_id');

  beforeAll(async () => {
    service = await startPayrollUnderTest('payroll_privacy_erasure');
    nc = await connect({ servers: service.nats.url });
    await sql(
      service.db.url,
      "INSERT INTO student_names (user_id, name, version, updated_at) VALUES ($1, 'Sam Lee', 1, now()), ($2, 'Ben Okafor', 1, now())",
      [STUDENT, OTHER],
    );
  });

  afterAll(async () => {
    await nc?.close();
    await service?.stop();
  });

  it("replaces the student's name for good, and only theirs", async () => {
    await handled(PAYROLL_USER_ERASED_CONSUMER, EventTypes.userErased, erased);
    const expected = [
      { user_id: STUDENT, name: ErasedStudentName },
      { user_id: OTHER, name: 'Ben Okafor' },
    ];
    expect(await names()).toEqual(expected);
    await handled(PAYROLL_STUDENT_NAME_CONSUMER, EventTypes.studentNameChanged, {
      userId: STUDENT,
      name: 'Sam Lee',
      version: 5,
    });
    await handled(PAYROLL_USER_ERASED_CONSUMER, EventTypes.userErased, erased);
    expect(await names()).toEqual(expected);
  });

  it('erases a student it never heard the name of, so a late name event cannot add it', async () => {
    const unheard = { ...erased, userId: 63 };
    await handled(PAYROLL_USER_ERASED_CONSUMER, EventTypes.userErased, unheard);
    await handled(PAYROLL_STUDENT_NAME_CONSUMER, EventTypes.studentNameChanged, {
      userId: 63,
      name: 'Chloe Late',
      version: 1,
    });
    expect(await sql(service.db.url, 'SELECT name FROM student_names WHERE user_id = 63')).toEqual([
      { name: ErasedStudentName },
    ]);
  });
});
