import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HealthReplySchema, Subjects } from '@medtutor/contracts';
import type { ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { firstValueFrom } from 'rxjs';
import { startReviewsUnderTest } from './support/reviews-under-test.js';

describe('reviews service over NATS', () => {
  let service: ServiceUnderTest;

  beforeAll(async () => {
    service = await startReviewsUnderTest('reviews_health');
  });

  afterAll(() => service.stop());

  it('answers its health subject with the database and NATS checks', async () => {
    const reply = await firstValueFrom(service.client.send(Subjects.reviews.health, {}));

    expect(HealthReplySchema.parse(reply)).toEqual({
      service: 'reviews',
      status: 'ok',
      checks: { database: 'ok', nats: 'ok' },
    });
  });
});
