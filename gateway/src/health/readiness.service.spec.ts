import { describe, expect, it } from '@jest/globals';
import type { ServiceClient } from '../clients/service-client.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { ReadinessService } from './readiness.service.js';

const readiness = (checkNats: () => Promise<void>) =>
  new ReadinessService({ checkNats } as unknown as ServiceClient, { readinessTimeoutMs: 200 } as GatewayConfig);

describe('ReadinessService', () => {
  it('checks NATS only: Redis down never takes the gateway out of the load balancer', async () => {
    await expect(readiness(async () => undefined).run()).resolves.toEqual({
      service: 'gateway',
      status: 'ok',
      checks: { nats: 'ok' },
    });
  });

  it('is not ready while NATS fails, nor once stopping', async () => {
    await expect(readiness(() => Promise.reject(new Error('down'))).run()).resolves.toMatchObject({
      status: 'degraded',
      checks: { nats: 'failed' },
    });
    const stopping = readiness(async () => undefined);
    stopping.stopAccepting();
    await expect(stopping.run()).resolves.toMatchObject({ status: 'degraded', checks: { accepting: 'failed' } });
  });
});
