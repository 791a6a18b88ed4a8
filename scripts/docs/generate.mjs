#!/usr/bin/env node
// Rewrites the generated sections of the docs from the code: each service README's RPCs, events,
// tables and configuration, the gateway README's route list, architecture.md's owner table, each
// package README's entry points and the event kit's consumer list. A section sits between
// `<!-- generated:begin <name> -->` and `<!-- generated:end <name> -->`; the prose around it is
// written by hand and left alone. The packages' READMEs are mostly prose, so every file they link or
// cite and every code name they quote is also checked against the repository (references.mjs).
//
//   npm run docs:generate             rewrite the sections
//   npm run docs:generate -- --check  write nothing; list the sections that are out of date, exit 1
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { readGatewayRoutes, readRegistry, readService, REPO } from './collect.mjs';
import { readServiceEnv } from './env-vars.mjs';
import { fileResolver, readCodeNames, referenceProblems } from './references.mjs';

const FIX_COMMAND = 'npm run docs:generate';

const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim() || '-';
const code = (text) => `\`${text}\``;
const codes = (list) => (list.length ? list.map(code).join(', ') : '-');

function table(headers, rows) {
  if (!rows.length) return '_none_';
  return [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');
}

function serviceSections(service, services, routes, env) {
  const callers = (subject) =>
    routes.filter((route) => route.subjects.includes(subject)).map((route) => `${route.method} ${route.path}`);
  const consumersOf = (type) =>
    services.flatMap((other) =>
      other.consumed.filter((c) => c.type === type).map((c) => `${other.name} (${c.durable})`),
    );
  const publishersOf = (type) => services.filter((other) => other.published.some((p) => p.type === type));
  return {
    rpcs: table(
      ['subject', 'handler', 'HTTP routes that send it'],
      service.rpcs.map((rpc) => [code(rpc.subject), `${rpc.handler} (${code(rpc.file)})`, codes(callers(rpc.subject))]),
    ),
    'events-published': table(
      ['event (subject `events.<event>`)', 'written to the outbox in', 'consumed by'],
      service.published.map((event) => [code(event.type), code(event.file), consumersOf(event.type).join(', ') || '-']),
    ),
    'events-consumed': table(
      ['event', 'durable consumer', 'published by', 'handler'],
      service.consumed.map((event) => [
        code(event.type),
        code(event.durable),
        publishersOf(event.type)
          .map((other) => other.name)
          .join(', ') || '-',
        code(event.file),
      ]),
    ),
    tables: table(
      ['table', 'Prisma model'],
      service.tables.map((t) => [code(t.table), code(t.model)]),
    ),
    config: table(
      ['variable', 'required', 'default', 'meaning'],
      env.map((variable) => [
        code(variable.name),
        variable.required ? 'yes' : 'no',
        variable.default === undefined ? '-' : code(variable.default),
        variable.meaning,
      ]),
    ),
  };
}

function gatewaySections(routes) {
  return {
    routes: table(
      ['method', 'path', 'who', 'summary', 'RPC subjects'],
      routes.map((route) => [route.method, code(route.path), route.access, route.summary, codes(route.subjects)]),
    ),
  };
}

function architectureSections(services) {
  return {
    owners: table(
      ['service', 'tables', 'answers (RPC)', 'publishes', 'consumes'],
      services.map((service) => [
        service.name,
        codes(service.tables.map((t) => t.table)),
        codes(service.rpcs.map((rpc) => rpc.subject)),
        codes(service.published.map((event) => event.type)),
        codes(service.consumed.map((event) => event.type).filter((type, i, all) => all.indexOf(type) === i)),
      ]),
    ),
  };
}

/** A package's entry points, from its package.json `exports`: what to import and the source behind it. */
function packageSections(name) {
  const manifest = JSON.parse(readFileSync(join(REPO, 'packages', name, 'package.json'), 'utf8'));
  const entries = Object.entries(manifest.exports ?? { '.': manifest.main ?? 'src/index.ts' });
  return {
    'entry-points': table(
      ['import', 'source'],
      entries.map(([subpath, target]) => [
        code(subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`),
        code(String(typeof target === 'string' ? target : (target.types ?? target.default)).replace(/^\.\//, '')),
      ]),
    ),
  };
}

/** Every registered consumer (PlatformConsumers) with the service file that starts it. */
function eventKitSections(registry, services) {
  const handlers = new Map(
    services.flatMap((service) => service.consumed.map((c) => [c.durable, `services/${service.name}/${c.file}`])),
  );
  const consumers = [...registry.consumers.values()].sort(
    (a, b) => a.type.localeCompare(b.type) || a.durable.localeCompare(b.durable),
  );
  return {
    consumers: table(
      ['event', 'durable consumer', 'service', 'handler'],
      consumers.map((c) => [
        code(c.type),
        code(c.durable),
        c.service,
        handlers.has(c.durable) ? code(handlers.get(c.durable)) : '-',
      ]),
    ),
  };
}

/** The packages' READMEs: each package's own and those of its folders (the event and mail kits). */
function packageReadmes() {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(join(REPO, folder), { withFileTypes: true })) {
      if (['node_modules', 'dist', 'generated'].includes(entry.name)) continue;
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'README.md') found.push(path);
    }
  };
  walk('packages');
  return found.sort();
}

const markers = (name) => [`<!-- generated:begin ${name} -->`, `<!-- generated:end ${name} -->`];

/** The text of each generated section of a file, keyed by name. */
function sectionsIn(text) {
  const found = new Map();
  for (const match of text.matchAll(/<!-- generated:begin (\S+) -->\n([\s\S]*?)<!-- generated:end \1 -->/g)) {
    found.set(match[1], match[2]);
  }
  return found;
}

function replaceSections(file, text, sections) {
  let next = text;
  for (const [name, body] of Object.entries(sections)) {
    const [begin, end] = markers(name);
    const start = next.indexOf(begin);
    const stop = next.indexOf(end);
    if (start < 0 || stop < start) throw new Error(`${file}: markers ${begin} ... ${end} not found`);
    next = `${next.slice(0, start + begin.length)}\n\n${body}\n\n${next.slice(stop)}`;
  }
  return next;
}

async function main() {
  const check = process.argv.includes('--check');
  const registry = readRegistry();
  const names = readdirSync(join(REPO, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  // Prisma loads a service's prisma.config.ts before reading its schema folder, and so do we: loading
  // it writes the kits' models there (schemaWithKits), so the tables listed are all the database's.
  for (const name of names) {
    const config = join(REPO, 'services', name, 'prisma.config.ts');
    if (existsSync(config)) await import(pathToFileURL(config).href);
  }
  const services = names.map((name) => readService(name, registry));
  const routes = readGatewayRoutes(registry);

  const targets = [];
  for (const service of services) {
    const env = await readServiceEnv(service.name);
    targets.push([`services/${service.name}/README.md`, serviceSections(service, services, routes, env)]);
  }
  targets.push(['gateway/README.md', gatewaySections(routes)]);
  targets.push(['docs/architecture.md', architectureSections(services)]);
  for (const name of readdirSync(join(REPO, 'packages')).sort()) {
    if (existsSync(join(REPO, 'packages', name, 'package.json'))) {
      targets.push([`packages/${name}/README.md`, packageSections(name)]);
    }
  }
  targets.push(['packages/nest-kit/src/events/README.md', eventKitSections(registry, services)]);

  const stale = [];
  for (const [file, sections] of targets) {
    const path = join(REPO, file);
    const current = readFileSync(path, 'utf8');
    const options = (await prettier.resolveConfig(path)) ?? {};
    const next = await prettier.format(replaceSections(file, current, sections), { ...options, filepath: path });
    if (next === current) continue;
    if (check) {
      const before = sectionsIn(current);
      const names = [...sectionsIn(next)].filter(([name, body]) => before.get(name) !== body).map(([name]) => name);
      stale.push(`${file}: ${names.length ? `section ${names.join(', ')}` : 'formatting'} out of date`);
    } else {
      writeFileSync(path, next);
      console.log(`updated ${file}`);
    }
  }
  const codeNames = readCodeNames();
  const dangling = packageReadmes().flatMap((file) =>
    referenceProblems({ file, text: readFileSync(join(REPO, file), 'utf8'), ...codeNames, exists: fileResolver(file) }),
  );
  if (stale.length) {
    console.error(
      `${stale.join('\n')}\nThe docs no longer match the code: run \`${FIX_COMMAND}\` and commit the result.`,
    );
    process.exitCode = 1;
  }
  if (dangling.length) {
    console.error(`${dangling.join('\n')}\nThese READMEs name what no longer exists: correct them by hand.`);
    process.exitCode = 1;
  }
  if (check && !stale.length && !dangling.length) {
    console.log('generated docs are up to date');
  }
}

await main();
