import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectNats, NatsConnectionWatch } from '@medtutor/nest-kit';
import { eventually, type RestartableNats, startRestartableNats } from '@medtutor/nest-kit/testing';
import type { NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import { register } from 'prom-client';

/** What `nats_connected` says for each connection of `service` right now. */
async function gaugeOf(service: string): Promise<Record<string, number>> {
  const metric = await register.getSingleMetric('nats_connected')?.get();
  return Object.fromEntries(
    (metric?.values ?? [])
      .filter((value) => value.labels['service'] === service)
      .map((value) => [String(value.labels['connection']), value.value]),
  );
}

describe('NatsConnectionWatch on a real nats-server', () => {
  let nats: RestartableNats;
  const connections: NatsConnection[] = [];
  const logger = pino({ level: 'silent' });

  beforeAll(async () => {
    nats = await startRestartableNats();
  });

  afterAll(async () => {
    await Promise.all(connections.map((nc) => nc.close()));
    await nats.stop();
  });

  const watched = async (service: string) => {
    const [rpc, events] = await Promise.all([connectNats(nats.url, 'rpc'), connectNats(nats.url, 'events')]);
    connections.push(rpc, events);
    const watch = new NatsConnectionWatch(service);
    watch.watch('rpc', rpc, logger);
    watch.watch('events', events, logger);
    return { watch, rpc, events };
  };

  it('reports down the one connection that closed while the other is up', async () => {
    const { watch, events } = await watched('one-closed');
    expect(watch.down()).toEqual([]);
    expect(await gaugeOf('one-closed')).toEqual({ rpc: 1, events: 1 });

    await events.close();
    await eventually(async () => watch.down().length > 0, 2_000, 'the closed connection reported');
    expect(watch.down()).toEqual(['events']);
    expect(await gaugeOf('one-closed')).toEqual({ rpc: 1, events: 0 });
  });

  it('reports both down at once when the server goes, and up again once they have reconnected', async () => {
    const { watch } = await watched('outage');
    await nats.kill();
    await eventually(async () => watch.down().length === 2, 2_000, 'both connections reported down');
    expect(await gaugeOf('outage')).toEqual({ rpc: 0, events: 0 });

    await nats.restart();
    const backAt = Date.now();
    await eventually(async () => watch.down().length === 0, 5_000, 'both connections back');
    // One attempt a second plus up to half a second of jitter.
    expect(Date.now() - backAt).toBeLessThan(3_000);
    expect(await gaugeOf('outage')).toEqual({ rpc: 1, events: 1 });
  });

  it('counts a watch with no connection as down, so readiness never passes without looking', () => {
    expect(new NatsConnectionWatch('empty').down()).toEqual(['none watched']);
  });
});
