// Reads what the code declares (subjects, events, handlers, routes, tables) with the TypeScript
// compiler API, so formatting, comments or line breaks in the sources cannot fool it.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export const REPO = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

const HTTP_METHODS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);

/** Every non-test TypeScript source under `dir` (generated Prisma clients left out). */
export function sourceFiles(dir) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(path);
      } else if (/\.ts$/.test(entry.name) && !/\.(spec|int-spec|test)\.ts$/.test(entry.name)) {
        found.push(path);
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return found.sort();
}

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

function visit(node, fn) {
  fn(node);
  ts.forEachChild(node, (child) => visit(child, fn));
}

/** `a.b.c` as ['a', 'b', 'c'], or null for anything but a plain property chain. */
function accessChain(node) {
  if (ts.isIdentifier(node)) return [node.text];
  if (ts.isPropertyAccessExpression(node)) {
    const head = accessChain(node.expression);
    return head && [...head, node.name.text];
  }
  return null;
}

const stringOf = (node) =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

const propertyName = (property) =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : null;

/** A nested object literal of string constants, flattened to `a.b` → value. */
function flattenConstObject(object, prefix = []) {
  const out = new Map();
  for (const property of object.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const name = propertyName(property);
    if (!name) continue;
    let value = property.initializer;
    while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
    if (ts.isObjectLiteralExpression(value)) {
      for (const [key, text] of flattenConstObject(value, [...prefix, name])) out.set(key, text);
    } else if (stringOf(value) !== null) {
      out.set([...prefix, name].join('.'), stringOf(value));
    }
  }
  return out;
}

function constObjects(file) {
  const objects = new Map();
  visit(parse(file), (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || !node.initializer) return;
    let value = node.initializer;
    while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value)) value = value.expression;
    if (ts.isObjectLiteralExpression(value)) objects.set(node.name.text, flattenConstObject(value));
  });
  return objects;
}

/** The subject, event and consumer registries of packages/contracts. */
export function readRegistry() {
  const objects = constObjects(join(REPO, 'packages/contracts/src/subjects.ts'));
  const subjects = objects.get('Subjects');
  const events = objects.get('EventTypes');
  if (!subjects || !events) throw new Error('packages/contracts/src/subjects.ts: Subjects or EventTypes not found');
  return { subjects, events, consumers: readConsumers({ subjects, events }) };
}

/**
 * PlatformConsumers (packages/contracts/src/consumers.ts): key → service, durable and event type, from its
 * entries `consumer('<service>', '<durable>', EventTypes.x, …)`.
 */
function readConsumers(registry) {
  const consumers = new Map();
  visit(parse(join(REPO, 'packages/contracts/src/consumers.ts')), (node) => {
    if (!ts.isVariableDeclaration(node) || !ts.isIdentifier(node.name) || node.name.text !== 'PlatformConsumers')
      return;
    let value = node.initializer;
    while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value))) value = value.expression;
    for (const property of value?.properties ?? []) {
      const call = property.initializer;
      if (!ts.isPropertyAssignment(property) || !ts.isCallExpression(call)) continue;
      const service = stringOf(call.arguments[0]);
      const durable = stringOf(call.arguments[1]);
      const type = registryValue(call.arguments[2], registry);
      if (durable && type) consumers.set(propertyName(property), { service, durable, type });
    }
  });
  if (!consumers.size) throw new Error('packages/contracts/src/consumers.ts: no PlatformConsumers entries found');
  return consumers;
}

/** Resolves `Subjects.x.y` / `EventTypes.z` to the registered string, or null for anything else. */
function registryValue(node, registry) {
  const chain = node && accessChain(node);
  if (!chain) return null;
  const [root, ...path] = chain;
  if (root === 'Subjects') return registry.subjects.get(path.join('.')) ?? null;
  if (root === 'EventTypes') return registry.events.get(path.join('.')) ?? null;
  return null;
}

const decoratorsOf = (node) => (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []);

function decoratorCall(decorator) {
  const call = decorator.expression;
  if (!ts.isCallExpression(call)) return null;
  return {
    name: ts.isIdentifier(call.expression) ? call.expression.text : call.expression.getText(),
    args: call.arguments,
  };
}

/**
 * A service's interface: RPCs it answers (`@MessagePattern` handlers and the health module), events
 * it publishes (`newEvent(EventTypes.x, ...)`), events it consumes (consumer definitions naming a
 * registry entry, `consumer: PlatformConsumers.x`).
 */
