import type { EventEnvelope } from './envelope.js';
import { EventTypes } from './subjects.js';
import type { PaymentConflictsDto } from './payments-schemas.js';
import { PaymentMessages } from './payments.js';
import type {
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  StudentNameChangedV1,
  UserDto,
  UserRegisteredV1,
} from './identity.js';

/** Shared example payloads: producers and consumers test against these, and each parses under its schema. */
export const Fixtures = {
  /**
   * Issue 26: the date of birth test accounts that go on to pay register with (an adult: no
   * guardian's consent is needed). The spec's payloads above stay without one.
   */
  adultDateOfBirth: '1990-01-01',
  registerBody: {
    username: 'amelia',
    email: 'amelia@example.com',
    password: 'correct-horse-7',
    firstName: 'Amelia',
    phone: '07700900123',
  } satisfies RegisterBody,
  loginBody: { email: 'amelia@example.com', password: 'correct-horse-7' } satisfies LoginBody,
  resetPasswordBody: {
    token: 'q8yN3V4m1tqJX0b1mJ8fYQ',
    password: 'new-secret-9',
    confirmPassword: 'new-secret-9',
  } satisfies ResetPasswordBody,
  userDto: {
    id: 7,
    username: 'amelia',
    email: 'amelia@example.com',
    firstName: 'Amelia',
    lastName: null,
    phone: '07700900123',
    freeTrialUsed: false,
    role: 'student',
    isAdmin: false,
  } satisfies UserDto,
  userRegisteredEvent: {
    id: '0b5b7d3e-6a0f-4c4a-9d54-2f4d2c7f9a11',
    type: EventTypes.userRegistered,
    version: 1,
    occurredAt: '2026-11-22T09:00:00.000Z',
    correlationId: 'req-1',
    data: {
      userId: 7,
      username: 'amelia',
      email: 'amelia@example.com',
      firstName: 'Amelia',
      lastName: null,
      phone: '07700900123',
      role: 'student',
    },
  } satisfies EventEnvelope<UserRegisteredV1>,
  /** Amelia's name for the read models of tutoring and payroll: id, name and version, nothing else. */
  studentNameChangedEvent: {
    id: '4c9e1f2a-7b3d-4e5f-8a6b-1c2d3e4f5a6b',
    type: EventTypes.studentNameChanged,
    version: 1,
    occurredAt: '2026-11-22T09:00:00.000Z',
    correlationId: 'req-1',
    data: { userId: 7, name: 'Amelia', version: 1 },
  } satisfies EventEnvelope<StudentNameChangedV1>,
  /** An admin's list of payments taken with a discount code that another payment had already spent. */
  paymentConflicts: {
    total: 1,
    conflicts: [
      {
        paymentId: '6f1c2a7e-3f4b-4c5d-8e9f-0a1b2c3d4e5f',
        userId: 42,
        buyerName: 'Ada Lovelace',
        buyerEmail: 'ada@example.com',
        packageName: '5-Session Package',
        currency: 'GBP',
        amount: 16000,
        formattedPrice: '£160.00',
        discountCode: 'WELCOME30',
        reason: PaymentMessages.codeConflict,
        paidAt: '2026-11-25T10:05:00.000Z',
      },
    ],
  } satisfies PaymentConflictsDto,
} as const;
