import { describe, expect, it } from '@jest/globals';
import { EventEnvelopeSchema } from './envelope.js';
import { ErasureMessages } from './privacy-erasure.js';
import {
  AdminEraseBodySchema,
  EraseMeBodySchema,
  ErasureFixtures,
  UserErasedV1Schema,
} from './privacy-erasure-schemas.js';

describe('erasure contracts (issue 26)', () => {
  it('the user_erased event parses as an envelope whose data is a v1 payload', () => {
    const event = EventEnvelopeSchema.parse(ErasureFixtures.userErasedEvent);
    expect(event.type).toBe('identity.user_erased.v1');
    expect(UserErasedV1Schema.parse(event.data)).toEqual({
      userId: 7,
      email: 'amelia@example.com',
      erasedAt: '2026-12-01T10:00:00.000Z',
    });
  });

  it('takes the password alone, or with an authenticator or recovery code', () => {
    expect(EraseMeBodySchema.parse({ password: 'pw' })).toEqual({ password: 'pw' });
    expect(EraseMeBodySchema.parse({ password: 'pw', code: ' 123456 ' })).toEqual({ password: 'pw', code: '123456' });
    expect(EraseMeBodySchema.safeParse({ password: '' }).success).toBe(false);
    expect(EraseMeBodySchema.safeParse({ password: 'pw', code: 'not-a-code' }).success).toBe(false);
  });

  it("requires an admin's reason, trimmed and bounded", () => {
    expect(AdminEraseBodySchema.parse({ reason: '  Emailed request, verified by phone  ' })).toEqual({
      reason: 'Emailed request, verified by phone',
    });
    for (const reason of ['', '   ', 'x'.repeat(501)]) {
      const result = AdminEraseBodySchema.safeParse({ reason });
      expect(result.error?.issues[0]?.message).toBe(ErasureMessages.reasonRequired);
    }
  });
});
