import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connectNats, type NatsCredentials } from '@medtutor/nest-kit';
import { eventually, startTestNats, type TestNats } from '@medtutor/nest-kit/testing';
import { K8S_OVERLAYS, read, renderKustomize } from '../infra/infra-helpers.js';
import { natsConfigDirectory } from '../infra/nats-config-volume.js';

/**
 * The production overlay's NATS TLS (infra/k8s/overlays/prod/nats-tls.yaml) on a real nats-server,
 * with a private CA made by openssl standing in for cert-manager's: the rendered configuration is
 * valid; nest-kit's connection reaches it over TLS with NATS_CA_FILE and fails without that CA; a
 * client that would send its password in clear is refused; a TLS client refuses a server that
 * offers no TLS (a downgrade); and the routes are mutual TLS, so a server whose certificate another
 * CA signed cannot join the cluster.
 */
const USERS = [
  'gateway',
  'identity',
  'catalog-payments',
  'tutoring',
  'reviews',
  'payroll',
  'provisioner',
  'backup',
  'admin',
];
const passwords = Object.fromEntries(
  USERS.map((user) => [`NATS_${user.toUpperCase().replace('-', '_')}_PASSWORD`, `n${randomBytes(24).toString('hex')}`]),
);
const admin: NatsCredentials = { user: 'admin', password: passwords.NATS_ADMIN_PASSWORD! };
/** Ports of this engineer's range (8186+), for the route test's two servers. */
const ROUTE_PORTS = [8186, 8187] as const;
const MONITOR_PORTS = [8188, 8189] as const;

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

/** A CA and a certificate it signs for `localhost` / 127.0.0.1, usable as server and as route client. */
async function makePki(dir: string, name: string): Promise<{ ca: string; cert: string; key: string }> {
  await mkdir(dir, { recursive: true });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(['req', '-x509', ...ec, '-days', '2', '-subj', `/CN=${name} CA`, '-keyout', 'ca.key', '-out', 'ca.crt'], dir);
  openssl(['req', ...ec, '-subj', '/CN=nats', '-keyout', 'tls.key', '-out', 'tls.csr'], dir);
  await writeFile(
    join(dir, 'ext.cnf'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth,clientAuth\n',
  );
  openssl(
    ['x509', '-req', '-in', 'tls.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-days', '2'].concat([
      '-extfile',
      'ext.cnf',
      '-out',
      'tls.crt',
    ]),
    dir,
  );
  return { ca: join(dir, 'ca.crt'), cert: join(dir, 'tls.crt'), key: join(dir, 'tls.key') };
}

/** The production servers' configuration directory, with the certificate mount pointed at `tlsDir`. */
function productionNatsFiles(tlsDir: string): Record<string, string> {
  const { files } = natsConfigDirectory(renderKustomize(K8S_OVERLAYS.prod));
  return Object.fromEntries(
    Object.entries(files).map(([name, text]) => [name, text.replaceAll('/etc/nats-tls/', `${tlsDir}/`)]),
  );
}

async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
}

/** The first line the server sends (INFO), then its answer to a CONNECT with a password, in clear. */
function plainConnect(port: number, password: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect(port, '127.0.0.1');
    let received = '';
    let sent = false;
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer; got ${received}`)));
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      if (!sent && received.includes('\r\n')) {
        sent = true;
        socket.write(`CONNECT {"user":"admin","pass":"${password}","verbose":false}\r\nPING\r\n`);
      }
    });
    socket.on('close', () => resolve(received));
    socket.on('error', (error) => (received ? resolve(received) : reject(error)));
  });
}

interface RouteServer {
  process: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
}

function startRouteServer(config: string, env: Record<string, string>): RouteServer {
  let log = '';
  const child = spawn('nats-server', ['-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...passwords, ...env },
  });
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    process: child,
    log: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The server's route count from its monitoring port (undefined while it is not up). */
async function routesOf(monitorPort: number): Promise<number | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${monitorPort}/routez`);
    return ((await response.json()) as { num_routes: number }).num_routes;
  } catch {
    return undefined;
  }
}

const routeCount = (monitorPort: number, count: number) =>
  eventually(async () => (await routesOf(monitorPort)) === count || undefined, 15_000, `${count} route(s)`);

