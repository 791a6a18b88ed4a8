import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Where the prod overlay mounts the database provider's CA bundle (the `database-ca` ConfigMap) in
 * every pod and Job that talks to PostgreSQL; a database URL names it as `sslrootcert`.
 */
export const DATABASE_CA_PATH = '/etc/medtutor/database-ca/ca.pem';

/** The settings a production database URL ends with. */
export const VERIFIED_TLS_PARAMS = `sslmode=verify-full&sslrootcert=${DATABASE_CA_PATH}`;

const SEE_DOCS = 'docs/operations.md, "Database TLS"';

/**
 * Modes that libpq (pg_dump, psql) and node-postgres read differently: libpq checks no certificate
 * (or no host name), node-postgres 8 checks both, so the same URL dumps fine and fails in the apps
 * ("self-signed certificate in certificate chain"), and pg 9 will switch to libpq's weaker reading.
 */
const AMBIGUOUS_MODES = new Set(['allow', 'prefer', 'require', 'verify-ca']);

/** Hosts whose connections never leave the machine (or the pod). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the URL reaches PostgreSQL without crossing a network: a loopback address or a Unix socket
 * (`?host=/path`). There TLS protects nothing: a database proxy beside the app (Cloud SQL Auth Proxy,
 * which encrypts to the server itself) or a database on the same machine.
 */
function isLocalConnection(url: URL): boolean {
  const socketDir = url.searchParams.get('host');
  return socketDir?.startsWith('/') === true || LOOPBACK_HOSTS.has(url.hostname);
}

/** What the file an URL names as `sslrootcert` holds (`caBundleState` reads its text). */
export type CaBundleState =
  | { kind: 'missing' }
  | { kind: 'no-ca-certificate' }
  | { kind: 'expired'; notAfter: string }
  | { kind: 'ok'; certificates: number };

/**
 * The problem with a database URL's TLS settings, naming the fix; undefined when there is none.
 * Production connects only with `sslmode=verify-full` and a CA bundle in `sslrootcert` (managed
 * PostgreSQL signs with the provider's private CA, which Node does not trust); every environment
 * refuses the modes libpq and node-postgres disagree on. A connection that never leaves the machine
 * needs no TLS, in production too (`isLocalConnection`). `ca` is the state of the `sslrootcert` file
 * when the URL names one.
 */
export function databaseTlsProblem(input: {
  url: string;
  production: boolean;
  ca?: CaBundleState | undefined;
}): string | undefined {
  const url = new URL(input.url);
  const params = url.searchParams;
  const mode = params.get('sslmode');
  const rootCert = params.get('sslrootcert');
  if (mode !== null && AMBIGUOUS_MODES.has(mode)) {
    return `sslmode=${mode} means a weaker check to libpq (pg_dump) than to node-postgres, which verifies fully and then fails on a private CA: use ${input.production ? VERIFIED_TLS_PARAMS : 'sslmode=verify-full with sslrootcert=<the CA bundle>, or sslmode=disable for a local database'} (${SEE_DOCS})`;
  }
  const plainLocal = (mode === null || mode === 'disable') && isLocalConnection(url);
  if (input.production && mode !== 'verify-full' && !plainLocal) {
    return `production connects to PostgreSQL only with verified TLS, got ${mode === null ? 'no sslmode' : `sslmode=${mode}`}: end the URL with ?${VERIFIED_TLS_PARAMS} (${SEE_DOCS})`;
  }
  if (input.production && !plainLocal && rootCert === null) {
    return `sslmode=verify-full needs sslrootcert=${DATABASE_CA_PATH} in production: managed PostgreSQL signs with its provider's own CA, which Node does not trust (${SEE_DOCS})`;
  }
  if (rootCert === null) return undefined;
  switch (input.ca?.kind) {
    case 'missing':
      return `sslrootcert ${rootCert} does not exist: mount the database provider's CA bundle there (the prod overlay's database-ca ConfigMap, ${SEE_DOCS})`;
    case 'no-ca-certificate':
      return `sslrootcert ${rootCert} holds no CA certificate (PEM): put the database provider's CA bundle there, not the server's own certificate (${SEE_DOCS})`;
    case 'expired':
      return `every CA certificate in sslrootcert ${rootCert} has expired (last on ${input.ca.notAfter}): download the provider's current bundle (${SEE_DOCS})`;
    default:
      return undefined;
  }
}

/** What a PEM bundle's text holds, at `now`: its CA certificates, or why it cannot verify a server. */
export function caBundleState(pem: string, now: Date): CaBundleState {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  const authorities = blocks.flatMap((block) => {
    try {
      const certificate = new X509Certificate(block);
      return certificate.ca ? [certificate] : [];
    } catch {
      return [];
    }
  });
  if (authorities.length === 0) return { kind: 'no-ca-certificate' };
  const valid = authorities.filter((certificate) => new Date(certificate.validTo) > now);
  if (valid.length === 0) {
    const last = Math.max(...authorities.map((certificate) => new Date(certificate.validTo).getTime()));
    return { kind: 'expired', notAfter: new Date(last).toISOString().slice(0, 10) };
  }
  return { kind: 'ok', certificates: valid.length };
}

/** `databaseTlsProblem` for a URL, reading the `sslrootcert` file it names (at start, once). */
export function checkDatabaseTls(url: string, production: boolean): string | undefined {
  // A URL that does not parse is its schema's to report.
  if (!URL.canParse(url)) return undefined;
  const rootCert = new URL(url).searchParams.get('sslrootcert');
  let ca: CaBundleState | undefined;
  if (rootCert !== null) {
    try {
      ca = caBundleState(readFileSync(rootCert, 'utf8'), new Date());
    } catch {
      ca = { kind: 'missing' };
    }
  }
  return databaseTlsProblem({ url, production, ca });
}

/** Node's codes for a server certificate that the CA bundle does not vouch for. */
const UNTRUSTED_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
]);

/**
 * A failed first connection, with the fix named when TLS is the cause (a CA that does not verify
 * the server, a host name the certificate does not cover, a server without TLS); any other error
 * as it is. The database's address and credentials never enter the message.
 */
export function explainDatabaseError(error: unknown): unknown {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  let fix: string | undefined;
  if (code !== undefined && UNTRUSTED_CODES.has(code)) {
    fix = `the database's certificate is not signed by a CA in sslrootcert: mount the CA bundle of the provider that runs this database`;
  } else if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    fix = `the database's certificate does not name the host in the URL: connect by the host name the provider gives (its endpoint), not an IP address or an alias`;
  } else if (code === 'CERT_HAS_EXPIRED') {
    fix = `the database's certificate has expired: rotate it at the provider, then mount the provider's current CA bundle`;
  } else if (message === 'The server does not support SSL connections') {
    fix = `the server does not accept TLS: enable TLS on it (sslmode=disable is for a local database only)`;
  }
  if (fix === undefined) return error;
  return new Error(`Database TLS failed (${code ?? message}): ${fix} (${SEE_DOCS})`, { cause: error });
}
