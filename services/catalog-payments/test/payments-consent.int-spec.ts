import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  type Actor,
  ConsentMessages,
  ErrorCodes,
  EventTypes,
  eventSubject,
  PlatformConsumers,
  RpcErrorSchema,
  type StudentConsentChangedV1,
  Subjects,
} from '@medtutor/contracts';
import { newEvent } from '@medtutor/nest-kit';
import { eventually, signedRequest } from '@medtutor/nest-kit/testing';
import { firstValueFrom, timeout } from 'rxjs';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { UNKNOWN_STUDENT_WAIT_MS } from '../src/modules/student-consents/payment-eligibility.js';
import { PaymentsHarness, startPaymentsService } from './support/payments-harness.js';

jest.setTimeout(60_000);

/**
 * Issue 26 in catalog-payments: a student's standing for payments comes from identity's
 * student_consent_changed events (real JetStream, the service's own read model), and a payment
 * intent is refused unless the student is adult or has a guardian's consent.
 */
let harness: PaymentsHarness;
let nc: NatsConnection;
let nextUser = 7000;
const newStudent = (): Actor => ({ userId: ++nextUser, role: 'student' });
const intentBody = { subject: 'Medical School Support', packageType: 'package5' };

/** Published as identity's relay would; answers once the consumer has recorded it in its inbox. */
async function announce(data: StudentConsentChangedV1): Promise<void> {
  const envelope = newEvent(EventTypes.studentConsentChanged, 1, data, 'consent-test');
  await jetstream(nc).publish(eventSubject(EventTypes.studentConsentChanged), JSON.stringify(envelope), {
    msgID: envelope.id,
  });
  await eventually(
    async () =>
      (await harness.row('SELECT 1 FROM inbox_events WHERE consumer = $1 AND event_id = $2', [
        PlatformConsumers.paymentsStudentConsentChanged.durable,
        envelope.id,
      ])) !== undefined,
    10_000,
    `consent event ${envelope.id}`,
  );
}

const stateOf = async (userId: number) =>
  (await harness.row<{ state: string; version: number }>(
    'SELECT state, version FROM student_consents WHERE user_id = $1',
    [userId],
  )) ?? null;

/** A refused payment intent (the state came from an event first, so the harness's adult default adds nothing). */
const refusal = (actor: Actor) => harness.callError(Subjects.catalogPayments.createPaymentIntent, intentBody, actor);

beforeAll(async () => {
  harness = await startPaymentsService('payments_consent', {});
  nc = await connect({ servers: harness.service.nats.url });
});

afterAll(async () => {
  await nc?.close();
  await harness?.stop();
});

describe('student_consent_changed in catalog-payments', () => {
  it('refuses a student awaiting consent and one without a date of birth, each with its message', async () => {
    const minor = newStudent();
    await announce({ userId: minor.userId, state: 'awaiting_consent', version: 1 });
    expect(await refusal(minor)).toEqual({
      code: ErrorCodes.guardianConsentRequired,
      message: ConsentMessages.paymentNeedsConsent,
    });
    const unknownAge = newStudent();
    await announce({ userId: unknownAge.userId, state: 'date_of_birth_missing', version: 1 });
    expect(await refusal(unknownAge)).toEqual({
      code: ErrorCodes.dateOfBirthRequired,
      message: ConsentMessages.paymentNeedsDateOfBirth,
    });
    expect(
      await harness.row('SELECT 1 FROM payments WHERE user_id = ANY($1)', [[minor.userId, unknownAge.userId]]),
    ).toBe(undefined);
  });

  it('keeps the highest version whatever the order, and a redelivery changes nothing', async () => {
    const student = newStudent();
    await announce({ userId: student.userId, state: 'consent_given', version: 2 });
    await announce({ userId: student.userId, state: 'awaiting_consent', version: 1 });
    expect(await stateOf(student.userId)).toEqual({ state: 'consent_given', version: 2 });
    const intent = await harness.call(Subjects.catalogPayments.createPaymentIntent, intentBody, student);
    expect(intent).toMatchObject({ packageType: 'package5' });
  });

  it('waits a moment for a student it has not heard of, then asks to try again', async () => {
    const stranger = newStudent();
    // Sent past the harness, whose default would record the student as an adult.
    const request = await signedRequest(Subjects.catalogPayments.createPaymentIntent, intentBody, stranger, 'consent');
    const started = Date.now();
    const failure = await firstValueFrom(
      harness.service.client.send(Subjects.catalogPayments.createPaymentIntent, request).pipe(timeout(20_000)),
    ).then(
      () => null,
      (error: unknown) => RpcErrorSchema.parse(error),
    );
    expect(failure).toEqual({ code: ErrorCodes.accountNotReady, message: ConsentMessages.accountNotReady });
    expect(Date.now() - started).toBeGreaterThanOrEqual(UNKNOWN_STUDENT_WAIT_MS);
  });

  it('lets admins buy without a state (they are not students)', async () => {
    const intent = await harness.call(Subjects.catalogPayments.createPaymentIntent, intentBody, {
      userId: ++nextUser,
      role: 'admin',
    });
    expect(intent).toMatchObject({ packageType: 'package5' });
  });
});
