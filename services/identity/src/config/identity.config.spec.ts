import { resolve } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@medtutor/nest-kit';
import { testActorKeys, withVerifiedTls } from '@medtutor/nest-kit/testing';
import { loadIdentityConfig } from './identity.config.js';

const base = {
  ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
  IDENTITY_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/medtutor_identity',
  PUBLIC_BASE_URL: 'http://localhost:8080/',
  MAIL_FROM: 'MedPath Tutors <no-reply@localhost>',
};
const production = {
  ...base,
  NODE_ENV: 'production',
  IDENTITY_DATABASE_URL: withVerifiedTls(base.IDENTITY_DATABASE_URL),
  SMTP_URL: 'smtps://user:pass@smtp.example.com',
  NATS_USER: 'identity',
  NATS_PASSWORD: 'a-nats-password-for-identity',
  TOTP_ENCRYPTION_KEY: 'a-production-key-of-at-least-32-characters',
};

const problemsOf = (env: NodeJS.ProcessEnv): string => {
  try {
    loadIdentityConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be rejected');
};

describe('identity configuration', () => {
  it('runs retention daily and keeps mail records 30 days unless told otherwise', () => {
    expect(loadIdentityConfig(base).retention).toEqual({ intervalMs: 86_400_000, mailDays: 30 });
    expect(
      loadIdentityConfig({ ...base, RETENTION_INTERVAL_MS: '3600000', RETENTION_MAIL_DAYS: '7' }).retention,
    ).toEqual({ intervalMs: 3_600_000, mailDays: 7 });
    expect(problemsOf({ ...base, RETENTION_MAIL_DAYS: '0' })).toContain('RETENTION_MAIL_DAYS');
    expect(problemsOf({ ...base, RETENTION_INTERVAL_MS: '1000' })).toContain('RETENTION_INTERVAL_MS');
  });

  it('uses the local mail-outbox folder of the repository when SMTP_URL is unset', () => {
    const config = loadIdentityConfig(base);
    expect(config.mail.transport).toEqual({
      kind: 'folder',
      dir: resolve(import.meta.dirname, '../../../../.var/mail-outbox'),
    });
    expect(config.publicBaseUrl).toBe('http://localhost:8080');
    expect(config.seedAdmin).toBeNull();
  });

  it('resolves a relative MAIL_OUTBOX_DIR against the working directory', () => {
    expect(loadIdentityConfig({ ...base, MAIL_OUTBOX_DIR: 'tmp/mail' }).mail.transport).toEqual({
      kind: 'folder',
      dir: resolve('tmp/mail'),
    });
  });

  it('sends through SMTP when SMTP_URL is set, and treats an empty one as unset', () => {
    expect(loadIdentityConfig({ ...base, SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.transport).toEqual({
      kind: 'smtp',
      url: 'smtp://127.0.0.1:2525',
    });
    expect(loadIdentityConfig({ ...base, SMTP_URL: '' }).mail.transport.kind).toBe('folder');
  });

  it('refers to SMTP_URL, MAIL_FROM and PUBLIC_BASE_URL by name when they are wrong', () => {
    const message = problemsOf({
      IDENTITY_DATABASE_URL: base.IDENTITY_DATABASE_URL,
      PUBLIC_BASE_URL: 'ftp://x',
      SMTP_URL: 'http://mail',
    });
    expect(message).toContain('PUBLIC_BASE_URL: must be an http(s) URL');
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).toContain('MAIL_FROM');
  });

  it('refuses to start in production without SMTP_URL', () => {
    expect(problemsOf({ ...production, SMTP_URL: undefined })).toContain('SMTP_URL: is required in production');
    expect(loadIdentityConfig(production).mail.transport.kind).toBe('smtp');
  });

  it('wants both seed variables or neither', () => {
    expect(problemsOf({ ...base, SEED_ADMIN_EMAIL: 'admin@example.com' })).toContain('set both or neither');
    expect(problemsOf({ ...base, SEED_ADMIN_PASSWORD: 'long-enough-1' })).toContain('set both or neither');
  });

  it('normalises the seeded admin email', () => {
    expect(
      loadIdentityConfig({ ...base, SEED_ADMIN_EMAIL: 'Admin@Example.com', SEED_ADMIN_PASSWORD: 'long-enough-1' })
        .seedAdmin,
    ).toEqual({
      email: 'admin@example.com',
      password: 'long-enough-1',
    });
  });

  it('requires a TOTP encryption key of at least 32 characters in production, and makes one up elsewhere', () => {
    expect(problemsOf({ ...production, TOTP_ENCRYPTION_KEY: undefined })).toContain(
      'TOTP_ENCRYPTION_KEY: is required in production',
    );
    expect(problemsOf({ ...base, TOTP_ENCRYPTION_KEY: 'short' })).toContain('TOTP_ENCRYPTION_KEY: must be at least 32');
    expect(loadIdentityConfig(production).totpEncryptionKey).toBe(production.TOTP_ENCRYPTION_KEY);
    expect(loadIdentityConfig(base).totpEncryptionKey).toMatch(/^[\w-]{43}$/);
  });

  it('has no admin defaults in production and refuses the published local password there', () => {
    expect(loadIdentityConfig(production).seedAdmin).toBeNull();
    expect(
      problemsOf({ ...production, SEED_ADMIN_EMAIL: 'admin@example.com', SEED_ADMIN_PASSWORD: 'ChangeMe-Admin-2026' }),
    ).toContain('published local default');
  });
});
