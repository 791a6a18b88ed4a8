import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { APPS, type DockerStage, GATEWAY_PORT, HEALTH_PORT, parseDockerfile, ROOT } from './infra-helpers.js';

/**
 * The Dockerfile's build replayed without a Docker engine: each stage the app's image needs is a
 * folder (its root file system), COPY copies from the repository (its tracked files, the build
 * context) or from an earlier stage, and RUN runs the stage's own command there, with the stage's
 * absolute paths (/tmp/docker, /ship) taken inside that folder. npm is a stand-in on PATH that
 * records how it was called and "installs" a marker or "builds" a dist/main.js per workspace, so
 * the replay takes seconds and no network. What it proves is what infra/docker/app.mjs and the
 * stages do with the files: which manifests npm installs from, what ships, that the command's file
 * is in the image. Base images, users and file ownership need a real engine and stay static checks
 * (dockerfiles.spec.ts).
 */
const stages = parseDockerfile('Dockerfile');
const stageNamed = (name: string) => stages.find((stage) => stage.name === name);

const FAKE_NPM = `#!/bin/sh
printf '%s\\n' "$*" >> "$NPM_LOG"
case "$1" in
  ci)
    # npm ci installs exactly the lockfile: without one it fails.
    [ -f package-lock.json ] || exit 1
    mkdir -p node_modules
    cp package.json node_modules/.installed-with-manifest.json ;;
  run)
    while [ $# -gt 0 ]; do
      if [ "$1" = "-w" ]; then mkdir -p "$2/dist" && echo built > "$2/dist/main.js"; shift; fi
      shift
    done ;;
esac
`;

const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