describe('NATS with the production TLS configuration', () => {
  let dir: string;
  let pki: { ca: string; cert: string; key: string };
  let strangerPki: { ca: string; cert: string; key: string };
  let files: Record<string, string>;
  let nats: TestNats;
  let tlsUrl: string;
  let port: number;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'nats-tls-'));
    pki = await makePki(join(dir, 'pki'), 'medtutor-internal');
    strangerPki = await makePki(join(dir, 'stranger'), 'stranger');
    files = productionNatsFiles(join(dir, 'pki'));
    await writeFiles(join(dir, 'prod'), files);
    // The server runs the production client TLS and users; the cluster block is the route test's.
    await writeFile(join(dir, 'prod', 'client.conf'), 'include ./client-tls.conf\ninclude ./authorization.conf\n');
    // Nothing here needs the platform's streams, and the harness's provisioning speaks plain NATS.
    nats = await startTestNats({ config: join(dir, 'prod', 'client.conf'), env: passwords, provision: false });
    port = Number(new URL(nats.url).port);
    tlsUrl = `tls://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await nats?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('renders a configuration that nats-server accepts, TLS on both links and the platform users', () => {
    expect(files['authorization.conf']).toBe(read('infra/nats/authorization.conf'));
    expect(files['client-tls.conf']).toContain(`cert_file: ${join(dir, 'pki')}/tls.crt`);
    expect(files['cluster-tls.conf']).toMatch(/verify: true/);
    const check = spawnSync('nats-server', ['-t', '-c', join(dir, 'prod', 'nats.conf')], {
      env: { ...process.env, ...passwords, POD_NAME: 'nats-0', NATS_CLUSTER_ADVERTISE: 'nats-0.nats-headless:6222' },
      encoding: 'utf8',
    });
    expect({ status: check.status, output: `${check.stdout}${check.stderr}`.trim() }).toEqual({
      status: 0,
      output: expect.stringContaining('is valid'),
    });
  });

  it("connects nest-kit's NATS connection over TLS when it trusts the internal CA (NATS_CA_FILE)", async () => {
    const nc = await connectNats(tlsUrl, 'tls-test', admin, { caFile: pki.ca });
    try {
      expect(nc.info?.tls_required).toBe(true);
      const sub = nc.subscribe('_INBOX.admin.tls-test', { max: 1 });
      nc.publish('_INBOX.admin.tls-test', 'over tls');
      for await (const msg of sub) expect(msg.string()).toBe('over tls');
    } finally {
      await nc.close();
    }
  });

  it('fails clearly without the internal CA, or with a CA that did not sign the server certificate', async () => {
    const attempt = (caFile: string | undefined) =>
      connectNats(tlsUrl, 'tls-test', admin, { caFile }).then((nc) => nc.close().then(() => 'connected'));
    await expect(attempt(undefined)).rejects.toThrow(/certificate/i);
    await expect(attempt(strangerPki.ca)).rejects.toThrow(/certificate/i);
    await expect(attempt(join(dir, 'no-such-ca.crt'))).rejects.toThrow(/no-such-ca\.crt doesn't exist/);
  });

  it('admits no client in clear text: it asks for TLS first and drops a plain CONNECT unanswered', async () => {
    const answer = await plainConnect(port, admin.password);
    const [info, ...rest] = answer.split('\r\n');
    expect(info).toMatch(/^INFO .*"tls_required":true/);
    // Neither +OK nor PONG: the password, even right, opened nothing, and the server closed the socket.
    expect(rest.join('').trim()).toBe('');
  });

  it('never falls back to clear text: a TLS client refuses a server that offers no TLS', async () => {
    const plain = await startTestNats();
    try {
      const url = plain.url.replace(/^nats:/, 'tls:');
      await expect(
        connectNats(url, 'tls-test', admin, { caFile: pki.ca }).then((nc) => nc.close().then(() => 'connected')),
      ).rejects.toThrow(/tls/i);
    } finally {
      await plain.stop();
    }
  });

  it('forms routes only between servers whose certificates the internal CA signed (mutual TLS, verify)', async () => {
    // Two servers with the production cluster-tls.conf; the second one's certificate, in the last
    // step, is signed by another CA, and the first one refuses its route.
    const clusterConf = (name: string, routePort: number, monitorPort: number, peerPort: number) =>
      [
        `server_name: ${name}`,
        `port: -1`,
        `http_port: ${monitorPort}`,
        'include ./client-tls.conf',
        'include ./authorization.conf',
        'cluster {',
        '  name: medtutor-tls-test',
        `  listen: 127.0.0.1:${routePort}`,
        `  routes: [ nats://localhost:${peerPort} ]`,
        '  include ./cluster-tls.conf',
        '}',
        '',
      ].join('\n');
    await writeFile(join(dir, 'prod', 'a.conf'), clusterConf('a', ROUTE_PORTS[0], MONITOR_PORTS[0], ROUTE_PORTS[1]));
    await writeFile(join(dir, 'prod', 'b.conf'), clusterConf('b', ROUTE_PORTS[1], MONITOR_PORTS[1], ROUTE_PORTS[0]));
    const strangerDir = join(dir, 'stranger-prod');
    await writeFiles(strangerDir, productionNatsFiles(join(dir, 'stranger')));
    await writeFile(join(strangerDir, 'b.conf'), clusterConf('b', ROUTE_PORTS[1], MONITOR_PORTS[1], ROUTE_PORTS[0]));

    const a = startRouteServer(join(dir, 'prod', 'a.conf'), { NATS_CLUSTER_ADVERTISE: `localhost:${ROUTE_PORTS[0]}` });
    let b = startRouteServer(join(dir, 'prod', 'b.conf'), { NATS_CLUSTER_ADVERTISE: `localhost:${ROUTE_PORTS[1]}` });
    try {
      await routeCount(MONITOR_PORTS[0], 1);
      await routeCount(MONITOR_PORTS[1], 1);
      await b.stop();
      await routeCount(MONITOR_PORTS[0], 0);

      b = startRouteServer(join(strangerDir, 'b.conf'), { NATS_CLUSTER_ADVERTISE: `localhost:${ROUTE_PORTS[1]}` });
      const refused = /TLS route handshake error/;
      await eventually(async () => refused.test(a.log()) && refused.test(b.log()), 15_000, 'both sides refusing');
      expect(a.log()).toMatch(/certificate/i);
      expect(await routesOf(MONITOR_PORTS[0])).toBe(0);
      expect(await routesOf(MONITOR_PORTS[1])).toBe(0);
    } finally {
      await b.stop();
      await a.stop();
    }
  });
});
