import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventTypes, eventSubject, FreeTrialSubjectPrefix, Subjects } from '@medtutor/contracts';
import {
  type CollectedSpan,
  eventually,
  type ServiceProcess,
  startOtlpReceiver,
  startTestNats,
  startTestTracing,
  type TestDatabase,
  type TestNats,
} from '@medtutor/nest-kit/testing';
import { pino } from 'pino';
import request from 'supertest';
import { serviceDatabase, startBuiltService } from './support/real-services.js';
import { type CapturedGateway, startCapturedGateway } from './support/captured-gateway.js';

/**
 * One trace across the platform: a visitor's free-trial request at the gateway, its RPC to
 * tutoring, tutoring's Prisma calls and their queries, its outbox and JetStream publish, and identity's
 * event handler. The services
 * run from their builds and export over OTLP/JSON to a receiver here; the gateway runs in this
 * process and records into memory.
 */
let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
let gatewaySpans: ReturnType<typeof startTestTracing>;
let nats: TestNats;
let databases: TestDatabase[] = [];
let services: Record<'identity' | 'tutoring', ServiceProcess>;
let gateway: CapturedGateway;
let server: Server;

beforeAll(async () => {
  gatewaySpans = startTestTracing('gateway', pino({ level: 'silent' }));
  otlp = await startOtlpReceiver();
  nats = await startTestNats();
  const [identityDb, tutoringDb] = await Promise.all([
    serviceDatabase('identity', 'gw_traces_identity'),
    serviceDatabase('tutoring', 'gw_traces_tutoring'),
  ]);
  databases = [identityDb, tutoringDb];
  const common = {
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'gw-traces-mail-')),
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    // Export within 100 ms of a span's end rather than the default 5 s.
    OTEL_BSP_SCHEDULE_DELAY: '100',
    // The "rpc ok" line (debug level), to find the trace id in a service's log.
    LOG_LEVEL: 'debug',
  };
  const [identity, tutoring] = await Promise.all([
    startBuiltService('identity', nats.url, {
      ...common,
      IDENTITY_DATABASE_URL: identityDb.url,
      PUBLIC_BASE_URL: 'http://localhost:8080',
      SEED_ADMIN_EMAIL: 'admin@traces.test',
      SEED_ADMIN_PASSWORD: 'admin-pass-1',
    }),
    startBuiltService('tutoring', nats.url, {
      ...common,
      TUTORING_DATABASE_URL: tutoringDb.url,
      SUPPORT_EMAIL: 'team@medpath.test',
    }),
  ]);
  services = { identity, tutoring };
  gateway = await startCapturedGateway(nats.url);
  server = gateway.app.getHttpServer();
  // Two service processes start and migrate: beyond jest's default hook timeout.
}, 90_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all(Object.values(services ?? {}).map((service) => service.stop()));
  await nats?.stop();
  await Promise.all(databases.map((db) => db.drop()));
  await otlp?.stop();
  await gatewaySpans?.stop();
}, 30_000);

/** The one span of `trace` matching `where`; fails listing the trace's spans if there is not exactly one. */
function only(trace: CollectedSpan[], where: Partial<CollectedSpan>): CollectedSpan {
  const found = trace.filter((span) =>
    Object.entries(where).every(([key, value]) => span[key as keyof CollectedSpan] === value),
  );
  if (found.length !== 1) {
    const listed = trace.map((span) => `${span.service} ${span.kind} ${span.name}`).join('\n');
    throw new Error(`${found.length} spans match ${JSON.stringify(where)} in the trace:\n${listed}`);
  }
  return found[0]!;
}

