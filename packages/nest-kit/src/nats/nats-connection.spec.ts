import { describe, expect, it } from '@jest/globals';
import { loadConfig, serviceEnvSchema } from '../config/load-config.js';
import { natsAuthOptions, natsCredentials, natsTls, natsTlsOptions } from './nats-connection.js';

const schema = serviceEnvSchema('TEST_DATABASE_URL').transform((env, ctx) => ({
  natsCredentials: natsCredentials(env, ctx),
  natsTls: natsTls(env, ctx),
}));
const base = { TEST_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/t' };
const load = (env: Record<string, string>) => loadConfig(schema, { ...base, ...env });

describe('NATS credentials', () => {
  it('reads NATS_USER and NATS_PASSWORD together, or neither outside production', () => {
    expect(load({ NATS_USER: 'tutoring', NATS_PASSWORD: 'p'.repeat(24) }).natsCredentials).toEqual({
      user: 'tutoring',
      password: 'p'.repeat(24),
    });
    expect(load({ NATS_USER: '', NATS_PASSWORD: '' }).natsCredentials).toBeUndefined();
    expect(() => load({ NATS_USER: 'tutoring' })).toThrow('NATS_PASSWORD: NATS_USER and NATS_PASSWORD go together');
    expect(() => load({ NATS_PASSWORD: 'p'.repeat(24) })).toThrow('NATS_USER: NATS_USER and NATS_PASSWORD go together');
  });

  it('requires them in production and refuses a password the server cannot read or a user name that is not one token', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow('NATS_USER: is required in production');
    expect(() => load({ NATS_USER: 'tutoring', NATS_PASSWORD: 'short' })).toThrow('NATS_PASSWORD: must be at least 16');
    expect(() => load({ NATS_USER: 'tutoring.admin', NATS_PASSWORD: 'p'.repeat(24) })).toThrow('NATS_USER');
    // The server would read `-x…` or `1.2.3.4…` from its environment as something other than a string.
    expect(() => load({ NATS_USER: 'tutoring', NATS_PASSWORD: `-${'p'.repeat(24)}` })).toThrow(
      'NATS_PASSWORD: must start with a letter',
    );
  });

  it("connects with the user's own reply-inbox prefix, which is all the server lets it read", () => {
    expect(natsAuthOptions({ user: 'reviews', password: 'secret' })).toEqual({
      user: 'reviews',
      pass: 'secret',
      inboxPrefix: '_INBOX.reviews',
    });
    expect(natsAuthOptions(undefined)).toEqual({});
  });
});

describe('NATS TLS', () => {
  const CA = '/etc/medtutor/internal-ca/ca.crt';

  it('turns TLS on for tls:// servers, trusting NATS_CA_FILE when set', () => {
    expect(load({ NATS_URL: 'tls://nats:4222', NATS_CA_FILE: CA }).natsTls).toEqual({ caFile: CA });
    expect(load({ NATS_URL: 'tls://nats-0:4222,tls://nats-1:4222' }).natsTls).toEqual({ caFile: undefined });
    expect(load({ NATS_URL: 'nats://127.0.0.1:4222', NATS_CA_FILE: '' }).natsTls).toBeUndefined();
    expect(load({}).natsTls).toBeUndefined();
  });

  it('refuses a CA without tls:// servers, a list mixing tls:// and plain servers, and a relative CA path', () => {
    expect(() => load({ NATS_URL: 'nats://nats:4222', NATS_CA_FILE: CA })).toThrow(
      'NATS_CA_FILE: is set but NATS_URL does not use TLS: name the servers tls://host:4222',
    );
    expect(() => load({ NATS_URL: 'tls://nats-0:4222,nats://nats-1:4222', NATS_CA_FILE: CA })).toThrow(
      'NATS_URL: names tls:// and plain servers together',
    );
    expect(() => load({ NATS_URL: 'tls://nats:4222', NATS_CA_FILE: 'ca.crt' })).toThrow(
      'NATS_CA_FILE: must be an absolute path to a PEM file',
    );
  });

  it('asks the client for TLS (so it refuses a server without it) with the CA file, or nothing for plain servers', () => {
    expect(natsTlsOptions({ caFile: CA })).toEqual({ tls: { caFile: CA } });
    expect(natsTlsOptions({ caFile: undefined })).toEqual({ tls: {} });
    expect(natsTlsOptions(undefined)).toEqual({});
  });
});
