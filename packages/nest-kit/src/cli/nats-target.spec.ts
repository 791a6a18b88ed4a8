import { describe, expect, it } from '@jest/globals';
import { resolveNatsTarget } from './nats-target.js';

const LOCAL_PASSWORDS =
  'NATS_GATEWAY_PASSWORD=nGateway\nNATS_ADMIN_PASSWORD=nAdmin0123\nNATS_PROVISIONER_PASSWORD=nProv0123\n';

describe('resolveNatsTarget', () => {
  it("uses NATS_URL with the operator's NATS_USER and NATS_PASSWORD when set, ignoring the local file", () => {
    const env = { NATS_URL: 'nats://nats.prod:4222', NATS_USER: 'admin', NATS_PASSWORD: 'secret' };
    expect(resolveNatsTarget(env, () => LOCAL_PASSWORDS)).toEqual({
      url: 'nats://nats.prod:4222',
      credentials: { user: 'admin', password: 'secret' },
    });
  });

  it('without them, reaches the system of npm start as admin with the password of .var/nats-passwords', () => {
    expect(resolveNatsTarget({}, () => LOCAL_PASSWORDS)).toEqual({
      url: 'nats://127.0.0.1:4222',
      credentials: { user: 'admin', password: 'nAdmin0123' },
    });
  });

  it('prefers NATS_ADMIN_PASSWORD from the environment, as scripts/lib/local-env.sh does', () => {
    expect(resolveNatsTarget({ NATS_ADMIN_PASSWORD: 'fromEnv' }, () => LOCAL_PASSWORDS).credentials).toEqual({
      user: 'admin',
      password: 'fromEnv',
    });
  });

  it('provisions locally as the provisioner user, with its own password', () => {
    expect(resolveNatsTarget({}, () => LOCAL_PASSWORDS, 'provisioner')).toEqual({
      url: 'nats://127.0.0.1:4222',
      credentials: { user: 'provisioner', password: 'nProv0123' },
    });
    expect(
      resolveNatsTarget({ NATS_PROVISIONER_PASSWORD: 'fromEnv' }, () => LOCAL_PASSWORDS, 'provisioner').credentials,
    ).toEqual({ user: 'provisioner', password: 'fromEnv' });
  });

  it('connects without credentials when there is no password anywhere (a server without users)', () => {
    expect(resolveNatsTarget({ NATS_URL: 'nats://127.0.0.1:5222' }, () => null)).toEqual({
      url: 'nats://127.0.0.1:5222',
      credentials: undefined,
    });
  });

  it('takes an empty variable for an unset one', () => {
    expect(resolveNatsTarget({ NATS_URL: '', NATS_USER: '', NATS_PASSWORD: '' }, () => LOCAL_PASSWORDS)).toEqual({
      url: 'nats://127.0.0.1:4222',
      credentials: { user: 'admin', password: 'nAdmin0123' },
    });
  });

  it('refuses a user without a password and a password without a user', () => {
    expect(() => resolveNatsTarget({ NATS_USER: 'admin' }, () => null)).toThrow(
      'NATS_USER and NATS_PASSWORD go together',
    );
    expect(() => resolveNatsTarget({ NATS_PASSWORD: 'x' }, () => LOCAL_PASSWORDS)).toThrow(
      'NATS_USER and NATS_PASSWORD go together',
    );
  });

  it("reaches production's TLS servers with the internal CA, and refuses a CA without tls:// servers", () => {
    const ca = '/tmp/medtutor-ca.crt';
    const env = { NATS_URL: 'tls://localhost:14222', NATS_CA_FILE: ca, NATS_USER: 'admin', NATS_PASSWORD: 'secret' };
    expect(resolveNatsTarget(env, () => null).tls).toEqual({ caFile: ca });
    expect(resolveNatsTarget({ NATS_URL: 'nats://127.0.0.1:4222' }, () => null).tls).toBeUndefined();
    expect(() => resolveNatsTarget({ ...env, NATS_URL: 'nats://localhost:14222' }, () => null)).toThrow(
      'NATS_CA_FILE is set but NATS_URL does not use TLS',
    );
  });
});