describe('traces', () => {
  it('follow one trace id from an HTTP request through an RPC and the outbox into an event handler', async () => {
    const foreignTrace = '0af7651916cd43dd8448eb211c80319c';
    const res = await request(server)
      .post('/api/consultations')
      // A client's own trace context is not trusted at the public edge.
      .set('traceparent', `00-${foreignTrace}-b7ad6b7169203331-01`)
      .send({
        firstName: 'Trace',
        lastName: 'Visitor',
        email: 'trace.visitor@example.com',
        phone: '07700 900 123',
        subjectInterest: `${FreeTrialSubjectPrefix}Medical School Interviews`,
        isParent: false,
      });
    expect(res.status).toBe(201);

    const http = await eventually(
      async () => gatewaySpans.spans().find((span) => span.name === 'POST /api/consultations'),
      5_000,
      "the gateway's HTTP span",
    );
    const traceId = http.traceId;
    expect(traceId).not.toBe(foreignTrace);
    expect(http).toMatchObject({ kind: 'server', parentSpanId: undefined, error: false });
    expect(http.attributes).toMatchObject({ 'http.route': '/api/consultations', 'http.response.status_code': 201 });

    const event = eventSubject(EventTypes.freeTrialRequested);
    const trace = await eventually(
      async () => {
        const spans = [...gatewaySpans.spans(), ...otlp.spans()].filter((span) => span.traceId === traceId);
        // Each process exports its spans in batches of its own: wait for all three services' spans.
        const has = (service: string, kind: string) =>
          spans.some((span) => span.service === service && span.kind === kind);
        return (
          has('tutoring', 'server') &&
          has('tutoring', 'client') &&
          has('tutoring', 'internal') &&
          has('tutoring', 'producer') &&
          has('identity', 'consumer') &&
          spans
        );
      },
      20_000,
      "tutoring's RPC, database and publish spans and identity's handler span in the request's trace",
    );

    const rpcClient = only(trace, { service: 'gateway', kind: 'client' });
    const rpcServer = only(trace, { service: 'tutoring', kind: 'server' });
    const publish = only(trace, { service: 'tutoring', kind: 'producer' });
    const handler = only(trace, { service: 'identity', kind: 'consumer' });
    // The RPC's Prisma calls: Prisma's transaction span under the RPC's span, an operation span per
    // call within it (the consultation, the outbox and mail rows), and pg's query spans beneath those.
    const transaction = only(trace, { service: 'tutoring', name: 'prisma:client:transaction' });
    expect(transaction.parentSpanId).toBe(rpcServer.spanId);
    const operations = trace.filter((span) => span.service === 'tutoring' && span.name === 'prisma:client:operation');
    expect(operations.map((operation) => operation.attributes.name)).toContain('Consultation.create');
    for (const operation of operations) expect(operation.parentSpanId).toBe(transaction.spanId);
    const created = operations.find((operation) => operation.attributes.name === 'Consultation.create')!;
    const queries = trace.filter((span) => span.service === 'tutoring' && span.kind === 'client');
    expect(queries.filter((query) => query.parentSpanId === created.spanId)).toEqual([
      expect.objectContaining({
        name: expect.stringMatching(/^pg\.query:INSERT /),
        attributes: expect.objectContaining({
          'db.query.text': expect.stringMatching(/^INSERT INTO "public"\."consultations"/),
        }),
      }),
    ]);
    // Each query under a Prisma span, or under the RPC's for the kit's own SQL after the commit (the
    // relays woken): the statement, the database, never a value (name, address and phone are parameters).
    const prismaSpanIds = trace.filter((span) => span.name.startsWith('prisma:client:')).map((span) => span.spanId);
    for (const query of queries) {
      expect(query.attributes).toMatchObject({
        'db.system.name': 'postgresql',
        'db.namespace': new URL(databases[1]!.url).pathname.slice(1),
      });
      expect([rpcServer.spanId, ...prismaSpanIds]).toContain(query.parentSpanId);
    }
    const tutoringText = JSON.stringify(trace.filter((span) => span.service === 'tutoring'));
    for (const personal of ['Trace', 'Visitor', 'trace.visitor@example.com', '07700 900 123']) {
      expect(tutoringText).not.toContain(personal);
    }
    // Database work outside any trace (the outbox relays polling every second) makes no spans.
    const databaseSpans = otlp
      .spans()
      .filter((span) => span.attributes['db.system.name'] === 'postgresql' || span.name.startsWith('prisma:'));
    expect(databaseSpans.filter((span) => span.parentSpanId === undefined)).toEqual([]);
    expect(rpcClient).toMatchObject({ name: Subjects.tutoring.submitConsultation, parentSpanId: http.spanId });
    expect(rpcServer).toMatchObject({ name: Subjects.tutoring.submitConsultation, parentSpanId: rpcClient.spanId });
    // The outbox row keeps the context it was written in: Prisma's transaction.
    expect(publish).toMatchObject({ name: `send ${event}`, parentSpanId: transaction.spanId, error: false });
    expect(handler).toMatchObject({ name: `process ${event}`, parentSpanId: publish.spanId, error: false });
    expect(handler.attributes).toMatchObject({
      'messaging.destination.name': event,
      'messaging.consumer.group.name': 'identity-free-trial-requested',
      'messaging.message.id': publish.attributes['messaging.message.id'],
      'medtutor.event.outcome': 'processed',
    });

    // Log lines written inside the trace carry its id: the gateway's access log, tutoring's "rpc ok".
    const accessLog = gateway
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { req?: { url?: string }; trace_id?: string })
      .find((line) => line.req?.url === '/api/consultations');
    expect(accessLog?.trace_id).toBe(traceId);
    expect(services.tutoring.output()).toContain(`"trace_id":"${traceId}"`);
  });
});
