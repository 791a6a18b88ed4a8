import { z } from './zod.js';
import type { EventEnvelope } from './envelope.js';
import { Limits } from './limits.js';
import { ValidationMessages as M } from './messages.js';
import { ErasureMessages, ErasureReasonMax } from './privacy-erasure.js';
import { EventTypes } from './subjects.js';
import { singleLine } from './text.js';
import { SecondFactorCodeSchema } from './identity.js';

/** POST /api/me/erase: the current password, and a current code when two-factor authentication is on. */
export const EraseMeBodySchema = z.object({
  password: singleLine('Password', { error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .max(Limits.passwordMax, M.passwordTooLong),
  code: SecondFactorCodeSchema.optional(),
});
export type EraseMeBody = z.input<typeof EraseMeBodySchema>;

/** POST /api/admin/users/{id}/erase */
export const AdminEraseBodySchema = z.object({
  reason: singleLine('Reason', { error: ErasureMessages.reasonRequired })
    .trim()
    .min(1, ErasureMessages.reasonRequired)
    .max(ErasureReasonMax, ErasureMessages.reasonRequired),
});
export type AdminEraseBody = z.input<typeof AdminEraseBodySchema>;

/* NATS payloads */
export const EraseMeRequestSchema = EraseMeBodySchema.extend({ userId: z.number().int().positive() });
export const AdminEraseUserRequestSchema = AdminEraseBodySchema.extend({ userId: z.number().int().positive() });

/** Both routes' answer: the erasure as identity recorded it (the same on a repeated call). */
export const UserErasedReplySchema = z.object({
  userId: z.number().int().positive(),
  erasedAt: z.string().datetime(),
  message: z.string(),
});
export type UserErasedReply = z.infer<typeof UserErasedReplySchema>;

/**
 * identity.user_erased.v1. `email` (lower-cased) is how tutoring, catalog-payments and reviews find
 * what they hold by address only (consultations, trial requests, emails, testimonials by visitors):
 * it lives in the durable stream for EVENT_RETENTION_DAYS, as the same address does in
 * identity.user_registered.v1 (docs/adr/0076-erasure.md).
 */
export const UserErasedV1Schema = z.object({
  userId: z.number().int().positive(),
  email: z.string().min(1),
  erasedAt: z.string().datetime(),
});
export type UserErasedV1 = z.infer<typeof UserErasedV1Schema>;

export const ErasureFixtures = {
  userErasedEvent: {
    id: '0d9a3c1e-5b7f-4a2d-9c8e-6f1a2b3c4d5e',
    type: EventTypes.userErased,
    version: 1,
    occurredAt: '2026-12-01T10:00:00.000Z',
    correlationId: 'req-erase-1',
    data: { userId: 7, email: 'amelia@example.com', erasedAt: '2026-12-01T10:00:00.000Z' },
  } satisfies EventEnvelope<UserErasedV1>,
} as const;
