import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  APPS,
  exists,
  GATEWAY_PORT,
  HEALTH_PORT,
  parseDockerfile,
  read,
  ROOT,
  workspaceDepsOf,
} from './infra-helpers.js';

/** Node 26 "Lithium": the Active LTS line since 2026-10-28 (24 "Krypton" is in maintenance). */
const NODE_LTS_IMAGE = /^node:26-[a-z]+-slim$/;
const FRONTENDS = ['frontends/shell', 'frontends/student', 'frontends/admin'];

const dockerignore = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

/** Whether .dockerignore keeps a path out of the build context (only the pattern forms used there). */
function ignored(path: string): boolean {
  return dockerignore.some((pattern) => {
    const regex = pattern
      .replace(/[.+^$()|[\]]/g, '\\$&')
      .replace(/\*\*\//g, '(.*/)?')
      .replace(/\*/g, '[^/]*');
    return new RegExp(`^${regex}(/.*)?$`).test(path);
  });
}

describe.each(APPS)('$dir/Dockerfile', (app) => {
  const path = `${app.dir}/Dockerfile`;
  const stages = exists(path) ? parseDockerfile(path) : [];
  const final = stages.at(-1);
  const instructions = (keyword: string) => final?.instructions.filter((item) => item.keyword === keyword) ?? [];

  it('exists and is multi-stage: deps, build, runtime', () => {
    expect(exists(path)).toBe(true);
    expect(stages.map((stage) => stage.name)).toEqual(expect.arrayContaining(['deps', 'build', 'runtime']));
    expect(final?.name).toBe('runtime');
  });

  it('uses the chosen Node LTS image for every stage it does not derive from another', () => {
    const names = new Set(stages.map((stage) => stage.name));
    const bases = stages.map((stage) => stage.from).filter((from) => !names.has(from));
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(NODE_LTS_IMAGE);
  });

  it('runs as a non-root user in production mode', () => {
    const users = instructions('USER').map((item) => item.args);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const env = instructions('ENV')
      .map((item) => item.args)
      .join(' ');
    expect(env).toMatch(/(^| )NODE_ENV=production( |$)/);
    // USER must come before the command it is meant to apply to.
    const keywords = final?.instructions.map((item) => item.keyword) ?? [];
    expect(keywords.lastIndexOf('USER')).toBeLessThan(keywords.lastIndexOf('CMD'));
  });

  it('ships only build output, migrations and production dependencies', () => {
    for (const copy of instructions('COPY')) {
      if (copy.args.includes('--from=')) {
        expect(copy.args).toMatch(/--from=(deps|build) /);
        if (copy.args.includes('--from=build')) expect(copy.args).toMatch(/\/dist /);
      } else {
        expect(copy.args).toMatch(/prisma\/migrations/);
      }
    }
    expect(instructions('CMD').at(-1)?.args).toBe(`["node", "${app.dir}/dist/main.js"]`);
  });

  it('checks its own health on the port the app listens on', () => {
    const port = app.databaseVar ? HEALTH_PORT : GATEWAY_PORT;
    expect(instructions('HEALTHCHECK').at(-1)?.args).toContain(`http://127.0.0.1:${port}/healthz`);
    expect(instructions('EXPOSE').map((item) => item.args)).toEqual([String(port)]);
  });

  it('copies sources that exist and are in the build context', () => {
    for (const stage of stages) {
      for (const copy of stage.instructions.filter(
        (item) => item.keyword === 'COPY' && !item.args.includes('--from='),
      )) {
        const sources = copy.args
          .split(' ')
          .filter((arg) => !arg.startsWith('--'))
          .slice(0, -1);
        for (const source of sources) {
          expect({ source, exists: exists(source) }).toEqual({ source, exists: true });
          expect({ source, ignored: ignored(source) }).toEqual({ source, ignored: false });
        }
      }
    }
  });

  it('installs and builds every workspace the app depends on', () => {
    const text = stages.flatMap((stage) => stage.instructions.map((item) => item.args)).join('\n');
    const needed = [...workspaceDepsOf(app.dir), app.dir, ...(app.name === 'gateway' ? FRONTENDS : [])];
    for (const workspace of needed) {
      expect({ workspace, manifest: text.includes(`${workspace}/package.json`) }).toEqual({
        workspace,
        manifest: true,
      });
      expect({ workspace, built: new RegExp(`-w ${workspace}( |$)`, 'm').test(text) }).toEqual({
        workspace,
        built: true,
      });
    }
    const prodInstall = stages
      .find((stage) => stage.name === 'deps')
      ?.instructions.map((item) => item.args)
      .join(' ');
    expect(prodInstall).toContain(`--prod ${[...workspaceDepsOf(app.dir), app.dir].join(' ')}`);
    expect(prodInstall).toContain('--omit=dev');
  });
});

describe('.dockerignore', () => {
  it('keeps local state, build output and dependencies out of the build context', () => {
    for (const path of ['node_modules', 'gateway/node_modules', 'gateway/dist', '.var', '.git', 'test-results']) {
      expect({ path, ignored: ignored(path) }).toEqual({ path, ignored: true });
    }
    for (const path of ['package-lock.json', 'services/identity/src/main.ts', 'infra/docker/workspace-manifests.mjs']) {
      expect({ path, ignored: ignored(path) }).toEqual({ path, ignored: false });
    }
  });
});

describe('infra/docker/workspace-manifests.mjs', () => {
  function narrowed(args: string[]): { root: Record<string, unknown>; identity: Record<string, unknown> } {
    const dir = mkdtempSync(join(tmpdir(), 'manifests-'));
    try {
      for (const file of ['package.json', 'packages/contracts/package.json', 'services/identity/package.json']) {
        mkdirSync(join(dir, dirname(file)), { recursive: true });
        cpSync(join(ROOT, file), join(dir, file));
      }
      execFileSync(process.execPath, [join(ROOT, 'infra/docker/workspace-manifests.mjs'), ...args], { cwd: dir });
      const load = (file: string) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
      return { root: load('package.json'), identity: load('services/identity/package.json') };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('keeps only the named workspaces, and with --prod drops every devDependencies field', () => {
    const prod = narrowed(['--prod', 'packages/contracts', 'services/identity']);
    expect(prod.root.workspaces).toEqual(['packages/contracts', 'services/identity']);
    expect(prod.root.devDependencies).toBeUndefined();
    expect(prod.identity.devDependencies).toBeUndefined();
    expect(prod.identity.dependencies).toBeDefined();

    const build = narrowed(['packages/contracts', 'services/identity']);
    expect(build.root.devDependencies).toBeDefined();
    expect(build.identity.devDependencies).toBeDefined();
  });

  it('refuses a folder that is not a workspace', () => {
    expect(() => narrowed(['services/nope'])).toThrow();
  });
});
