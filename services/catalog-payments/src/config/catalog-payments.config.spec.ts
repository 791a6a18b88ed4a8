import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@medtutor/nest-kit';
import { loadCatalogPaymentsConfig } from './catalog-payments.config.js';

const base = { PAYMENTS_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/medtutor_payments' };

const problemsOf = (env: NodeJS.ProcessEnv): string => {
  try {
    loadCatalogPaymentsConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be rejected');
};

describe('catalog-payments configuration: discount code seeds', () => {
  it('seeds nothing when no names are configured', () => {
    expect(loadCatalogPaymentsConfig(base).discountCodeSeeds).toEqual([]);
  });

  it('seeds the named codes, trimmed and upper-cased, worth 30 and 1', () => {
    const config = loadCatalogPaymentsConfig({
      ...base,
      DISCOUNT_CODE_SEED_30: ' welcome30',
      DISCOUNT_CODE_SEED_1: 'test-1',
    });

    expect(config.discountCodeSeeds).toEqual([
      { code: 'WELCOME30', discountPounds: 30 },
      { code: 'TEST-1', discountPounds: 1 },
    ]);
  });

  it('stops with a clear message for a malformed name', () => {
    expect(problemsOf({ ...base, DISCOUNT_CODE_SEED_30: 'no spaces allowed' })).toContain(
      'DISCOUNT_CODE_SEED_30: must be 4–32 letters, digits or dashes',
    );
  });

  it('stops when both seeds name the same code', () => {
    expect(problemsOf({ ...base, DISCOUNT_CODE_SEED_30: 'SAME1', DISCOUNT_CODE_SEED_1: 'same1' })).toContain(
      'DISCOUNT_CODE_SEED_1: must differ from DISCOUNT_CODE_SEED_30',
    );
  });
});