export function readService(name, registry) {
  const root = join(REPO, 'services', name);
  const rpcs = [];
  const published = [];
  const consumed = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const source = parse(file);
    const path = relative(root, file);
    visit(source, (node) => {
      if (ts.isMethodDeclaration(node)) {
        for (const decorator of decoratorsOf(node)) {
          const call = decoratorCall(decorator);
          if (call?.name !== 'MessagePattern') continue;
          const subject = registryValue(call.args[0], registry);
          if (!subject) throw new Error(`${relative(REPO, file)}: @MessagePattern of an unregistered subject`);
          rpcs.push({ subject, handler: `${node.parent.name?.text}.${node.name.getText()}`, file: path });
        }
      }
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && callee.text === 'newEvent') {
          const type = registryValue(node.arguments[0], registry);
          if (type) published.push({ type, file: path });
        }
        // The health subject: ServiceHealthModule.forService({ subject }), or defineService({ healthSubject }).
        const healthOptions =
          ts.isPropertyAccessExpression(callee) && callee.name.text === 'forService'
            ? { options: node.arguments[0], key: 'subject' }
            : ts.isIdentifier(callee) && callee.text === 'defineService'
              ? { options: node.arguments[0], key: 'healthSubject' }
              : null;
        if (healthOptions) {
          const { options, key } = healthOptions;
          const subject =
            options && ts.isObjectLiteralExpression(options)
              ? options.properties.find((p) => ts.isPropertyAssignment(p) && propertyName(p) === key)
              : undefined;
          const value = subject && registryValue(subject.initializer, registry);
          if (value) rpcs.push({ subject: value, handler: 'ServiceHealthModule (nest-kit)', file: path });
        }
      }
      if (ts.isObjectLiteralExpression(node)) {
        const byName = new Map(
          node.properties
            .filter(ts.isPropertyAssignment)
            .map((property) => [propertyName(property), property.initializer]),
        );
        // consumers.start({ consumer: PlatformConsumers.x, … }): the registry says durable and event.
        const chain = byName.has('consumer') && accessChain(byName.get('consumer'));
        if (chain && chain[0] === 'PlatformConsumers' && chain.length === 2) {
          const entry = registry.consumers.get(chain[1]);
          if (!entry) throw new Error(`${relative(REPO, file)}: PlatformConsumers.${chain[1]} is not registered`);
          consumed.push({ type: entry.type, durable: entry.durable, file: path });
        }
      }
    });
  }
  const unique = (list, key) => [...new Map(list.map((item) => [key(item), item])).values()];
  return {
    name,
    rpcs: unique(rpcs, (rpc) => rpc.subject).sort((a, b) => a.subject.localeCompare(b.subject)),
    published: unique(published, (event) => event.type).sort((a, b) => a.type.localeCompare(b.type)),
    consumed: unique(consumed, (event) => event.durable).sort((a, b) => a.type.localeCompare(b.type)),
    tables: readTables(join(root, 'prisma')),
  };
}

/**
 * Prisma models and the tables they map to (`@@map`, else the model's name), from every `.prisma`
 * file of a schema folder (Prisma's multi-file schema: the service's own and the kits' models).
 */
export function readTables(schemaFolder) {
  if (!existsSync(schemaFolder)) return [];
  const schema = readdirSync(schemaFolder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.prisma'))
    .map((file) => readFileSync(join(schemaFolder, file), 'utf8').replace(/\/\/.*$/gm, ''))
    .join('\n');
  const tables = [];
  for (const match of schema.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)) {
    const mapped = /@@map\(\s*"([^"]+)"\s*\)/.exec(match[2]);
    tables.push({ model: match[1], table: mapped ? mapped[1] : match[1] });
  }
  return tables.sort((a, b) => a.table.localeCompare(b.table));
}

/** The text of an `@ApiOperation({ summary })`, joined when written as `'a' + 'b'`. */
function summaryOf(args) {
  const options = args[0];
  if (!options || !ts.isObjectLiteralExpression(options)) return '';
  const summary = options.properties.find((p) => ts.isPropertyAssignment(p) && propertyName(p) === 'summary');
  const join = (node) => {
    if (stringOf(node) !== null) return stringOf(node);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return join(node.left) + join(node.right);
    }
    if (ts.isParenthesizedExpression(node)) return join(node.expression);
    return node.getText();
  };
  return summary ? join(summary.initializer) : '';
}

