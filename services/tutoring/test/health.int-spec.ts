import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HealthReplySchema, Subjects } from '@medtutor/contracts';
import type { ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { firstValueFrom } from 'rxjs';
import { startTutoring } from './support/harness.js';

describe('tutoring service over NATS', () => {
  let service: ServiceUnderTest;

  beforeAll(async () => {
    service = await startTutoring('tutoring_health');
  });

  afterAll(() => service.stop());

  it('answers its health subject with the database and NATS checks', async () => {
    const reply = await firstValueFrom(service.client.send(Subjects.tutoring.health, {}));

    expect(HealthReplySchema.parse(reply)).toEqual({
      service: 'tutoring',
      status: 'ok',
      checks: { database: 'ok', nats: 'ok' },
    });
  });
});
