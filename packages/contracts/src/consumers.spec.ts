import { describe, expect, it } from '@jest/globals';
import { platformConsumer, PlatformConsumers } from './consumers.js';
import { EventTypes, ServiceNames } from './subjects.js';

describe('PlatformConsumers', () => {
  const entries = Object.values(PlatformConsumers);

  it('names each durable once, after the service that reads it, as one subject token', () => {
    expect(new Set(entries.map(({ durable }) => durable)).size).toBe(entries.length);
    for (const { service, durable } of entries) {
      expect(ServiceNames).toContain(service);
      expect(durable.startsWith(`${service}-`)).toBe(true);
      expect(durable).toMatch(/^[a-z0-9-]+$/);
    }
  });

  it("reads only other services' events, with positive server settings", () => {
    const owner = (type: string) => (type.split('.')[0] === 'payments' ? 'catalog-payments' : type.split('.')[0]);
    for (const { service, event, ackWaitMs, maxAckPending } of entries) {
      expect(Object.values(EventTypes)).toContain(event);
      expect(owner(event)).not.toBe(service);
      expect(ackWaitMs).toBeGreaterThan(0);
      expect(maxAckPending).toBeGreaterThan(0);
    }
  });

  it('finds an entry by durable name and nothing for a name it does not list', () => {
    expect(platformConsumer('payroll-hours-used')).toBe(PlatformConsumers.payrollHoursUsed);
    expect(platformConsumer('payroll-anything')).toBeUndefined();
  });
});
