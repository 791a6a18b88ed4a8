import type { EventEnvelope } from './envelope.js';
import { EventTypes } from './subjects.js';
import type { LoginBody, RegisterBody, ResetPasswordBody, UserDto, UserRegisteredV1 } from './identity.js';

/** Shared example payloads: producers and consumers test against these, and each parses under its schema. */
export const Fixtures = {
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
} as const;
