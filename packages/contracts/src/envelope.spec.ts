import { describe, expect, it } from '@jest/globals';
import {
  ActorSchema,
  EventEnvelopeSchema,
  HealthReplySchema,
  RoleSchema,
  RpcMetaSchema,
  RpcRequestSchema,
} from './envelope.js';
import { ApiErrorBodySchema, FieldErrorSchema, RpcErrorSchema } from './errors-schemas.js';
import { ErrorCodes, HttpStatusByCode, isErrorCode } from './errors.js';
import {
  deadLetterSubject,
  DeadLetterStream,
  EventStreams,
  EventTypes,
  eventSubject,
  HealthSubjects,
  ServiceNames,
  Subjects,
} from './subjects.js';

describe('RPC envelope', () => {
  it('carries the caller and a correlation id of 1 to 128 characters', () => {
    const meta = { correlationId: 'req-1', actor: { userId: 7, role: 'tutor' }, actorAssertion: 'jwt' };
    expect(RpcRequestSchema.parse({ meta, data: { any: 1 } })).toEqual({ meta, data: { any: 1 } });
    expect(RpcMetaSchema.parse({ correlationId: 'x'.repeat(128), actor: null })).toEqual({
      correlationId: 'x'.repeat(128),
      actor: null,
    });
    for (const bad of [
      { correlationId: '', actor: null },
      { correlationId: 'x'.repeat(129), actor: null },
      { correlationId: 'c', actor: null, actorAssertion: '' },
      { correlationId: 'c', actor: null, actorAssertion: 'x'.repeat(2049) },
      { correlationId: 'c', actor: { userId: 0, role: 'student' } },
    ]) {
      expect(RpcMetaSchema.safeParse(bad).success).toBe(false);
    }
    expect(RpcMetaSchema.safeParse({ correlationId: 'c', actor: null, actorAssertion: 'x'.repeat(2048) }).success).toBe(
      true,
    );
  });

  it('knows three roles', () => {
    expect(RoleSchema.options).toEqual(['student', 'tutor', 'admin']);
    expect(ActorSchema.safeParse({ userId: 1, role: 'visitor' }).success).toBe(false);
  });
});

describe('event envelope', () => {
  const event = {
    id: '0b5b7d3e-6a0f-4c4a-9d54-2f4d2c7f9a11',
    type: EventTypes.hoursUsed,
    version: 1,
    occurredAt: '2026-11-22T09:00:00.000Z',
    correlationId: null,
    data: { sessionId: 1 },
  };

  it('keeps a well-formed trace context and reads a malformed one as absent', () => {
    const traceContext = { traceparent: '00-abc-def-01', tracestate: 'k=v' };
    expect(EventEnvelopeSchema.parse({ ...event, traceContext })).toEqual({ ...event, traceContext });
    expect(EventEnvelopeSchema.parse({ ...event, traceContext: { traceparent: 'x'.repeat(129) } })).toEqual(event);
    expect(
      EventEnvelopeSchema.parse({ ...event, traceContext: { traceparent: 't', tracestate: 'x'.repeat(513) } }),
    ).toEqual(event);
  });

  it.each([{ id: 'evt-1' }, { type: '' }, { version: 0 }, { occurredAt: 'yesterday' }])('refuses %j', (change) => {
    expect(EventEnvelopeSchema.safeParse({ ...event, ...change }).success).toBe(false);
  });

  it('answers health as ok or degraded with each check', () => {
    const reply = { service: 'tutoring', status: 'degraded', checks: { db: 'ok', nats: 'failed' } };
    expect(HealthReplySchema.parse(reply)).toEqual(reply);
    expect(HealthReplySchema.safeParse({ ...reply, status: 'down' }).success).toBe(false);
    expect(HealthReplySchema.safeParse({ ...reply, checks: { db: 'slow' } }).success).toBe(false);
  });
});

