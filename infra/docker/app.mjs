// The per-app part of the one Dockerfile (repository root): which workspaces the image of an app
// installs, builds and ships. Run from the repository root (/app in the image):
//   node app.mjs plan <app>          prints that plan as JSON (the tests read it)
//   node app.mjs install-prod <app>  production dependencies of the app's workspaces (deps stage)
//   node app.mjs install <app>       everything the build needs (build stage, before the sources)
//   node app.mjs build <app> <out>   builds, then copies what the runtime stage ships into <out>
// The workspaces come from the manifests (@medtutor/* dependencies, transitively), so a new shared
// package needs no change here; only what the manifests cannot say is listed below.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const service = (name) => ({ dir: `services/${name}`, frontends: [], ship: [`services/${name}/prisma/migrations`] });

/** Per app: its workspace, the frontends it serves (built and shipped too) and other files it reads. */
const APPS = {
  // It serves the built frontends from frontends/<app>/dist.
  gateway: { dir: 'gateway', frontends: ['frontends/student', 'frontends/admin', 'frontends/shell'], ship: [] },
  // Each service applies its own Prisma migrations, read from its folder.
  identity: service('identity'),
  'catalog-payments': service('catalog-payments'),
  tutoring: service('tutoring'),
  reviews: service('reviews'),
  payroll: service('payroll'),
};

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

export function plan(name) {
  const app = APPS[name];
  if (!app) throw new Error(`unknown app "${name}"; one of: ${Object.keys(APPS).join(', ')}`);
  const workspaces = readJson('package.json').workspaces;
  const byName = new Map(workspaces.map((dir) => [readJson(join(dir, 'package.json')).name, dir]));
  const workspaceDeps = (dir, fields) =>
    fields
      .flatMap((field) => Object.keys(readJson(join(dir, 'package.json'))[field] ?? {}))
      .map((dependency) => byName.get(dependency))
      .filter(Boolean);

  // Dependencies before their dependents: the build order, and what ships.
  const ordered = [];
  const visit = (dir) => {
    if (ordered.includes(dir)) return;
    for (const dependency of workspaceDeps(dir, ['dependencies'])) visit(dependency);
    ordered.push(dir);
  };
  visit(app.dir);
  const build = [...ordered, ...app.frontends];

  // Installing needs every workspace a manifest names, dev ones too (else npm looks for it in the registry).
  const install = new Set();
  const collect = (dir) => {
    if (install.has(dir)) return;
    install.add(dir);
    for (const dependency of workspaceDeps(dir, ['dependencies', 'devDependencies'])) collect(dependency);
  };
  build.forEach(collect);

  return {
    dir: app.dir,
    production: ordered,
    install: workspaces.filter((dir) => install.has(dir)),
    build,
    ship: [...build.map((dir) => `${dir}/dist`), ...app.ship],
  };
}

function run(command, args) {
  execFileSync(command, args, { stdio: 'inherit' });
}

const narrow = (args) =>
  run(process.execPath, [fileURLToPath(new URL('workspace-manifests.mjs', import.meta.url)), ...args]);
// `npm ci`: exactly the lockfile's versions, or the build fails if package.json and the lockfile
// disagree (`npm install` would quietly resolve anew). The narrowed manifests keep it in sync: a
// workspace left out only leaves its lockfile entries unused.
const npmInstall = (args) => run('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', ...args]);

const commands = {
  plan: (name) => console.log(JSON.stringify(plan(name), null, 2)),
  'install-prod': (name) => {
    const { production } = plan(name);
    const others = readJson('package.json').workspaces.filter((dir) => !production.includes(dir));
    narrow(['--prod', ...production]);
    npmInstall(['--omit=dev']);
    // Their folders hold only the manifest copied for the plan: the image ships none of them.
    for (const dir of others) rmSync(dir, { recursive: true });
  },
  install: (name) => {
    narrow(plan(name).install);
    npmInstall([]);
  },
  build: (name, out) => {
    if (!out) throw new Error('build needs the folder to copy the shipped files into');
    const { build, ship } = plan(name);
    run('npm', ['run', 'build', ...build.flatMap((dir) => ['-w', dir])]);
    for (const path of ship) cpSync(path, join(out, path), { recursive: true });
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command = '', name = '', ...rest] = process.argv.slice(2);
  if (!(command in commands)) {
    console.error(`usage: app.mjs ${Object.keys(commands).join('|')} <app> [out]`);
    process.exit(64);
  }
  commands[command](name, ...rest);
}
