import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@medtutor/nest-kit';
import { loadGatewayConfig } from './gateway-config.js';

const secret = 'x'.repeat(32);
/** What docker-compose and Kubernetes give the gateway: its NATS user and a Redis with a password. */
// The actor-signing key the gateway needs besides (see "Actor keys" in README.md).
const actorKey = {
  ACTOR_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const productionInfra = {
  NATS_USER: 'gateway',
  NATS_PASSWORD: 'a-nats-password-for-the-gateway',
  REDIS_URL: 'redis://:a-redis-password@redis:6379',
};

describe('gateway config', () => {
  it('applies the documented defaults for a local run', () => {
    const config = loadGatewayConfig(actorKey);
    expect(config).toMatchObject({
      production: false,
      port: 8080,
      publicBaseUrl: 'http://localhost:8080',
      pageSettings: { publicBaseUrl: 'http://localhost:8080', supportEmail: 'support@medpath.local' },
      sessionSecretGenerated: true,
      session: { cookieName: 'sid', secureCookie: false, idleMs: 120 * 60_000, absoluteMs: 168 * 3_600_000 },
      trustProxy: false,
      rateLimits: {
        loginPerEmailAndIp: { points: 5, durationSeconds: 900 },
      },
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.frontendDir).toMatch(/\/frontends\/?$/);
  });

  it('requires a session secret, an https base URL and the support address in production', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ ...actorKey, NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(
      /PUBLIC_BASE_URL[^]*SUPPORT_EMAIL: is required in production/,
    );
    const config = loadGatewayConfig({
      ...actorKey,
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      PUBLIC_BASE_URL: 'https://medpath.example',
      SUPPORT_EMAIL: 'help@medpath.example',
      ...productionInfra,
    });
    expect(config.session).toMatchObject({ cookieName: '__Host-sid', secureCookie: true });
    expect(config.pageSettings).toEqual({
      publicBaseUrl: 'https://medpath.example',
      supportEmail: 'help@medpath.example',
    });
  });

  it('takes PUBLIC_BASE_URL as an http(s) origin and SUPPORT_EMAIL as an address, naming them when they are not', () => {
    expect(loadGatewayConfig({ ...actorKey, PUBLIC_BASE_URL: 'https://MedPath.example:443' }).publicBaseUrl).toBe(
      'https://medpath.example',
    );
    expect(
      loadGatewayConfig({ ...actorKey, PUBLIC_BASE_URL: 'http://localhost:9999' }).pageSettings.publicBaseUrl,
    ).toBe('http://localhost:9999');
    for (const wrong of [
      'https://medpath.example/',
      'https://medpath.example/site',
      'https://medpath.example?x=1',
      'https://user:pw@medpath.example',
      'ftp://medpath.example',
      'medpath.example',
    ]) {
      expect(() => loadGatewayConfig({ ...actorKey, PUBLIC_BASE_URL: wrong })).toThrow(
        /PUBLIC_BASE_URL: must be an http\(s\) origin/,
      );
    }
    expect(() => loadGatewayConfig({ ...actorKey, SUPPORT_EMAIL: 'support at medpath' })).toThrow(
      /SUPPORT_EMAIL: must be an email address/,
    );
  });

  it('requires NATS credentials and a Redis password in production, and NATS_USER with NATS_PASSWORD anywhere', () => {
    const production = {
      ...actorKey,
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      PUBLIC_BASE_URL: 'https://medpath.example',
      SUPPORT_EMAIL: 'help@medpath.example',
    };
    expect(() => loadGatewayConfig({ ...production, ...productionInfra, REDIS_URL: 'redis://redis:6379' })).toThrow(
      /REDIS_URL: must carry a password in production/,
    );
    const published = 'redis://:publishedDevOnly-redis@redis:6379';
    expect(() => loadGatewayConfig({ ...production, ...productionInfra, REDIS_URL: published })).toThrow(
      /REDIS_URL: holds a published development default \(publishedDevOnly…\), refused in production/,
    );
    expect(() => loadGatewayConfig({ ...production, ...productionInfra, NATS_USER: '', NATS_PASSWORD: '' })).toThrow(
      /NATS_USER: is required in production/,
    );
    expect(() => loadGatewayConfig({ ...actorKey, NATS_USER: 'gateway' })).toThrow(
      /NATS_PASSWORD: NATS_USER and NATS_PASSWORD go/,
    );
    expect(loadGatewayConfig({ ...production, ...productionInfra }).natsCredentials).toEqual({
      user: 'gateway',
      password: productionInfra.NATS_PASSWORD,
    });
    // An open server (local tests) needs none.
    expect(loadGatewayConfig(actorKey).natsCredentials).toBeUndefined();
  });

  it('rejects a short session secret and malformed rate limits with the variable named', () => {
    expect(() => loadGatewayConfig({ ...actorKey, SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => loadGatewayConfig({ ...actorKey, RATE_LIMIT_LOGIN_EMAIL_IP: 'lots' })).toThrow(
      /RATE_LIMIT_LOGIN_EMAIL_IP/,
    );
    expect(() => loadGatewayConfig({ ...actorKey, RATE_LIMIT_LOGIN_EMAIL_IP: '0/1h' })).toThrow(
      /RATE_LIMIT_LOGIN_EMAIL_IP/,
    );
  });

  it('parses rate limits and trust proxy values', () => {
    const config = loadGatewayConfig({ ...actorKey, RATE_LIMIT_REGISTER_IP: '3/2d', TRUST_PROXY: '1' });
    expect(config.rateLimits.registerPerIp).toEqual({ points: 3, durationSeconds: 172_800 });
    expect(config.trustProxy).toBe(1);
    expect(loadGatewayConfig({ ...actorKey, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadGatewayConfig({ ...actorKey, TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
  });

  it('requires the actor-signing key everywhere and refuses the published development key in production', () => {
    expect(() => loadGatewayConfig({})).toThrow(/ACTOR_SIGNING_KEY: is required: the Ed25519 private key/);
    expect(() => loadGatewayConfig({ ACTOR_SIGNING_KEY: 'not a key' })).toThrow(
      /ACTOR_SIGNING_KEY: is not a readable private key/,
    );
    expect(loadGatewayConfig(actorKey).actorSigningKey.asymmetricKeyType).toBe('ed25519');
    // The pair docker-compose.yml publishes for local runs.
    const composeKey =
      '-----BEGIN PRIVATE KEY-----\\nMC4CAQAwBQYDK2VwBCIEIKV3jB/CjZ6flKs3zEL3/jXrdpiTDI8f0ZDJ6gSlAgVf\\n-----END PRIVATE KEY-----';
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      PUBLIC_BASE_URL: 'https://medpath.example',
      SUPPORT_EMAIL: 'help@medpath.example',
    };
    expect(loadGatewayConfig({ ACTOR_SIGNING_KEY: composeKey }).actorSigningKey.type).toBe('private');
    expect(() => loadGatewayConfig({ ...production, ...productionInfra, ACTOR_SIGNING_KEY: composeKey })).toThrow(
      /ACTOR_SIGNING_KEY: holds the published development key/,
    );
  });

  it('connects to Redis and NATS over TLS with the internal CA when the URLs say so', () => {
    const ca = '/etc/medtutor/internal-ca/ca.crt';
    const config = loadGatewayConfig({
      ...actorKey,
      REDIS_URL: 'rediss://:a-redis-password@redis:6379',
      REDIS_CA_FILE: ca,
      NATS_URL: 'tls://nats:4222',
      NATS_CA_FILE: ca,
    });
    expect(config.redisTls).toEqual({ caFile: ca });
    expect(config.natsTls).toEqual({ caFile: ca });
    const plain = loadGatewayConfig(actorKey);
    expect(plain.redisTls).toBeUndefined();
    expect(plain.natsTls).toBeUndefined();
  });

  it('refuses a CA file for a Redis or NATS URL that does not use TLS', () => {
    const ca = '/etc/medtutor/internal-ca/ca.crt';
    expect(() => loadGatewayConfig({ ...actorKey, REDIS_URL: 'redis://redis:6379', REDIS_CA_FILE: ca })).toThrow(
      /REDIS_CA_FILE: is set but REDIS_URL does not use TLS: use a rediss:\/\/ URL/,
    );
    expect(() => loadGatewayConfig({ ...actorKey, REDIS_URL: 'rediss://redis:6379', REDIS_CA_FILE: 'ca.crt' })).toThrow(
      /REDIS_CA_FILE: must be an absolute path/,
    );
    expect(() => loadGatewayConfig({ ...actorKey, NATS_CA_FILE: ca })).toThrow(
      /NATS_CA_FILE: is set but NATS_URL does not use TLS/,
    );
  });
});
