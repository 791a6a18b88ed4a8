import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@medtutor/nest-kit';
import { loadGatewayConfig } from './gateway-config.js';

const secret = 'x'.repeat(32);

describe('gateway config', () => {
  it('applies the documented defaults for a local run', () => {
    const config = loadGatewayConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 8080,
      publicBaseUrl: 'http://localhost:8080',
      sessionSecretGenerated: true,
      session: { cookieName: 'sid', secureCookie: false, idleMs: 120 * 60_000, absoluteMs: 168 * 3_600_000 },
      trustProxy: false,
      rateLimits: {
        loginPerEmailAndIp: { points: 5, durationSeconds: 900 },
        loginPerEmail: { points: 20, durationSeconds: 3600 },
      },
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(config.frontendDir).toMatch(/\/frontends\/?$/);
  });

  it('requires a session secret and an https base URL in production', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(/PUBLIC_BASE_URL/);
    const config = loadGatewayConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      PUBLIC_BASE_URL: 'https://medpath.example',
    });
    expect(config.session).toMatchObject({ cookieName: '__Host-sid', secureCookie: true });
  });

  it('rejects a short session secret and malformed rate limits with the variable named', () => {
    expect(() => loadGatewayConfig({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => loadGatewayConfig({ RATE_LIMIT_LOGIN_EMAIL: 'lots' })).toThrow(/RATE_LIMIT_LOGIN_EMAIL/);
    expect(() => loadGatewayConfig({ RATE_LIMIT_LOGIN_EMAIL: '0/1h' })).toThrow(/RATE_LIMIT_LOGIN_EMAIL/);
  });

  it('parses rate limits and trust proxy values', () => {
    const config = loadGatewayConfig({ RATE_LIMIT_REGISTER_IP: '3/2d', TRUST_PROXY: '1' });
    expect(config.rateLimits.registerPerIp).toEqual({ points: 3, durationSeconds: 172_800 });
    expect(config.trustProxy).toBe(1);
    expect(loadGatewayConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadGatewayConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
  });
});
