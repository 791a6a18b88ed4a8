import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { contextFromCarrier, platformTracer } from '@medtutor/nest-kit';
import { createTestDatabase, startTestTracing, type TestDatabase } from '@medtutor/nest-kit/testing';
import { context } from '@opentelemetry/api';
import { pino } from 'pino';
import { createEventKitClient, type EventKitClient } from './support/event-kit-client.js';

const migrationsDir = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

/**
 * Prisma's own spans (@prisma/instrumentation, registered by startTracing) from a real client on
 * PostgreSQL. pg's query spans beneath them need pg loaded by Node itself, which Jest's module
 * registry is not: gateway/test/traces.int-spec.ts asserts those, in the services' own processes.
 */
describe("Prisma's spans", () => {
  let db: TestDatabase;
  let prisma: EventKitClient;
  let tracing: ReturnType<typeof startTestTracing>;

  beforeAll(async () => {
    tracing = startTestTracing('spec', pino({ level: 'silent' }));
    db = await createTestDatabase('database_spans', migrationsDir);
    prisma = await createEventKitClient(db.url);
    // The first call connects: its span is not what these tests are about.
    await platformTracer().startActiveSpan('connect', async (span) => {
      await prisma.inboxEvent.count();
      span.end();
    });
  }, 60_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
    await tracing?.stop();
  });

  /** The spans `work` makes inside a new trace, and that trace's root span. */
  async function inTrace(work: () => Promise<unknown>) {
    const before = tracing.spans().length;
    const rootId = await platformTracer().startActiveSpan('request', async (span) => {
      await work();
      span.end();
      return span.spanContext().spanId;
    });
    const spans = tracing.spans().slice(before);
    return { root: spans.find((span) => span.spanId === rootId)!, spans };
  }

  it('are an operation span per call under the active span, naming the model and method, never a value', async () => {
    const email = 'alice.smith@example.com';
    const { root, spans } = await inTrace(() =>
      prisma.outboxEvent.create({
        data: { id: randomUUID(), type: 'spec.v1', subject: 'events.spec.v1', payload: { email } },
      }),
    );
    expect(spans.filter((span) => span !== root)).toEqual([
      expect.objectContaining({
        name: 'prisma:client:operation',
        kind: 'internal',
        parentSpanId: root.spanId,
        traceId: root.traceId,
        attributes: { method: 'create', model: 'OutboxEvent', name: 'OutboxEvent.create' },
      }),
    ]);
    expect(JSON.stringify(spans)).not.toContain(email);
  });

  it("put a transaction's operations under its span, between its start and its commit", async () => {
    const { root, spans } = await inTrace(() =>
      prisma.$transaction(async (tx) => {
        await tx.outboxEvent.count();
        await tx.inboxEvent.count();
      }),
    );
    const transaction = spans.find((span) => span.name === 'prisma:client:transaction');
    expect(transaction).toMatchObject({ parentSpanId: root.spanId, attributes: { method: '$transaction' } });
    expect(
      spans
        .filter((span) => span.parentSpanId === transaction?.spanId)
        .map((span) => [span.name, span.attributes.name]),
    ).toEqual([
      ['prisma:client:start_transaction', undefined],
      ['prisma:client:operation', 'OutboxEvent.count'],
      ['prisma:client:operation', 'InboxEvent.count'],
      ['prisma:client:commit_transaction', undefined],
    ]);
  });

  it('are not made outside a trace (a polling loop) or in a trace that is not sampled', async () => {
    const before = tracing.spans().length;
    await prisma.outboxEvent.count();
    const unsampled = contextFromCarrier({ traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00' });
    await context.with(unsampled, () => prisma.$transaction(async (tx) => tx.outboxEvent.count()));
    expect(tracing.spans().slice(before)).toEqual([]);
  });
});
