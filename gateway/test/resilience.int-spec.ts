import { setTimeout as sleep } from 'node:timers/promises';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Module, Req } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { CatalogDtoSchema, ErrorCodes, ServerMessages, Subjects } from '@medtutor/contracts';
import { RpcErrorFilter } from '@medtutor/nest-kit';
import { eventually, type RestartableNats, startRestartableNats } from '@medtutor/nest-kit/testing';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Request } from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { startGatewayProcess } from './support/gateway-process.js';
import {
  PASSWORD,
  PLATFORM_START_MS,
  PLATFORM_STOP_MS,
  type RealPlatform,
  startRealPlatform,
} from './support/real-platform.js';
import type { GatewayUnderTest } from './support/test-gateway.js';
import { ServiceClient } from '../src/clients/service-client.js';

/**
 * The gateway while parts around it fail: a service that cannot answer, the broker gone and back,
 * a SIGTERM (Redis gone and back: redis-outage.int-spec.ts). The real identity and catalog-payments on a private nats-server
 * that the tests kill and restart; a service that cannot answer is its process frozen.
 */
let nats: RestartableNats;

/**
 * A route that asks catalog-payments on every request. GET /api/catalog is answered from the
 * gateway's memory (issue 27), so it no longer shows what a silent service costs a route.
 */
@Controller('api/test-probes')
class CatalogProbeController {
  constructor(private readonly services: ServiceClient) {}

  @Get('catalog')
  catalog(@Req() req: Request) {
    return this.services.send(Subjects.catalogPayments.getCatalog, {}, req, CatalogDtoSchema);
  }
}
let platform: RealPlatform;
let gateway: GatewayUnderTest;
let server: Server;

