import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCodes, EventStreams, EventTypes, eventSubject, Subjects } from '@medtutor/contracts';
import { MetricNames } from '@medtutor/nest-kit';
import {
  eventually,
  freePort,
  type ServiceProcess,
  startTestNats,
  type TestDatabase,
  type TestNats,
} from '@medtutor/nest-kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { type GatewayProcess, startGatewayProcess } from './support/gateway-process.js';
import { serviceDatabase, startBuiltService } from './support/real-services.js';

/**
 * Prometheus' view of a running system: the gateway's build and tutoring's build as processes on a
 * private NATS, each scraped over HTTP at `/metrics` on its probe port (HEALTH_PORT), after one
 * request through the gateway, one refused webhook and one poison event.
 */
const CONSUMER = 'tutoring-payment-succeeded';

let nats: TestNats;
let tutoringDb: TestDatabase;
let tutoring: ServiceProcess | undefined;
let tutoringProbeUrl: string;
let gateway: GatewayProcess | undefined;

beforeAll(async () => {
  nats = await startTestNats();
  tutoringDb = await serviceDatabase('tutoring', 'gw_metrics_tutoring');
  const healthPort = await freePort();
  tutoringProbeUrl = `http://127.0.0.1:${healthPort}`;
  tutoring = await startBuiltService('tutoring', nats.url, {
    TUTORING_DATABASE_URL: tutoringDb.url,
    HEALTH_PORT: String(healthPort),
    SUPPORT_EMAIL: 'team@medpath.test',
    MAIL_FROM: 'MedPath Tests <no-reply@medpath.test>',
    MAIL_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'gw-metrics-mail-')),
  });
  gateway = await startGatewayProcess(nats.url);
}, 90_000);

afterAll(async () => {
  await gateway?.stop();
  await tutoring?.stop();
  await tutoringDb?.drop();
  await nats?.stop();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples and declared families (`# TYPE`) of a scrape in Prometheus' text format. */
async function scrape(probeUrl: string): Promise<{ samples: Sample[]; families: Set<string> }> {
  const res = await fetch(`${probeUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples: Sample[] = [];
  const families = new Set<string>();
  for (const line of (await res.text()).split('\n')) {
    const type = /^# TYPE (\S+) /.exec(line);
    if (type) families.add(type[1]!);
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) continue;
    const labels = Object.fromEntries([...(sample[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { samples, families };
}

/** The value of the one sample of `name` whose labels include `labels`. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe('/metrics on the probe ports', () => {
  it('shows HTTP by route, RPC latency by subject and webhook failures on the gateway', async () => {
    const tutors = await fetch(`${gateway!.url}/api/tutors`);
    expect(tutors.status).toBe(200);
    expect((await fetch(`${gateway!.url}/api/no-such-route`)).status).toBe(404);
    const webhook = await fetch(`${gateway!.url}/api/stripe/webhook`, { method: 'POST', body: '{}' });
    expect(webhook.status).toBe(400);
    // Refused before routing, by the body parser: still counted under its route.
    const tooLarge = await fetch(`${gateway!.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(200 * 1024) }),
    });
    expect(tooLarge.status).toBe(413);
    const page = await fetch(`${gateway!.url}/some/page`);

    const { samples } = await scrape(gateway!.probeUrl);
    const http = MetricNames.httpRequestDuration.name;
    expect(valueOf(samples, `${http}_count`, { method: 'GET', route: '/api/tutors', status: '200' })).toBe(1);
    expect(valueOf(samples, `${http}_bucket`, { route: '/api/tutors', status: '200', le: '+Inf' })).toBe(1);
    // The raw path never becomes a label: unrouted API paths share one.
    expect(valueOf(samples, `${http}_count`, { route: 'unmatched', status: '404' })).toBe(1);
    expect(samples.some((sample) => sample.labels.route === '/api/no-such-route')).toBe(false);
    expect(valueOf(samples, `${http}_count`, { route: '/api/stripe/webhook', status: '400' })).toBe(1);
    expect(valueOf(samples, `${http}_count`, { method: 'POST', route: '/api/login', status: '413' })).toBe(1);
    expect(valueOf(samples, `${http}_count`, { route: 'frontend', status: String(page.status) })).toBe(1);

    const rpc = MetricNames.rpcClientDuration.name;
    expect(valueOf(samples, `${rpc}_count`, { subject: Subjects.tutoring.listPublicTutors, outcome: 'ok' })).toBe(1);
    expect(
      valueOf(samples, MetricNames.webhookFailures.name, {
        provider: 'stripe',
        reason: ErrorCodes.webhookSignatureInvalid,
      }),
    ).toBe(1);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('shows RPC latency, consumer lag, dead letters, outbox backlog and pools on a service', async () => {
    // A poison event for tutoring's payment consumer: dead-lettered on its first delivery.
    const nc = await connect({ servers: nats.url });
    try {
      await jetstream(nc).publish(eventSubject(EventTypes.paymentSucceeded), 'not json');
    } finally {
      await nc.close();
    }
    const consumer = { stream: EventStreams.catalogPayments.name, consumer: CONSUMER };
    const { samples, families } = await eventually(async () => {
      const scraped = await scrape(tutoringProbeUrl);
      // The gauges are read when scraped, the counters when the event is settled: wait for both.
      const settled =
        valueOf(scraped.samples, MetricNames.deadLetters.name, consumer) === 1 &&
        valueOf(scraped.samples, MetricNames.consumerAckPending.name, consumer) === 0;
      return settled ? scraped : undefined;
    }, 15_000);

    const rpc = MetricNames.rpcServerDuration.name;
    // The gateway's start-up copy of the tutor cards; on a slow machine one more if that first answer
    // came after the gateway's deadline.
    expect(
      valueOf(samples, `${rpc}_count`, { subject: Subjects.tutoring.listPublicTutors, outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(valueOf(samples, MetricNames.consumerPending.name, consumer)).toBe(0);
    expect(valueOf(samples, MetricNames.consumerAckPending.name, consumer)).toBe(0);
    expect(valueOf(samples, MetricNames.eventsConsumed.name, { consumer: CONSUMER, outcome: 'dead_lettered' })).toBe(1);
    expect(
      valueOf(samples, `${MetricNames.eventsHandlingDuration.name}_count`, {
        consumer: CONSUMER,
        outcome: 'dead_lettered',
      }),
    ).toBe(1);
    // Declared, with no sample until a delivery comes a second time.
    expect(families.has(MetricNames.eventsRedelivered.name)).toBe(true);
    expect(valueOf(samples, MetricNames.outboxUnpublished.name, { service: 'tutoring' })).toBe(0);
    expect(valueOf(samples, MetricNames.outboxOldestAge.name, { service: 'tutoring' })).toBe(0);
    expect(valueOf(samples, MetricNames.pgPoolConnections.name, { pool: 'prisma', state: 'total' })).toBeGreaterThan(0);
    expect(valueOf(samples, MetricNames.pgPoolConnections.name, { pool: 'relays', state: 'waiting' })).toBe(0);
    expect(valueOf(samples, MetricNames.natsConnected.name, { service: 'tutoring', connection: 'events' })).toBe(1);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('declares every metric of the list on one of the two processes, and never on the public port', async () => {
    const declared = new Set([
      ...(await scrape(gateway!.probeUrl)).families,
      ...(await scrape(tutoringProbeUrl)).families,
    ]);
    for (const { name } of Object.values(MetricNames)) expect([name, declared.has(name)]).toEqual([name, true]);
    const publicPort = await fetch(`${gateway!.url}/metrics`);
    expect(await publicPort.text()).not.toContain('# TYPE');
  });
});