/** Who may call a route, from its guard decorators (method first, then its controller's). */
function accessOf(decoratorNames) {
  if (decoratorNames.includes('AdminOnly')) return 'admin';
  if (decoratorNames.includes('TutorOnly')) return 'tutor';
  if (decoratorNames.includes('StudentOnly')) return 'student';
  if (decoratorNames.includes('TutorOrAdmin')) return 'tutor or admin';
  if (decoratorNames.includes('Authenticated')) return 'signed in';
  if (decoratorNames.includes('ApiCookieAuth')) return 'session checked in the handler';
  return 'public';
}

/** Subjects a method sends, following calls to the class's own helper methods. */
function subjectsSent(method, methods, registry, seen = new Set()) {
  const found = new Set();
  if (seen.has(method)) return found;
  seen.add(method);
  visit(method, (node) => {
    if (ts.isPropertyAccessExpression(node)) {
      const subject = registryValue(node, registry);
      if (subject) found.add(subject);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.kind === ts.SyntaxKind.ThisKeyword
    ) {
      const helper = methods.get(node.expression.name.text);
      if (helper) for (const subject of subjectsSent(helper, methods, registry, seen)) found.add(subject);
    }
  });
  return found;
}

/**
 * The subjects each public read of the gateway fetches, by its name (`PUBLIC_READS` in
 * gateway/src/public-reads/public-reads.service.ts): a route answering `this.publicReads.send('<name>', …)`
 * is answered from memory that those RPCs fill, so the docs name them for it.
 */
function readPublicReads(registry) {
  const reads = new Map();
  visit(parse(join(REPO, 'gateway/src/public-reads/public-reads.service.ts')), (node) => {
    if (!ts.isVariableDeclaration(node) || node.name.getText() !== 'PUBLIC_READS' || !node.initializer) return;
    let object = node.initializer;
    while (ts.isAsExpression(object) || ts.isSatisfiesExpression(object)) object = object.expression;
    for (const read of object.properties) {
      const fetch = read.initializer?.properties?.find((property) => property.name?.getText() === 'fetch');
      const subjects = new Set();
      if (fetch) {
        visit(fetch, (inner) => {
          const subject = ts.isPropertyAccessExpression(inner) ? registryValue(inner, registry) : null;
          if (subject) subjects.add(subject);
        });
      }
      reads.set(read.name.getText(), [...subjects]);
    }
  });
  return reads;
}

/** The subjects behind the public reads a method answers with `this.publicReads.send('<name>', …)`. */
function publicReadSubjects(method, publicReads) {
  const found = new Set();
  visit(method, (node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.getText() === 'this.publicReads.send' &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      for (const subject of publicReads.get(node.arguments[0].text) ?? []) found.add(subject);
    }
  });
  return found;
}

const joinPath = (...parts) =>
  '/' +
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/** Every HTTP route of the gateway's Nest controllers. */
export function readGatewayRoutes(registry) {
  const routes = [];
  const publicReads = readPublicReads(registry);
  for (const file of sourceFiles(join(REPO, 'gateway/src')).filter((f) => f.endsWith('.controller.ts'))) {
    visit(parse(file), (node) => {
      if (!ts.isClassDeclaration(node)) return;
      const classCalls = decoratorsOf(node).map(decoratorCall).filter(Boolean);
      const controller = classCalls.find((call) => call.name === 'Controller');
      if (!controller) return;
      const prefix = stringOf(controller.args[0]) ?? '';
      const methods = new Map(
        node.members.filter(ts.isMethodDeclaration).map((method) => [method.name.getText(), method]),
      );
      for (const method of methods.values()) {
        const calls = decoratorsOf(method).map(decoratorCall).filter(Boolean);
        const verb = calls.find((call) => HTTP_METHODS.has(call.name));
        if (!verb) continue;
        const names = [...calls, ...classCalls].map((call) => call.name);
        const operation = calls.find((call) => call.name === 'ApiOperation');
        routes.push({
          method: verb.name.toUpperCase(),
          path: joinPath(prefix, stringOf(verb.args[0]) ?? '').replace(/:(\w+)/g, '{$1}'),
          access: accessOf(names),
          summary: operation ? summaryOf(operation.args) : '',
          subjects: [
            ...new Set([...subjectsSent(method, methods, registry), ...publicReadSubjects(method, publicReads)]),
          ].sort(),
          file: relative(REPO, file),
        });
      }
    });
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
