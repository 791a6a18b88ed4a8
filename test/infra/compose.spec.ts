import { describe, expect, it } from '@jest/globals';
import {
  APPS,
  configProblems,
  exists,
  GATEWAY_PORT,
  HEALTH_PORT,
  interpolate,
  loadCompose,
  loadK8s,
  read,
  SERVICES,
} from './infra-helpers.js';

const compose = loadCompose();
const k8sRedis = loadK8s().find((object) => object.file === 'redis.yaml' && object.kind === 'StatefulSet');
const INFRA = ['postgres', 'nats', 'redis', 'mailpit'];
/** One-shot deploy steps: they run to the end before the apps start. */
const STEPS = ['events-provision'];

/** A container's environment as compose hands it over on a machine where no variable is set. */
function environmentOf(name: string, set: Record<string, string> = {}): Record<string, string> {
  const raw = compose.services[name]?.environment ?? {};
  return Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, interpolate(String(value), set)]));
}

describe('docker-compose.yml', () => {
  it('has the apps and their backing services, and nothing else', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...APPS.map((app) => app.name), ...INFRA, ...STEPS].sort());
  });

  it.each(APPS)('builds $name from the repository root with the one Dockerfile and SERVICE=$name', (app) => {
    const build = compose.services[app.name]?.build;
    expect(build).toEqual({ context: '.', args: { SERVICE: app.name } });
    expect(exists('Dockerfile')).toBe(true);
    expect(read('Dockerfile')).toContain(`AS app-${app.name}\n`);
  });

  it.each(APPS)("checks $name's health over HTTP on its own port from inside its container", (app) => {
    const test = compose.services[app.name]?.healthcheck?.test ?? [];
    const port = app.databaseVar ? environmentOf(app.name).HEALTH_PORT : environmentOf(app.name).PORT;
    expect(test.slice(0, 3)).toEqual(['CMD', 'node', '-e']);
    expect(test[3]).toContain(`fetch('http://127.0.0.1:${port}/healthz')`);
    // Not through a Unix socket or a host-only path: the check must work in any container network.
    expect(test.join(' ')).not.toMatch(/socket|\.sock|socketPath|unix:/i);
  });

  it('gives every app the time its shutdown takes before Docker kills it (25-30 s)', () => {
    for (const app of APPS) {
      const grace = compose.services[app.name]?.stop_grace_period;
      expect({ app: app.name, grace }).toEqual({ app: app.name, grace: expect.stringMatching(/^(2[5-9]|30)s$/) });
    }
  });

  it('pins every image to a version', () => {
    for (const name of INFRA) {
      const image = compose.services[name]?.image ?? '';
      expect({ name, image }).toEqual({ name, image: expect.stringMatching(/:[^:]*\d[^:]*$/) });
    }
  });

  it('runs NATS with JetStream and reports it healthy only once JetStream is up', () => {
    const nats = compose.services.nats;
    expect(nats?.command).toContain('-js');
    expect(nats?.healthcheck?.test.join(' ')).toContain('js-enabled-only=true');
  });

  it("runs NATS with the platform's users and gives each app its own user and password", () => {
    const nats = compose.services.nats;
    const config = read('infra/nats/authorization.conf');
    expect(nats?.command?.slice(0, 2)).toEqual(['-c', '/etc/nats/authorization.conf']);
    expect(nats?.volumes).toContain('./infra/nats/authorization.conf:/etc/nats/authorization.conf:ro');
    const server = environmentOf('nats');
    const referenced = [...config.matchAll(/password: \$(\w+)/g)].map((match) => match[1]!);
    expect(Object.keys(server).sort()).toEqual([...referenced].sort());
    for (const app of APPS) {
      const env = environmentOf(app.name);
      const variable = `NATS_${app.name.toUpperCase().replace('-', '_')}_PASSWORD`;
      expect(config).toContain(`user: ${app.name}\n      password: $${variable}\n`);
      expect({ app: app.name, user: env.NATS_USER, password: env.NATS_PASSWORD }).toEqual({
        app: app.name,
        user: app.name,
        password: server[variable],
      });
    }
  });

  it('runs Redis with a password, which the gateway and the healthcheck use', () => {
    const redis = compose.services.redis;
    const command = (redis?.command ?? []).map((part) => interpolate(part));
    const password = command[command.indexOf('--requirepass') + 1];
    expect(password).toMatch(/^\w[\w-]{15,}$/);
    expect(new URL(environmentOf('gateway').REDIS_URL ?? '').password).toBe(password);
    expect(environmentOf('redis').REDISCLI_AUTH).toBe(password);
  });

  it('runs Redis so sessions are never evicted and survive a restart', () => {
    const command = compose.services.redis?.command ?? [];
    const option = (name: string) => command[command.indexOf(`--${name}`) + 1];
    expect(option('maxmemory')).toMatch(/^\d+(mb|gb)$/);
    expect(option('maxmemory-policy')).toBe('noeviction');
    expect(option('appendonly')).toBe('yes');
    expect(option('appendfsync')).toBe('everysec');
    expect(compose.services.redis?.volumes).toContain('redis-data:/data');
  });

  it('gives every backing service a healthcheck and waits for it, and for the deploy steps to finish', () => {
    for (const name of INFRA) expect(compose.services[name]?.healthcheck?.test.length).toBeGreaterThan(0);
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect({ name, dependency, known: dependency in compose.services }).toEqual({ name, dependency, known: true });
        expect({ name, dependency, condition }).toEqual({
          name,
          dependency,
          condition: STEPS.includes(dependency) ? 'service_completed_successfully' : 'service_healthy',
        });
      }
    }
  });

  it('provisions the streams and consumers as the provisioner user before any service starts', () => {
    const step = compose.services['events-provision'];
    expect(step?.command).toEqual(['node', 'packages/nest-kit/dist/cli/events.js', 'provision']);
    expect(step?.depends_on).toEqual({ nats: { condition: 'service_healthy' } });
    const env = environmentOf('events-provision');
    expect(env).toEqual({
      NATS_URL: 'nats://nats:4222',
      NATS_USER: 'provisioner',
      NATS_PASSWORD: environmentOf('nats').NATS_PROVISIONER_PASSWORD,
    });
    for (const service of SERVICES) {
      expect({ service: service.name, step: compose.services[service.name]?.depends_on?.['events-provision'] }).toEqual(
        {
          service: service.name,
          step: { condition: 'service_completed_successfully' },
        },
      );
      // No app holds the provisioner's password.
      expect(Object.values(environmentOf(service.name))).not.toContain(env.NATS_PASSWORD);
    }
  });

  it('starts the gateway once every service is healthy (their probes answer after migrations)', () => {
    const dependencies = Object.keys(compose.services.gateway?.depends_on ?? {});
    expect(dependencies).toEqual(expect.arrayContaining(SERVICES.map((service) => service.name)));
  });

  it('creates each service database in PostgreSQL and points the service at it', () => {
    const init = read('infra/compose/postgres-init.sql');
    for (const service of SERVICES) {
      expect(init).toContain(`CREATE DATABASE ${service.database};`);
      const url = new URL(environmentOf(service.name)[service.databaseVar!] ?? '');
      expect({ service: service.name, host: url.host, path: url.pathname }).toEqual({
        service: service.name,
        host: 'postgres:5432',
        path: `/${service.database}`,
      });
    }
  });

  it.each(APPS)('gives $name a configuration it starts with', async (app) => {
    expect(await configProblems(app, environmentOf(app.name))).toEqual([]);
  });

  it('connects the apps to the compose hosts', () => {
    for (const app of APPS) {
      const env = environmentOf(app.name);
      expect({ app: app.name, nats: env.NATS_URL }).toEqual({ app: app.name, nats: 'nats://nats:4222' });
    }
    expect(new URL(environmentOf('gateway').REDIS_URL ?? '').host).toBe('redis:6379');
    expect(environmentOf('identity').SMTP_URL).toBe('smtp://mailpit:1025');
  });

  it('keeps Mailpit for local runs but refuses its plain SMTP in a production-like run, which sets a TLS relay', async () => {
    const mailers = SERVICES.filter((service) => environmentOf(service.name).SMTP_URL !== undefined);
    expect(mailers.map((service) => service.name).sort()).toEqual(['catalog-payments', 'identity', 'tutoring']);
    for (const service of mailers) {
      const production = { NODE_ENV: 'production' };
      const problems = await configProblems(service, environmentOf(service.name, production));
      expect(problems).toContainEqual(expect.stringMatching(/^SMTP_URL: must use TLS in production/));
      const withRelay = { ...production, SMTP_URL: 'smtps://user:secret@smtp.example.com:465' };
      const relayProblems = await configProblems(service, environmentOf(service.name, withRelay));
      expect(relayProblems.filter((problem) => problem.startsWith('SMTP_URL'))).toEqual([]);
    }
  });

  it('publishes the gateway on its port and keeps the services on theirs', () => {
    expect(environmentOf('gateway').PORT).toBe(String(GATEWAY_PORT));
    expect(compose.services.gateway?.ports).toEqual([`${GATEWAY_PORT}:${GATEWAY_PORT}`]);
    for (const service of SERVICES) {
      expect(environmentOf(service.name).HEALTH_PORT).toBe(String(HEALTH_PORT));
      expect(compose.services[service.name]?.ports).toBeUndefined();
    }
  });

  it('keeps data on named volumes', () => {
    for (const name of ['postgres', 'nats', 'redis']) {
      const volume = (compose.services[name]?.volumes ?? []).map((entry) => entry.split(':')[0]);
      expect(volume.some((source) => source !== undefined && source in (compose.volumes ?? {}))).toBe(true);
    }
  });
});

describe('infra/k8s/base/redis.yaml', () => {
  const container = k8sRedis?.spec.template.spec.containers[0] as { args: string[]; volumeMounts: unknown[] };
  const option = (name: string) => container.args[container.args.indexOf(`--${name}`) + 1];

  it('bounds memory below the container limit and never evicts (sessions would be lost)', () => {
    expect(option('maxmemory')).toMatch(/^\d+mb$/);
    const limit = String(k8sRedis?.spec.template.spec.containers[0].resources.limits.memory);
    expect(Number.parseInt(option('maxmemory')!, 10)).toBeLessThan(Number.parseInt(limit, 10));
    expect(limit).toMatch(/^\d+Mi$/);
    expect(option('maxmemory-policy')).toBe('noeviction');
  });

  it('persists to an append-only file, synced every second, on a claimed volume at /data', () => {
    expect(option('appendonly')).toBe('yes');
    expect(option('appendfsync')).toBe('everysec');
    expect(option('dir')).toBe('/data');
    expect(container.volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
    expect(
      k8sRedis?.spec.volumeClaimTemplates.map((claim: { metadata: { name: string } }) => claim.metadata.name),
    ).toEqual(['data']);
  });
});
