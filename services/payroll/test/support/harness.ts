import { startServiceUnderTest, type ServiceUnderTest, testActorKeys } from '@medtutor/nest-kit/testing';
import { payroll } from '../../src/service.js';
import { loadPayrollConfig } from '../../src/config/payroll.config.js';

/** Payroll on a fresh database of its own (`label` names it) and a private NATS, as the integration tests run it. */
export function startPayrollUnderTest(label: string): Promise<ServiceUnderTest> {
  return startServiceUnderTest({
    service: payroll,
    label,
    config: ({ databaseUrl, natsUrl }) =>
      loadPayrollConfig({
        ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
        NODE_ENV: 'test',
        PAYROLL_DATABASE_URL: databaseUrl,
        NATS_URL: natsUrl,
      }),
  });
}
