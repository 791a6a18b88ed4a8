import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@medtutor/nest-kit';
import { testActorKeys, withVerifiedTls } from '@medtutor/nest-kit/testing';
import { loadCatalogPaymentsConfig } from './catalog-payments.config.js';

const base = {
  ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
  PAYMENTS_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/medtutor_payments',
  MAIL_FROM: 'MedPath Tutoring <no-reply@example.com>',
};

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

describe('catalog-payments configuration: payment provider', () => {
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
  };

  it('uses the demo provider when no Stripe key is set (outside production)', () => {
    expect(loadCatalogPaymentsConfig(base).payments.provider).toBe('demo');
    expect(loadCatalogPaymentsConfig({ ...base, STRIPE_SECRET_KEY: '' }).payments.provider).toBe('demo');
  });

  it('uses Stripe when the secret key is set, and an explicit PAYMENTS_PROVIDER wins', () => {
    expect(loadCatalogPaymentsConfig({ ...base, ...stripeKeys }).payments.provider).toBe('stripe');
    expect(loadCatalogPaymentsConfig({ ...base, ...stripeKeys, PAYMENTS_PROVIDER: 'demo' }).payments.provider).toBe(
      'demo',
    );
  });

  it('reads the Stripe API base, webhook tolerance and hold minutes', () => {
    const config = loadCatalogPaymentsConfig({
      ...base,
      ...stripeKeys,
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      STRIPE_WEBHOOK_TOLERANCE_SECONDS: '60',
      PAYMENT_HOLD_MINUTES: '10',
    });

    expect(config.payments.stripe).toMatchObject({ apiBase: 'http://127.0.0.1:12111', webhookToleranceSeconds: 60 });
    expect(config.payments.holdMs).toBe(10 * 60_000);
    expect(loadCatalogPaymentsConfig(base).payments.holdMs).toBe(30 * 60_000);
  });

  it('reads the sweep interval (60 s unless set) and refuses one outside 1–3600 s', () => {
    expect(loadCatalogPaymentsConfig(base).payments.sweepIntervalMs).toBe(60_000);
    expect(loadCatalogPaymentsConfig({ ...base, PAYMENT_SWEEP_INTERVAL_SECONDS: '15' }).payments.sweepIntervalMs).toBe(
      15_000,
    );
    expect(problemsOf({ ...base, PAYMENT_SWEEP_INTERVAL_SECONDS: '0' })).toContain('PAYMENT_SWEEP_INTERVAL_SECONDS');
    expect(problemsOf({ ...base, PAYMENT_SWEEP_INTERVAL_SECONDS: 'soon' })).toContain('PAYMENT_SWEEP_INTERVAL_SECONDS');
  });

  it('refuses the Stripe provider without all three keys, naming each missing one', () => {
    const problems = problemsOf({ ...base, PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' });

    expect(problems).toContain('STRIPE_PUBLISHABLE_KEY: is required for the Stripe provider');
    expect(problems).toContain('STRIPE_WEBHOOK_SECRET: is required for the Stripe provider');
  });

  it('refuses the demo provider in production, and production without the Stripe keys', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      PAYMENTS_DATABASE_URL: withVerifiedTls(base.PAYMENTS_DATABASE_URL),
      SMTP_URL: 'smtps://mail.example.com',
      NATS_USER: 'catalog-payments',
      NATS_PASSWORD: 'a-nats-password-for-payments',
    };

    expect(problemsOf({ ...production, ...stripeKeys, PAYMENTS_PROVIDER: 'demo' })).toContain(
      'PAYMENTS_PROVIDER: demo takes no money and is refused in production',
    );
    expect(problemsOf(production)).toContain('STRIPE_SECRET_KEY: is required for the Stripe provider');
    expect(loadCatalogPaymentsConfig({ ...production, ...stripeKeys }).payments.provider).toBe('stripe');
  });

  it('refuses placeholder Stripe keys in production, as the manifests ship them', () => {
    const production = {
      ...base,
      ...stripeKeys,
      NODE_ENV: 'production',
      PAYMENTS_DATABASE_URL: withVerifiedTls(base.PAYMENTS_DATABASE_URL),
      SMTP_URL: 'smtps://mail.example.com',
      NATS_USER: 'catalog-payments',
      NATS_PASSWORD: 'a-nats-password-for-payments',
    };
    const problems = problemsOf({
      ...production,
      STRIPE_PUBLISHABLE_KEY: 'pk_live_replace_me',
      STRIPE_SECRET_KEY: 'sk_live_changeme',
    });

    expect(problems).toContain('STRIPE_PUBLISHABLE_KEY: holds the placeholder "replace_me", refused in production');
    expect(problems).toContain('STRIPE_SECRET_KEY: holds the placeholder "changeme", refused in production');
    expect(
      loadCatalogPaymentsConfig({
        ...production,
        STRIPE_PUBLISHABLE_KEY: 'pk_live_replace_me',
        NODE_ENV: 'development',
      }).payments.stripe.publishableKey,
    ).toBe('pk_live_replace_me');
  });

  it('refuses a key of the wrong kind', () => {
    expect(problemsOf({ ...base, ...stripeKeys, STRIPE_PUBLISHABLE_KEY: 'sk_test_oops' })).toContain(
      'STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key',
    );
  });
});
