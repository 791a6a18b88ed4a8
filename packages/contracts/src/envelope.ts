import { z } from './zod.js';

export const RoleSchema = z.enum(['student', 'tutor', 'admin']);
export type Role = z.infer<typeof RoleSchema>;

/** Who is calling, as established by the gateway's session. Absent for visitors. */
export const ActorSchema = z.object({ userId: z.number().int().positive(), role: RoleSchema });
export type Actor = z.infer<typeof ActorSchema>;

export const RpcMetaSchema = z.object({
  correlationId: z.string().min(1).max(128),
  actor: ActorSchema.nullable(),
  /**
   * The gateway's signed statement of `actor` (a short-lived EdDSA JWT). Services trust `actor` only
   * when this verifies; nest-kit checks it before any handler runs and then removes it.
   */
  actorAssertion: z.string().min(1).max(2048).optional(),
});
export type RpcMeta = z.infer<typeof RpcMetaSchema>;

/** Every request over NATS: the gateway stamps `meta`; `data` is validated again by the service. */
export const RpcRequestSchema = z.object({ meta: RpcMetaSchema, data: z.unknown() });
export type RpcRequest<T = unknown> = { meta: RpcMeta; data: T };

/** Every domain event: id doubles as the JetStream message id and the consumer's inbox key. */
export const EventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  correlationId: z.string().nullable(),
  /**
   * W3C trace context of the request that wrote the event (nest-kit's outbox), so the publish and
   * every handler continue its trace. Tracing never fails an event: a malformed one reads as absent.
   */
  traceContext: z
    .object({ traceparent: z.string().max(128), tracestate: z.string().max(512).optional() })
    .optional()
    .catch(undefined),
  data: z.unknown(),
});
export type EventEnvelope<T = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'data'> & { data: T };

export const HealthReplySchema = z.object({
  service: z.string(),
  status: z.enum(['ok', 'degraded']),
  checks: z.record(z.string(), z.enum(['ok', 'failed'])),
});
export type HealthReply = z.infer<typeof HealthReplySchema>;
