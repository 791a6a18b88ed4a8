import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface App {
  name: string;
  dir: string;
  /** The variable holding the app's own database URL (services only). */
  databaseVar?: string;
  database?: string;
}

/** Every deployable app: the gateway and the five services, named as in compose and Kubernetes. */
export const APPS: App[] = [
  { name: 'gateway', dir: 'gateway' },
  { name: 'identity', dir: 'services/identity', databaseVar: 'IDENTITY_DATABASE_URL', database: 'medtutor_identity' },
  {
    name: 'catalog-payments',
    dir: 'services/catalog-payments',
    databaseVar: 'PAYMENTS_DATABASE_URL',
    database: 'medtutor_payments',
  },
  { name: 'tutoring', dir: 'services/tutoring', databaseVar: 'TUTORING_DATABASE_URL', database: 'medtutor_tutoring' },
  { name: 'reviews', dir: 'services/reviews', databaseVar: 'REVIEWS_DATABASE_URL', database: 'medtutor_reviews' },
  { name: 'payroll', dir: 'services/payroll', databaseVar: 'PAYROLL_DATABASE_URL', database: 'medtutor_payroll' },
];
export const SERVICES = APPS.filter((app) => app.databaseVar);
export const GATEWAY_PORT = 8080;
export const HEALTH_PORT = 9090;

export const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
export const exists = (path: string): boolean => existsSync(join(ROOT, path));

// docker-compose.yml uses YAML merge keys (<<) for the settings the services share.
export const loadCompose = (): Compose => parse(read('docker-compose.yml'), { merge: true }) as Compose;

export interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}
export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  ports?: string[];
  healthcheck?: { test: string[]; start_period?: string };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

/** Compose's variable interpolation as on a machine where none of the variables is set. */
export function interpolate(value: string, env: Record<string, string> = {}): string {
  return value.replace(/\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (_match, name: string, operator?: string, operand = '') => {
    const current = env[name];
    const unset = operator?.startsWith(':') ? !current : current === undefined;
    if (!unset) return current ?? '';
    if (operator?.endsWith('?')) throw new Error(`\${${name}} must be set: ${operand}`);
    return operator ? operand : '';
  });
}

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the shape differs per kind
  data?: Record<string, string>;
}

export const K8S_DIR = 'infra/k8s/base';
/** What `kubectl apply -k` is run on: an environment's overlay of the base. */
export const K8S_OVERLAYS = { dev: 'infra/k8s/overlays/dev', prod: 'infra/k8s/overlays/prod' } as const;

/** A kustomization as `kubectl apply -k` sends it, rendered by `kubectl kustomize`. */
export function renderKustomize(dir: string): K8sObject[] {
  let output: string;
  try {
    output = execFileSync('kubectl', ['kustomize', join(ROOT, dir)], { encoding: 'utf8', maxBuffer: 32 << 20 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('kubectl is not installed: these tests render the manifests with `kubectl kustomize`', {
        cause: error,
      });
    throw error;
  }
  return parseAllDocuments(output).map((document) => {
    if (document.errors.length > 0) throw document.errors[0];
    return document.toJS() as K8sObject;
  });
}

/** Every object of every manifest in the kustomize base, with the file it came from. */
export function loadK8s(): Array<K8sObject & { file: string }> {
  return readdirSync(join(ROOT, K8S_DIR))
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) =>
      parseAllDocuments(read(join(K8S_DIR, file))).map((doc) => {
        if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((error) => error.message).join('; ')}`);
        return { ...(doc.toJS() as K8sObject), file };
      }),
    );
}

type ConfigLoader = (env: Record<string, string>) => unknown;

/**
 * The app's own fail-fast configuration: every `load…Config(env)` exported from its src/config
 * folder, which throws with the list of problems when the environment is not good enough.
 */
export async function configLoadersOf(app: App): Promise<ConfigLoader[]> {
  const configDir = join(ROOT, app.dir, 'src/config');
  const loaders: ConfigLoader[] = [];
  const files = existsSync(configDir)
    ? readdirSync(configDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    : [];
  for (const file of files) {
    const exported = (await import(join(configDir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (/^load\w*Config$/.test(name) && typeof value === 'function') loaders.push(value as ConfigLoader);
    }
  }
  return loaders;
}

/** The problems an app's configuration finds in an environment, one per line (none: it starts). */
export async function configProblems(app: App, env: Record<string, string>): Promise<string[]> {
  const loaders = await configLoadersOf(app);
  if (loaders.length === 0) return [`no load…Config(env) export found in ${app.dir}/src/config`];
  return loaders.flatMap((load) => {
    try {
      load({ ...env });
      return [];
    } catch (error) {
      const message = String((error as Error).message);
      const listed = message
        .split('\n')
        .filter((line) => line.trim().startsWith('- '))
        .map((line) => line.trim().slice(2));
      return listed.length ? listed : [message];
    }
  });
}

/** Workspace dependencies (@medtutor/*, production only) of a workspace, transitively. */
export function workspaceDepsOf(dir: string): string[] {
  const byName = new Map<string, string>();
  const rootManifest = JSON.parse(read('package.json')) as { workspaces: string[] };
  for (const workspace of rootManifest.workspaces) {
    const manifest = JSON.parse(read(join(workspace, 'package.json'))) as { name: string };
    byName.set(manifest.name, workspace);
  }
  const found = new Set<string>();
  const visit = (workspace: string) => {
    const manifest = JSON.parse(read(join(workspace, 'package.json'))) as { dependencies?: Record<string, string> };
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const target = byName.get(name);
      if (target && !found.has(target)) {
        found.add(target);
        visit(target);
      }
    }
  };
  visit(dir);
  return [...found].sort();
}

export interface DockerStage {
  from: string;
  name?: string;
  instructions: Array<{ keyword: string; args: string }>;
}

/** A Dockerfile as stages of instructions (continuation lines joined, comments dropped). */
export function parseDockerfile(path: string): DockerStage[] {
  const lines = read(path)
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: DockerStage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') {
      const [, from = '', name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(args) ?? [];
      stages.push({ from, name, instructions: [] });
    } else if (stages.length) {
      stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') });
    }
  }
  return stages;
}
