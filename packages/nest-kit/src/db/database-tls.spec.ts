import { describe, expect, it } from '@jest/globals';
import { TEST_DATABASE_CA_PEM, TEST_DATABASE_SERVER_CERT_PEM } from '../testing/database-tls.js';
import { caBundleState, DATABASE_CA_PATH, databaseTlsProblem, explainDatabaseError } from './database-tls.js';

const HOST = 'postgresql://app:secret@db.example.internal:5432/app';
const VERIFIED = `${HOST}?sslmode=verify-full&sslrootcert=${DATABASE_CA_PATH}`;
const CA_OK = { kind: 'ok', certificates: 1 } as const;

describe('databaseTlsProblem', () => {
  it('accepts verify-full with a CA bundle in production, and a plain local URL elsewhere', () => {
    expect(databaseTlsProblem({ url: VERIFIED, production: true, ca: CA_OK })).toBeUndefined();
    expect(databaseTlsProblem({ url: HOST, production: false })).toBeUndefined();
    expect(databaseTlsProblem({ url: `${HOST}?sslmode=disable`, production: false })).toBeUndefined();
    expect(databaseTlsProblem({ url: `${HOST}?sslmode=verify-full`, production: false })).toBeUndefined();
  });

  it.each(['require', 'prefer', 'verify-ca', 'allow'])(
    'refuses sslmode=%s everywhere: libpq and node-postgres read it differently',
    (mode) => {
      const url = `${HOST}?sslmode=${mode}`;
      expect(databaseTlsProblem({ url, production: true })).toBe(
        `sslmode=${mode} means a weaker check to libpq (pg_dump) than to node-postgres, which verifies fully and then fails on a private CA: use sslmode=verify-full&sslrootcert=${DATABASE_CA_PATH} (docs/operations.md, "Database TLS")`,
      );
      expect(databaseTlsProblem({ url, production: false })).toMatch(/or sslmode=disable for a local database/);
    },
  );

  it('wants verified TLS in production: no sslmode, disable and no-verify are refused', () => {
    expect(databaseTlsProblem({ url: HOST, production: true })).toBe(
      `production connects to PostgreSQL only with verified TLS, got no sslmode: end the URL with ?sslmode=verify-full&sslrootcert=${DATABASE_CA_PATH} (docs/operations.md, "Database TLS")`,
    );
    expect(databaseTlsProblem({ url: `${HOST}?sslmode=disable`, production: true })).toMatch(/got sslmode=disable/);
    expect(databaseTlsProblem({ url: `${HOST}?sslmode=no-verify`, production: true })).toMatch(/got sslmode=no-verify/);
  });

  it('needs no TLS in production for a connection that never leaves the machine: loopback or a Unix socket', () => {
    for (const url of [
      'postgresql://app:secret@127.0.0.1:5432/app',
      'postgresql://app:secret@localhost:5432/app?sslmode=disable',
      'postgresql://app:secret@[::1]:5432/app',
      'postgresql://app:secret@x/app?host=/var/run/postgresql',
    ]) {
      expect(databaseTlsProblem({ url, production: true })).toBeUndefined();
    }
    // Only plain local connections: an ambiguous mode is refused there too, and a look-alike host is remote.
    expect(
      databaseTlsProblem({ url: 'postgresql://app@127.0.0.1:5432/app?sslmode=require', production: true }),
    ).toMatch(/^sslmode=require means a weaker check/);
    expect(databaseTlsProblem({ url: 'postgresql://app@127.0.0.1.example.com/app', production: true })).toMatch(
      /got no sslmode/,
    );
  });

  it('wants the provider CA in production: the system store does not hold a private CA', () => {
    expect(databaseTlsProblem({ url: `${HOST}?sslmode=verify-full`, production: true })).toMatch(
      /^sslmode=verify-full needs sslrootcert=\/etc\/medtutor\/database-ca\/ca.pem in production/,
    );
  });

  it('names the mount when the CA file is missing, not a CA, or expired, in any environment', () => {
    expect(databaseTlsProblem({ url: VERIFIED, production: true, ca: { kind: 'missing' } })).toMatch(
      /^sslrootcert \/etc\/medtutor\/database-ca\/ca.pem does not exist: mount the database provider's CA bundle there \(the prod overlay's database-ca ConfigMap/,
    );
    expect(databaseTlsProblem({ url: VERIFIED, production: false, ca: { kind: 'no-ca-certificate' } })).toMatch(
      /holds no CA certificate \(PEM\): put the database provider's CA bundle there, not the server's own certificate/,
    );
    expect(
      databaseTlsProblem({ url: VERIFIED, production: true, ca: { kind: 'expired', notAfter: '2025-01-01' } }),
    ).toMatch(/has expired \(last on 2025-01-01\): download the provider's current bundle/);
  });

  it('never puts the password or host of the URL in its message', () => {
    for (const url of [HOST, `${HOST}?sslmode=require`, `${HOST}?sslmode=verify-full`]) {
      const problem = databaseTlsProblem({ url, production: true }) ?? '';
      expect(problem).not.toContain('secret');
      expect(problem).not.toContain('db.example.internal');
    }
  });
});

describe('caBundleState', () => {
  const now = new Date('2030-01-01T00:00:00Z');

  it('counts the CA certificates of a bundle', () => {
    expect(caBundleState(TEST_DATABASE_CA_PEM + TEST_DATABASE_CA_PEM, now)).toEqual({ kind: 'ok', certificates: 2 });
  });

  it('finds no CA in a server certificate, an empty file or garbage', () => {
    expect(caBundleState(TEST_DATABASE_SERVER_CERT_PEM, now)).toEqual({ kind: 'no-ca-certificate' });
    expect(caBundleState('', now)).toEqual({ kind: 'no-ca-certificate' });
    expect(caBundleState('-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----', now)).toEqual({
      kind: 'no-ca-certificate',
    });
  });

  it('reports a bundle whose every CA has expired, with the last expiry', () => {
    expect(caBundleState(TEST_DATABASE_CA_PEM, new Date('2200-01-01T00:00:00Z'))).toEqual({
      kind: 'expired',
      notAfter: '2126-11-04',
    });
  });
});

describe('explainDatabaseError', () => {
  const tlsError = (code: string) => Object.assign(new Error('raw'), { code });

  it.each(['SELF_SIGNED_CERT_IN_CHAIN', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'DEPTH_ZERO_SELF_SIGNED_CERT'])(
    'says a %s server certificate needs the provider CA bundle',
    (code) => {
      const explained = explainDatabaseError(tlsError(code)) as Error;
      expect(explained.message).toBe(
        `Database TLS failed (${code}): the database's certificate is not signed by a CA in sslrootcert: mount the CA bundle of the provider that runs this database (docs/operations.md, "Database TLS")`,
      );
      expect(explained.cause).toMatchObject({ code });
    },
  );

  it('says a host name mismatch needs the provider host name, and a plain server needs TLS', () => {
    expect((explainDatabaseError(tlsError('ERR_TLS_CERT_ALTNAME_INVALID')) as Error).message).toMatch(
      /does not name the host in the URL: connect by the host name the provider gives/,
    );
    expect((explainDatabaseError(new Error('The server does not support SSL connections')) as Error).message).toMatch(
      /the server does not accept TLS: enable TLS on it/,
    );
  });

  it('leaves any other error as it is', () => {
    const refused = tlsError('ECONNREFUSED');
    expect(explainDatabaseError(refused)).toBe(refused);
  });
});