beforeAll(async () => {
  // Provisioned as a deploy provisions it: every stream and consumer in place.
  nats = await startRestartableNats();
  platform = await startRealPlatform({
    label: 'resilience',
    services: ['catalog-payments'],
    nats,
    gatewayEnv: { RPC_TIMEOUT_MS: '2000' },
    gatewayControllers: [CatalogProbeController],
    watch: [Subjects.catalogPayments.getCatalog, Subjects.identity.verifyCredentials],
  });
  gateway = platform.gateway;
  server = platform.server;
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

const unavailable = {
  statusCode: 503,
  code: ErrorCodes.serviceUnavailable,
  message: ServerMessages.serviceUnavailable,
};
const catalog = () => request(server).get('/api/test-probes/catalog');
const askedFor = (subject: string) => platform.requests.count(subject);
/** Stops catalog-payments answering until `resume`. */
const freezeCatalogPayments = () => platform.pauseService('catalog-payments');
const freezeIdentity = () => platform.pauseService('identity');

/**
 * catalog-payments with its database down, answering get_catalog as the platform's error filter
 * answers such a fault. A stand-in: the real catalog needs no database, and no test can make a real
 * service's database fail in the way the platform classes as unavailable (a superuser's connection
 * ignores connection limits). Its own queue group, so it answers beside a frozen catalog-payments.
 */
async function startCatalogWithDatabaseDown(natsUrl: string): Promise<{ stop: () => Promise<void> }> {
  @Controller()
  class DatabaseDownController {
    @MessagePattern(Subjects.catalogPayments.getCatalog)
    getCatalog(): never {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    }
  }
  @Module({ controllers: [DatabaseDownController] })
  class DatabaseDownModule {}
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(DatabaseDownModule, {
    transport: Transport.NATS,
    options: { servers: [natsUrl], queue: 'catalog-payments-database-down' },
    logger: false,
  });
  app.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
  await app.listen();
  // Its subscription must be on the server before the first request, or that request reaches only the
  // frozen service and times out: a round trip to the server after the SUB makes sure it was applied.
  await app.unwrap<NatsConnection>().flush();
  return { stop: () => app.close() };
}

async function timed<T>(action: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await action();
  return [result, Date.now() - started];
}

/** The gateway's other work: another service's route, sign-in, readiness. */
async function expectTheRestUnaffected(): Promise<void> {
  const forgot = await request(server).post('/api/forgot-password').send({ email: 'someone@example.com' });
  expect(forgot.status).toBe(200);
  const { user } = await platform.signIn('student');
  expect((await request(server).post('/api/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
  expect((await request(server).get('/readyz')).status).toBe(200);
}

describe('a service that cannot answer', () => {
  it('costs its routes a 503 within the deadline, then at once from its open circuit, and recovers by itself', async () => {
    const { failures } = gateway.config.circuitBreaker;
    expect((await catalog()).status).toBe(200);
    const frozen = freezeCatalogPayments();
    let downAt: number;
    try {
      const [timedOut, deadlineMs] = await timed(() => Promise.all(Array.from({ length: failures }, () => catalog())));
      for (const res of timedOut) expect(res.body).toEqual(unavailable);
      expect(deadlineMs).toBeLessThan(gateway.config.rpcTimeoutMs + 500);

      const asked = await askedFor(Subjects.catalogPayments.getCatalog);
      const [refused, refusedMs] = await timed(() => catalog());
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual(unavailable);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(gateway.config.circuitBreaker.halfOpenAfterMs / 1000);
      expect(refusedMs).toBeLessThan(100);
      // The open circuit answered without asking the service.
      expect(await askedFor(Subjects.catalogPayments.getCatalog)).toBe(asked);

      await expectTheRestUnaffected();
      console.info(
        `service silent: ${failures} requests answered 503 after ${deadlineMs} ms (deadline ${gateway.config.rpcTimeoutMs} ms), then the open circuit in ${refusedMs} ms (Retry-After ${retryAfter} s)`,
      );
    } finally {
      frozen.resume();
      downAt = Date.now();
    }
    await eventually(async () => (await catalog()).status === 200, 10_000, 'the catalog route answering again');
    console.info(`service back: its route answered 200 after ${Date.now() - downAt} ms`);
  }, 30_000);

  it('opens the circuit on the COMMON.SERVICE_UNAVAILABLE a service answers with its database down', async () => {
    const { failures } = gateway.config.circuitBreaker;
    const frozen = freezeCatalogPayments();
    const databaseDown = await startCatalogWithDatabaseDown(nats.url);
    try {
      for (let attempt = 1; attempt <= failures; attempt++) {
        const [res, ms] = await timed(() => catalog());
        expect(res.body).toEqual(unavailable);
        expect(ms).toBeLessThan(500);
      }
      const asked = await askedFor(Subjects.catalogPayments.getCatalog);
      const refused = await catalog();
      expect(refused.body).toEqual(unavailable);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(await askedFor(Subjects.catalogPayments.getCatalog)).toBe(asked);
    } finally {
      await databaseDown.stop();
      frozen.resume();
    }
    const [, recoveredMs] = await timed(() =>
      eventually(async () => (await catalog()).status === 200, 10_000, 'the catalog route answering again'),
    );
    console.info(`database back: the route answered 200 after ${recoveredMs} ms`);
  }, 30_000);

  it('never opens the circuit on domain errors: they are answers', async () => {
    const attempts = gateway.config.circuitBreaker.failures + 2;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const res = await request(server)
        .post('/api/login')
        .send({ email: `nobody-${attempt}-${Date.now()}@example.com`, password: 'wrong-pass-1' });
      expect(res.body.code).toBe(ErrorCodes.invalidCredentials);
    }
    const { user } = await platform.signIn('student');
    const asked = await askedFor(Subjects.identity.verifyCredentials);
    expect((await request(server).post('/api/login').send({ email: user.email, password: PASSWORD })).status).toBe(200);
    expect(await askedFor(Subjects.identity.verifyCredentials)).toBe(asked + 1);
  });
});

describe('the broker down and back', () => {
  it('is not ready at once while NATS is down, and ready again after its return without a restart', async () => {
    expect((await request(server).get('/readyz')).status).toBe(200);
    await nats.kill();
    const [down, notReadyMs] = await timed(() =>
      eventually(
        async () => {
          const res = await request(server).get('/readyz');
          return res.status === 503 && res;
        },
        2_000,
        '/readyz answering 503',
      ),
    );
    expect(down.body).toEqual({ service: 'gateway', status: 'degraded', checks: { nats: 'failed' } });
    // Routes answer 503 at once, and these failures are not the services' fault: no circuit opens.
    for (let attempt = 1; attempt <= gateway.config.circuitBreaker.failures + 1; attempt++) {
      const [res, ms] = await timed(() => catalog());
      expect(res.body).toEqual(unavailable);
      // An open circuit's refusal names when to retry; these do not.
      expect(res.headers['retry-after']).toBeUndefined();
      expect(ms).toBeLessThan(500);
    }
    // Static files and the shell never need NATS.
    expect((await request(server).get('/healthz')).status).toBe(200);

    await sleep(2_000);
    await nats.restart();
    const backAt = Date.now();
    await eventually(async () => (await request(server).get('/readyz')).status === 200, 10_000, '/readyz 200');
    const readyMs = Date.now() - backAt;
    // Until catalog-payments has reconnected too (its own reconnection, slower on a busy machine), its
    // route may still answer 503, but never from an open circuit (whose refusal carries Retry-After):
    // the outage was the broker's, not the service's.
    const circuitRefusals: number[] = [];
    await eventually(
      async () => {
        const res = await catalog();
        if (res.headers['retry-after'] !== undefined) circuitRefusals.push(Date.now() - backAt);
        return res.status === 200;
      },
      15_000,
      'the catalog route answering',
    );
    const routeMs = Date.now() - backAt;
    expect(circuitRefusals).toEqual([]);
    console.info(
      `NATS killed: /readyz 503 after ${notReadyMs} ms; restarted: /readyz 200 after ${readyMs} ms, a route 200 after ${routeMs} ms`,
    );
  }, 30_000);
});

describe('SIGTERM', () => {
  it('answers not ready at once, serves during the drain, finishes the request in flight and exits 0', async () => {
    const drainMs = 1_500;
    const slowMs = 2_500;
    const process = await startGatewayProcess(nats.url, {
      SHUTDOWN_DRAIN_MS: String(drainMs),
      SHUTDOWN_GRACE_MS: '5000',
    });
    try {
      // identity frozen for slowMs: the request is in flight when the signal comes.
      const frozen = freezeIdentity();
      setTimeout(frozen.resume, slowMs);
      const inFlight = fetch(`${process.url}/api/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'in-flight@example.com' }),
      });
      // Before the signal, a kept-alive connection is kept longer than the proxy in front keeps an idle
      // one (60 s), so the proxy closes it, never the gateway as a request arrives on it (ADR 0091).
      const kept = await fetch(`${process.url}/healthz`);
      expect(kept.headers.get('keep-alive')).toBe('timeout=65');
      await sleep(200);
      const signalledAt = Date.now();
      process.signal('SIGTERM');

      const notReady = await eventually(
        async () => {
          const res = await fetch(`${process.url}/readyz`);
          return res.status === 503 && res;
        },
        1_000,
        'the public /readyz answering 503',
      );
      const notReadyMs = Date.now() - signalledAt;
      expect(await notReady.json()).toEqual({
        service: 'gateway',
        status: 'degraded',
        checks: { nats: 'ok', accepting: 'failed' },
      });
      expect((await fetch(`${process.probeUrl}/readyz`)).status).toBe(503);
      // New requests are still served while the load balancer lets go, each closing its connection.
      const during = await fetch(`${process.url}/healthz`);
      expect(during.status).toBe(200);
      expect(during.headers.get('connection')).toBe('close');
      expect(Date.now() - signalledAt).toBeLessThan(drainMs);

      const finished = await inFlight;
      expect(finished.status).toBe(200);
      expect(await finished.json()).toHaveProperty('message');
      expect(await process.exited).toBe(0);
      const exitMs = Date.now() - signalledAt;
      // Gone as soon as the last request was answered, not at the end of the grace period.
      expect(exitMs).toBeLessThan(slowMs + 2_000);
      await expect(fetch(`${process.url}/healthz`)).rejects.toThrow();
      console.info(
        `SIGTERM: /readyz 503 after ${notReadyMs} ms, a ${slowMs} ms request in flight answered 200, exit 0 after ${exitMs} ms (drain ${drainMs} ms)`,
      );
    } finally {
      await process.stop();
    }
  }, 60_000);
});
