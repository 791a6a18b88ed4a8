import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CatalogDtoSchema, CatalogMessages, ErrorCodes, QuoteSchema, Subjects } from '@medtutor/contracts';
import { type SignedRpc, signedRpc, startServiceUnderTest, type ServiceUnderTest } from '@medtutor/nest-kit/testing';
import { catalogPayments } from '../src/service.js';
import { paymentsTestConfig } from './support/payments-harness.js';

/** The catalog subjects as the gateway calls them, on this file's own NATS server. */
describe('catalog over NATS', () => {
  let service: ServiceUnderTest;

  let rpc: SignedRpc;

  beforeAll(async () => {
    service = await startServiceUnderTest({
      service: catalogPayments,
      label: 'payments_catalog',
      config: paymentsTestConfig(),
    });
    rpc = signedRpc(service.client, 'catalog-test');
  });

  afterAll(() => service.stop());

  it('serves the public catalog with UCAT marked unavailable', async () => {
    const catalog = CatalogDtoSchema.parse(await rpc.call(Subjects.catalogPayments.getCatalog, {}));

    expect(catalog.subjects.map((s) => [s.name, s.available])).toEqual([
      ['UCAT', false],
      ['Medical School Interviews', true],
      ['Medical School Support', true],
    ]);
    expect(catalog.currencies).toHaveLength(7);
    expect(catalog.defaultCurrency).toBe('GBP');
  });

  it('quotes a package in minor units and ignores any amount the client sends', async () => {
    const reply = await rpc.call(Subjects.catalogPayments.quote, {
      subject: 'Medical School Support',
      packageType: 'package10',
      currency: 'USD',
      amount: 1,
    });

    expect(QuoteSchema.parse(reply)).toMatchObject({
      packageName: '10-Session Package',
      hours: 10,
      currency: 'USD',
      amountMinor: 58420,
      formattedPrice: '$584.20',
    });
  });

  it('refuses to sell UCAT with a clear message', async () => {
    const error = await rpc.fail(Subjects.catalogPayments.quote, {
      subject: 'UCAT',
      packageType: 'package5',
      currency: 'GBP',
    });

    expect(error).toMatchObject({
      code: ErrorCodes.subjectUnavailable,
      message: CatalogMessages.subjectUnavailable('UCAT'),
    });
  });

  it('answers an unknown currency with a validation error', async () => {
    const error = await rpc.fail(Subjects.catalogPayments.quote, {
      subject: 'Medical School Interviews',
      packageType: 'package5',
      currency: 'SEK',
    });

    expect(error).toMatchObject({ code: ErrorCodes.validationFailed, message: CatalogMessages.currencyInvalid });
  });
});
