import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HealthReplySchema, type ServiceName, Subjects } from '@medtutor/contracts';
import { eventually, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { firstValueFrom } from 'rxjs';
import { startPaymentsService } from '../../services/catalog-payments/test/support/payments-harness.js';
import { startIdentityUnderTest } from '../../services/identity/test/support/harness.js';
import { startPayrollUnderTest } from '../../services/payroll/test/support/harness.js';
import { startReviewsUnderTest } from '../../services/reviews/test/support/reviews-under-test.js';
import { startTutoring } from '../../services/tutoring/test/support/harness.js';

/**
 * Every service's health RPC, as the gateway's readiness asks it: each service booted the
 * production way (its own test harness) on a fresh database and a private NATS answers
 * `<service>.health` with its name and both of its checks passing.
 */
interface HealthCase {
  name: ServiceName;
  subject: string;
  /** The service's own harness, on a database named after `label`. */
  start: (label: string) => Promise<Pick<ServiceUnderTest, 'client' | 'stop'>>;
}

const services: HealthCase[] = [
  {
    name: 'identity',
    subject: Subjects.identity.health,
    start: (label) => startIdentityUnderTest(label),
  },
  {
    name: 'catalog-payments',
    subject: Subjects.catalogPayments.health,
    start: async (label) => {
      const harness = await startPaymentsService(label, {});
      return { client: harness.service.client, stop: () => harness.stop() };
    },
  },
  { name: 'tutoring', subject: Subjects.tutoring.health, start: startTutoring },
  { name: 'reviews', subject: Subjects.reviews.health, start: startReviewsUnderTest },
  { name: 'payroll', subject: Subjects.payroll.health, start: startPayrollUnderTest },
];

describe.each(services)('$name service over NATS', ({ name, subject, start }) => {
  let service: Pick<ServiceUnderTest, 'client' | 'stop'> | undefined;

  beforeAll(async () => {
    service = await start(`${name.replace('-', '_')}_health`);
  });

  afterAll(() => service?.stop());

  it('answers its health subject with the database and NATS checks', async () => {
    // Nothing at start may query the database, so the first check can also be the one that opens the
    // Prisma client's connection; on a busy machine that can outlast the check's 2 s once.
    const reply = await eventually(
      async () => {
        const answer = HealthReplySchema.parse(await firstValueFrom(service!.client.send(subject, {})));
        return answer.status === 'ok' && answer;
      },
      10_000,
      'a healthy answer',
    );

    expect(reply).toEqual({ service: name, status: 'ok', checks: { database: 'ok', nats: 'ok' } });
  });
});
