import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CatalogMessages, ErrorCodes, Subjects } from '@medtutor/contracts';
import request from 'supertest';
import { sql } from '@medtutor/nest-kit/testing';
import { PublicReadsService } from '../src/public-reads/public-reads.service.js';
import { PLATFORM_START_MS, PLATFORM_STOP_MS, type RealPlatform, startRealPlatform } from './support/real-platform.js';

/**
 * The catalog and its prices as the real catalog-payments serves and charges them, through the
 * gateway: the figures are docs/product.md §9's, written out here so a wrong table or conversion fails.
 */
let platform: RealPlatform;

beforeAll(async () => {
  platform = await startRealPlatform({
    label: 'catalog',
    services: ['catalog-payments'],
    watch: [Subjects.catalogPayments.getCatalog],
    // The last test waits this long for a service that is gone.
    gatewayEnv: { RPC_TIMEOUT_MS: '2000' },
  });
}, PLATFORM_START_MS);

afterAll(() => platform?.close(), PLATFORM_STOP_MS);

describe('GET /api/catalog', () => {
  it("serves docs/product.md §9's subjects, packages and currencies to a visitor, asking with no actor", async () => {
    // The copy fetched at start was asked for before the request log listened: fetch it again.
    platform.gateway.app.get(PublicReadsService).changed('catalog');
    const res = await request(platform.server).get('/api/catalog');

    expect(res.status).toBe(200);
    expect(res.body.subjects).toEqual([
      { name: 'UCAT', available: false, pricesGbp: { singleSession: 40, package5: 190, package10: 360 } },
      {
        name: 'Medical School Interviews',
        available: true,
        pricesGbp: { singleSession: 40, package5: 190, package10: 360 },
      },
      {
        name: 'Medical School Support',
        available: true,
        pricesGbp: { singleSession: 50, package5: 240, package10: 460 },
      },
    ]);
    expect(res.body.packages).toEqual([
      { type: 'singleSession', name: 'Single Session', hours: 1 },
      { type: 'package5', name: '5-Session Package', hours: 5 },
      { type: 'package10', name: '10-Session Package', hours: 10 },
    ]);
    expect(
      res.body.currencies.map(({ code, multiplier }: { code: string; multiplier: string }) => [code, multiplier]),
    ).toEqual([
      ['GBP', '1'],
      ['USD', '1.27'],
      ['EUR', '1.17'],
      ['CHF', '1.14'],
      ['CAD', '1.71'],
      ['AUD', '1.91'],
      ['JPY', '190'],
    ]);
    expect(res.body).toMatchObject({ defaultCurrency: 'GBP', defaultPackageType: 'singleSession' });
    expect((await platform.requests.last(Subjects.catalogPayments.getCatalog))?.meta.actor).toBeNull();
  });

  // £460 (Support, 10 sessions) and £40 (Interviews, one session) in each currency's minor unit.
  it.each([
    ['GBP', 46_000, '£460.00', 4_000],
    ['USD', 58_420, '$584.20', 5_080],
    ['EUR', 53_820, '€538.20', 4_680],
    ['CHF', 52_440, 'CHF 524.40', 4_560],
    ['CAD', 78_660, 'C$786.60', 6_840],
    ['AUD', 87_860, 'A$878.60', 7_640],
    ['JPY', 87_400, '¥87400', 7_600],
  ])('charges %s in minor units as catalog-payments converts the table', async (currency, dearest, text, cheapest) => {
    const { cookie, user } = await platform.signIn('student');
    const buy = (subject: string, packageType: string) =>
      request(platform.server)
        .post('/api/create-payment-intent')
        .set('Cookie', cookie)
        .send({ subject, packageType, currency });

    const support = await buy('Medical School Support', 'package10');
    expect(support.status).toBe(200);
    expect(support.body).toMatchObject({ currency, amount: dearest, formattedPrice: text, hours: 10 });
    const interview = await buy('Medical School Interviews', 'singleSession');
    expect(interview.body).toMatchObject({ currency, amount: cheapest, hours: 1 });

    const stored = await sql<{ currency: string; amount_minor: number; package_type: string }>(
      platform.databases['catalog-payments']!,
      'SELECT currency, amount_minor, package_type FROM payments WHERE user_id = $1 ORDER BY created_at',
      [user.id],
    );
    expect(stored).toEqual([
      { currency, amount_minor: dearest, package_type: 'package10' },
      { currency, amount_minor: cheapest, package_type: 'singleSession' },
    ]);
  });

  it('refuses to sell UCAT, shown as unavailable, and records no payment', async () => {
    const { cookie, user } = await platform.signIn('student');

    const res = await request(platform.server)
      .post('/api/create-payment-intent')
      .set('Cookie', cookie)
      .send({ subject: 'UCAT', packageType: 'package5', currency: 'GBP' });

    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      statusCode: 422,
      code: ErrorCodes.subjectUnavailable,
      message: CatalogMessages.subjectUnavailable('UCAT'),
    });
    const stored = await sql(platform.databases['catalog-payments']!, 'SELECT id FROM payments WHERE user_id = $1', [
      user.id,
    ]);
    expect(stored).toEqual([]);
  });

  // Last: catalog-payments stays stopped.
  it('keeps answering from memory when catalog-payments is gone, and 503 once the copy is dropped', async () => {
    const before = await request(platform.server).get('/api/catalog');
    await platform.stopService('catalog-payments');

    const fromMemory = await request(platform.server).get('/api/catalog');
    expect(fromMemory.status).toBe(200);
    expect(fromMemory.body).toEqual(before.body);

    platform.gateway.app.get(PublicReadsService).changed('catalog');
    const res = await request(platform.server).get('/api/catalog');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: ErrorCodes.serviceUnavailable });
  });
});