interface Image {
  /** Each replayed stage's root file system. */
  roots: Map<string, string>;
  /** The final stage's root, working directory, environment, user and command. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  cmd: string[];
  healthcheck: string | null;
  exposed: string[];
  npmCalls: string[];
}

function replay(service: string, work: string): Image {
  const bin = join(work, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'npm'), FAKE_NPM);
  chmodSync(join(bin, 'npm'), 0o755);
  const npmLog = join(work, 'npm.log');
  writeFileSync(npmLog, '');

  const roots = new Map<string, string>();
  const state = new Map<string, Omit<Image, 'roots' | 'npmCalls'>>();
  const inside = (root: string, path: string, cwd: string) => join(root, path.startsWith('/') ? path : join(cwd, path));

  const build = (stage: DockerStage, index: number): Omit<Image, 'roots' | 'npmCalls'> => {
    const from = stage.from.replace('${SERVICE}', service);
    const parent = stageNamed(from);
    const root = join(work, `stage-${index}-${stage.name ?? 'final'}`);
    let image: Omit<Image, 'roots' | 'npmCalls'>;
    if (parent) {
      const parentImage = state.get(from) ?? build(parent, stages.indexOf(parent));
      cpSync(parentImage.root, root, { recursive: true });
      image = { ...parentImage, root, env: { ...parentImage.env } };
    } else {
      mkdirSync(root, { recursive: true });
      image = { root, workdir: '/', env: {}, user: null, cmd: [], healthcheck: null, exposed: [] };
    }
    for (const { keyword, args } of stage.instructions) {
      if (keyword === 'WORKDIR') {
        image.workdir = args;
        mkdirSync(join(root, args), { recursive: true });
      } else if (keyword === 'ENV') {
        const [name = '', value = ''] = args.split('=');
        image.env[name] = value;
      } else if (keyword === 'ARG' && args === 'SERVICE') {
        image.env.SERVICE = service;
      } else if (keyword === 'USER') image.user = args;
      else if (keyword === 'CMD') image.cmd = JSON.parse(args) as string[];
      else if (keyword === 'HEALTHCHECK') image.healthcheck = args;
      else if (keyword === 'EXPOSE') image.exposed.push(args);
      else if (keyword === 'COPY') {
        const parts = args.split(' ');
        const fromStage = parts.find((part) => part.startsWith('--from='))?.slice('--from='.length);
        const paths = parts.filter((part) => !part.startsWith('--'));
        const dest = paths.pop()!;
        for (const source of paths) {
          const target = inside(
            root,
            dest.endsWith('/') || dest === '.' || dest === './' ? join(dest, source.split('/').at(-1)!) : dest,
            image.workdir,
          );
          if (fromStage) {
            const other = state.get(fromStage) ?? build(stageNamed(fromStage)!, stages.indexOf(stageNamed(fromStage)!));
            // COPY --from=x /dir ./ copies the folder's contents.
            cpSync(join(other.root, source), inside(root, dest, image.workdir), { recursive: true });
          } else if (tracked.includes(source)) {
            mkdirSync(dirname(target), { recursive: true });
            cpSync(join(ROOT, source), target);
          } else {
            const files = tracked.filter((file) => file.startsWith(`${source}/`));
            expect({ source, inBuildContext: files.length > 0 }).toEqual({ source, inBuildContext: true });
            for (const file of files) {
              const to = inside(root, join(dest, file.slice(source.length + 1)), image.workdir);
              mkdirSync(dirname(to), { recursive: true });
              cpSync(join(ROOT, file), to);
            }
          }
        }
      } else if (keyword === 'RUN') {
        // The stage's absolute paths, inside its folder.
        const command = args.replace(/(^|\s)\/(?=[a-z])/g, `$1${root}/`);
        execFileSync('sh', ['-c', command], {
          cwd: join(root, image.workdir),
          env: { ...process.env, ...image.env, PATH: `${bin}:${process.env.PATH}`, NPM_LOG: npmLog },
          stdio: 'pipe',
        });
      }
    }
    roots.set(stage.name ?? 'final', root);
    if (stage.name) state.set(stage.name, image);
    return image;
  };

  const final = build(stages.at(-1)!, stages.length - 1);
  return { ...final, roots, npmCalls: readFileSync(npmLog, 'utf8').split('\n').filter(Boolean) };
}

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();

describe.each(APPS)('the image of $name, built by replaying the Dockerfile', (app) => {
  let work: string;
  let image: Image;
  const plan = () =>
    JSON.parse(
      execFileSync(process.execPath, ['infra/docker/app.mjs', 'plan', app.name], { cwd: ROOT, encoding: 'utf8' }),
    ) as { production: string[]; build: string[]; ship: string[] };

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), `image-${app.name}-`));
    image = replay(app.name, work);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const appRoot = () => join(image.root, image.workdir);

  it("starts its own main: the command's file is in the image, under the working directory", () => {
    expect(image.cmd).toEqual(['node', `${app.dir}/dist/main.js`]);
    expect(existsSync(join(appRoot(), image.cmd[1]!))).toBe(true);
  });

  it('installs production dependencies only, from manifests narrowed to its own workspaces', () => {
    const installs = image.npmCalls.filter((call) => call.startsWith('ci') || call.startsWith('install'));
    // The deps stage's (what ships) and the build stage's (dev tools too).
    expect(installs.sort()).toEqual([
      'ci --no-audit --no-fund --ignore-scripts',
      'ci --no-audit --no-fund --ignore-scripts --omit=dev',
    ]);
    // What the shipped node_modules were installed from: the runtime holds the deps stage's /app.
    const manifest = JSON.parse(
      readFileSync(join(appRoot(), 'node_modules/.installed-with-manifest.json'), 'utf8'),
    ) as { workspaces: string[]; devDependencies?: unknown };
    expect(manifest.workspaces).toEqual(plan().production);
    expect(manifest.devDependencies).toBeUndefined();
  });

  it('ships build output, manifests and migrations, and no source file', () => {
    const files = filesUnder(appRoot()).filter((file) => !file.startsWith('node_modules/'));
    expect(files.filter((file) => /\.(ts|tsx)$/.test(file) || file.includes('/src/'))).toEqual([]);
    // Only the production workspaces' manifests: the others' folders were removed in the deps stage.
    expect(files.filter((file) => file.endsWith('package.json')).sort()).toEqual(
      ['package.json', ...plan().production.map((dir) => `${dir}/package.json`)].sort(),
    );
    for (const shipped of plan().build) expect(files).toContain(`${shipped}/dist/main.js`);
    if (app.databaseVar) {
      const migrations = `${app.dir}/prisma/migrations`;
      expect(files.filter((file) => file.startsWith(`${migrations}/`))).toEqual(
        tracked.filter((file) => file.startsWith(`${migrations}/`)).sort(),
      );
    }
  });

  it('runs in production mode as the unprivileged node user', () => {
    expect(image.env.NODE_ENV).toBe('production');
    expect(image.user).toBe('node');
  });

  it('checks its health on the port it is told to listen on, which it exposes', () => {
    const [variable, port] = app.databaseVar ? ['HEALTH_PORT', HEALTH_PORT] : ['PORT', GATEWAY_PORT];
    expect(image.env[variable]).toBe(String(port));
    expect(image.exposed).toEqual([String(port)]);
    expect(image.healthcheck).toContain(`fetch('http://127.0.0.1:${port}/healthz')`);
  });
});
