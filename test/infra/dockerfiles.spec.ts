import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { APPS, exists, parseDockerfile, read, ROOT, workspaceDepsOf } from './infra-helpers.js';

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

const stages = parseDockerfile('Dockerfile');
const stage = (name: string) => stages.find((item) => item.name === name);
const instructionsOf = (name: string, keyword: string) =>
  stage(name)?.instructions.filter((item) => item.keyword === keyword) ?? [];

/** The image build's plan for an app (infra/docker/app.mjs, run from the repository root as in the image). */
interface Plan {
  dir: string;
  production: string[];
  install: string[];
  build: string[];
  ship: string[];
}
const planOf = (app: string): Plan =>
  JSON.parse(
    execFileSync(process.execPath, [join(ROOT, 'infra/docker/app.mjs'), 'plan', app], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as Plan;

// What only a Docker engine could show (the global ARG's scope, base images, file ownership, the
// build context's filter) stays a static check here; what the build does with the files is run, stage
// by stage, in docker-image-build.spec.ts.
describe('Dockerfile (one for every app)', () => {
  it("is chosen by ARG SERVICE, declared before the first stage, and ends as that app's stage", () => {
    const lines = read('Dockerfile').split('\n');
    // No default: a build that forgets SERVICE fails instead of producing some other app.
    expect(lines.indexOf('ARG SERVICE')).toBeGreaterThan(-1);
    expect(lines.indexOf('ARG SERVICE')).toBeLessThan(lines.findIndex((line) => line.startsWith('FROM ')));
    expect(stages.at(-1)?.from).toBe('app-${SERVICE}');
  });

  it('uses the chosen Node LTS image for every stage it does not derive from another', () => {
    const names = new Set(stages.map((item) => item.name));
    const bases = stages
      .slice(0, -1)
      .map((item) => item.from)
      .filter((from) => !names.has(from));
    expect(bases).toEqual(['node:26-trixie-slim', 'node:26-trixie-slim']);
    for (const base of bases) expect(base).toMatch(NODE_LTS_IMAGE);
  });

  // File ownership needs a real engine to observe; docker-image-build.spec.ts runs the rest of the build.
  it('leaves the code owned by root: no COPY --chown, the user switched after the last COPY', () => {
    for (const copy of instructionsOf('runtime', 'COPY')) expect(copy.args).not.toContain('--chown');
    const keywords = stage('runtime')?.instructions.map((item) => item.keyword) ?? [];
    expect(keywords.indexOf('USER')).toBeGreaterThan(keywords.lastIndexOf('COPY'));
  });

  it('copies sources that exist and are in the build context', () => {
    for (const { instructions } of stages) {
      for (const copy of instructions.filter((item) => item.keyword === 'COPY' && !item.args.includes('--from='))) {
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
});

describe.each(APPS)('the build plan of $name (infra/docker/app.mjs)', (app) => {
  const plan = planOf(app.name);

  it('installs the production dependencies of exactly its workspaces', () => {
    expect(plan.production).toEqual([...workspaceDepsOf(app.dir), app.dir]);
  });

  it('builds every workspace it depends on, and for the gateway the frontends', () => {
    const needed = [...workspaceDepsOf(app.dir), app.dir, ...(app.name === 'gateway' ? FRONTENDS : [])];
    expect([...plan.build].sort()).toEqual([...needed].sort());
    // Dependencies first.
    expect(plan.build.indexOf(app.dir)).toBe(workspaceDepsOf(app.dir).length);
    for (const workspace of plan.build) expect(plan.install).toContain(workspace);
  });

  it('ships the build output and, for a service, its migrations', () => {
    const expected = plan.build.map((workspace) => `${workspace}/dist`);
    if (app.databaseVar) expected.push(`${app.dir}/prisma/migrations`);
    expect(plan.ship).toEqual(expected);
    if (app.databaseVar) expect(exists(`${app.dir}/prisma/migrations`)).toBe(true);
  });
});

describe('infra/docker/app.mjs', () => {
  it('refuses an app it does not know', () => {
    expect(() => planOf('nope')).toThrow(/unknown app "nope"/);
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