describe('error codes', () => {
  it('map every code to its HTTP status', () => {
    expect(Object.keys(HttpStatusByCode).sort()).toEqual(Object.values(ErrorCodes).sort());
    expect(
      Object.fromEntries(Object.entries(ErrorCodes).map(([name, code]) => [name, `${code} ${HttpStatusByCode[code]}`])),
    ).toEqual({
      validationFailed: 'COMMON.VALIDATION_FAILED 400',
      unauthenticated: 'COMMON.UNAUTHENTICATED 401',
      forbidden: 'COMMON.FORBIDDEN 403',
      notFound: 'COMMON.NOT_FOUND 404',
      rateLimited: 'COMMON.RATE_LIMITED 429',
      payloadTooLarge: 'COMMON.PAYLOAD_TOO_LARGE 413',
      methodNotAllowed: 'COMMON.METHOD_NOT_ALLOWED 405',
      unsupportedMediaType: 'COMMON.UNSUPPORTED_MEDIA_TYPE 415',
      serviceUnavailable: 'COMMON.SERVICE_UNAVAILABLE 503',
      overloaded: 'COMMON.OVERLOADED 503',
      internal: 'COMMON.INTERNAL 500',
      invalidCredentials: 'IDENTITY.INVALID_CREDENTIALS 401',
      usernameTaken: 'IDENTITY.USERNAME_TAKEN 409',
      emailTaken: 'IDENTITY.EMAIL_TAKEN 409',
      resetTokenInvalid: 'IDENTITY.RESET_TOKEN_INVALID 400',
      passwordTooCommon: 'IDENTITY.PASSWORD_TOO_COMMON 400',
      secondFactorInvalid: 'IDENTITY.SECOND_FACTOR_INVALID 401',
      secondFactorConflict: 'IDENTITY.SECOND_FACTOR_CONFLICT 409',
      tooYoung: 'IDENTITY.TOO_YOUNG 403',
      consentLinkInvalid: 'IDENTITY.CONSENT_LINK_INVALID 400',
      consentConflict: 'IDENTITY.CONSENT_CONFLICT 409',
      subjectUnavailable: 'PAYMENTS.SUBJECT_UNAVAILABLE 422',
      discountCodeInvalid: 'PAYMENTS.DISCOUNT_CODE_INVALID 400',
      discountCodeUsed: 'PAYMENTS.DISCOUNT_CODE_USED 409',
      paymentProviderUnavailable: 'PAYMENTS.PROVIDER_UNAVAILABLE 502',
      paymentNotPending: 'PAYMENTS.PAYMENT_NOT_PENDING 409',
      webhookSignatureInvalid: 'PAYMENTS.WEBHOOK_SIGNATURE_INVALID 400',
      refundNotAllowed: 'PAYMENTS.REFUND_NOT_ALLOWED 409',
      payslipStatusConflict: 'PAYROLL.STATUS_CONFLICT 409',
      tutorNotLinked: 'PAYROLL.TUTOR_NOT_LINKED 409',
      tutorHasLogin: 'TUTORING.TUTOR_HAS_LOGIN 409',
      packageOnHold: 'TUTORING.PACKAGE_ON_HOLD 409',
      tutorDeactivated: 'TUTORING.TUTOR_DEACTIVATED 403',
      slotTaken: 'TUTORING.SLOT_TAKEN 409',
      slotNotOffered: 'TUTORING.SLOT_NOT_OFFERED 422',
      insufficientHours: 'TUTORING.INSUFFICIENT_HOURS 409',
      bookingStatusConflict: 'TUTORING.BOOKING_STATUS_CONFLICT 409',
      bookingChangeNotAllowed: 'TUTORING.BOOKING_CHANGE_NOT_ALLOWED 409',
      guardianConsentRequired: 'PAYMENTS.GUARDIAN_CONSENT_REQUIRED 403',
      dateOfBirthRequired: 'PAYMENTS.DATE_OF_BIRTH_REQUIRED 409',
      accountNotReady: 'PAYMENTS.ACCOUNT_NOT_READY 409',
    });
  });

  it('recognise only known codes', () => {
    expect(isErrorCode('PAYMENTS.REFUND_NOT_ALLOWED')).toBe(true);
    expect(isErrorCode('PAYMENTS.NOPE')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(400)).toBe(false);
  });

  it('shape the RPC error and the HTTP error body', () => {
    expect(RpcErrorSchema.parse({ code: 'C', message: 'm' })).toEqual({ code: 'C', message: 'm' });
    expect(RpcErrorSchema.safeParse({ code: 'C' }).success).toBe(false);
    const body = { statusCode: 400, code: 'C', message: 'm', errors: [{ field: 'email', message: 'm' }] };
    expect(ApiErrorBodySchema.parse(body)).toEqual(body);
    expect(ApiErrorBodySchema.safeParse({ ...body, statusCode: 400.5 }).success).toBe(false);
    expect(FieldErrorSchema.safeParse({ field: 'email' }).success).toBe(false);
  });
});

describe('NATS subjects', () => {
  it('name request subjects <service>.<verb> and health per service', () => {
    expect(ServiceNames).toEqual(['identity', 'catalog-payments', 'tutoring', 'reviews', 'payroll']);
    for (const [group, subjects] of Object.entries(Subjects)) {
      const service = group === 'catalogPayments' ? 'catalog-payments' : group;
      for (const subject of Object.values(subjects)) expect(subject).toMatch(new RegExp(`^${service}\\.[a-z_]+$`));
      expect(HealthSubjects[service as keyof typeof HealthSubjects]).toBe(`${service}.health`);
    }
    expect(new Set(Object.values(Subjects).flatMap(Object.values)).size).toBe(90);
  });

  it('put each event under its owner stream and each dead letter under its consumer', () => {
    expect(eventSubject(EventTypes.paymentRefunded)).toBe('events.payments.payment_refunded.v1');
    expect(deadLetterSubject('tutoring-credit')).toBe('deadletter.tutoring-credit');
    expect(DeadLetterStream).toEqual({ name: 'DEAD_LETTERS', subjects: ['deadletter.>'] });
    for (const type of Object.values(EventTypes)) {
      expect(type).toMatch(/^[a-z]+\.[a-z_]+\.v1$/);
      const owner = type.split('.')[0];
      const stream = Object.values(EventStreams).find(({ subjects }) => subjects[0] === `events.${owner}.>`);
      expect({ type, stream: stream?.name }).toEqual({ type, stream: expect.stringMatching(/_EVENTS$/) });
    }
    expect(Object.values(EventStreams).map(({ name }) => name)).toEqual([
      'IDENTITY_EVENTS',
      'PAYMENTS_EVENTS',
      'TUTORING_EVENTS',
      'REVIEWS_EVENTS',
      'PAYROLL_EVENTS',
    ]);
  });
});
