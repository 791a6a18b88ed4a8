// `node bench/web/js-makeup.mjs [--only /,/about] [--top 25]`: what each public route's first-view
// JavaScript is made of, gzipped KB per npm package and per source folder, from the shell built with
// source maps (first, in frontends/shell: `npx rsbuild build --mode production --config
// build/source-maps.config.ts`). It serves that build itself, as a visitor sees it (GET /api/user
// answers 401, every other API call 404), loads each route in Chromium like check:web-budgets, and
// shares each file's gzipped size out among its sources by the minified bytes each one maps to.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { publicRoutes } from './budgets.mjs';
import { firstViewJs, launchChromium } from './browser.mjs';

const dist = new URL('../../frontends/shell/node_modules/.cache/source-maps/dist', import.meta.url).pathname;
const option = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const only = option('--only')?.split(',');
const top = Number(option('--top') ?? 25);
const selected = only ? publicRoutes.filter((route) => only.includes(route.path)) : publicRoutes;
if (selected.length === 0) throw new Error(`--only ${only}: none of ${publicRoutes.map((r) => r.path).join(', ')}`);
if (!existsSync(join(dist, 'shell.html')))
  throw new Error(`No build with source maps in ${dist}: see the first lines of this file.`);

const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
};
const isFile = async (path) => (await stat(path).catch(() => null))?.isFile() ?? false;

/** The gateway's static serving, roughly: a file, else a prerendered page, else the shell's page. */
const server = createServer(async (request, response) => {
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  if (path.startsWith('/api/')) {
    response.writeHead(path === '/api/user' ? 401 : 404, { 'content-type': 'application/json' }).end('{}');
    return;
  }
  const candidates = [join(dist, path), join(dist, path, 'index.html'), join(dist, 'shell.html')];
  const file = (await Promise.all(candidates.map(isFile))).indexOf(true);
  response.writeHead(200, { 'content-type': types[extname(candidates[file])] ?? 'application/octet-stream' });
  response.end(await readFile(candidates[file]));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

/** Bytes no source claims: mostly the bundler's module wrappers. */
const unmapped = '(unmapped: module wrappers)';

const base64 = Object.fromEntries(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

/** The fields of one source-map segment (base64 VLQ), relative as the format stores them. */
function decodeSegment(segment) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = base64[char];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/** A source's group: its npm package, else its folder under src/ (a package's file), else the bundler's runtime. */
function groupOf(source) {
  if (source.startsWith('webpack://')) return 'rspack runtime';
  const modules = source.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const [scope, name] = source.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const own = /(frontends\/[^/]+\/src\/(?:[^/]+\/)?[^/]+|packages\/[^/]+\/src\/[^/]+)/.exec(source);
  return own ? own[1].replace(/\.(tsx?|css)$/, '') : source;
}

/** Minified bytes per group in one file: each segment runs to the next one on its line. */
function bytesBySource(code, map, mapDir) {
  const sources = map.sources.map((source) => (source.startsWith('webpack://') ? source : resolve(mapDir, source)));
  const lines = code.split('\n');
  const bytes = new Map();
  let sourceIndex = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0;
    const segments = line === '' ? [] : line.split(',').map(decodeSegment);
    segments.forEach((fields, i) => {
      column += fields[0];
      if (fields.length > 1) sourceIndex += fields[1];
      const next = i + 1 < segments.length ? column + segments[i + 1][0] : lines[lineIndex].length;
      const group = fields.length > 1 ? groupOf(sources[sourceIndex]) : unmapped;
      bytes.set(group, (bytes.get(group) ?? 0) + next - column);
    });
  });
  return bytes;
}

const browser = await launchChromium();
try {
  for (const route of selected) {
    // This server sends files whole: each is counted gzipped, as the gateway sends the build's copies.
    const { files } = await firstViewJs(browser, new URL(route.path, origin).href);
    const kb = files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
    const groups = new Map();
    for (const file of files) {
      const path = join(dist, file.url);
      const code = await readFile(path, 'utf8');
      const map = JSON.parse(await readFile(`${path}.map`, 'utf8').catch(() => '{"sources":[],"mappings":""}'));
      const bytes = bytesBySource(code, map, dirname(path));
      const mapped = [...bytes.values()].reduce((sum, n) => sum + n, 0);
      bytes.set(unmapped, (bytes.get(unmapped) ?? 0) + code.length - mapped);
      for (const [group, n] of bytes) {
        const entry = groups.get(group) ?? { kb: 0, files: new Set() };
        entry.kb += (file.gzipBytes * n) / code.length / 1024;
        entry.files.add(file.url.replace(/^.*\//, ''));
        groups.set(group, entry);
      }
    }
    console.log(`\n${route.path}: ${kb.toFixed(1)} KB gzipped in ${files.length} files`);
    for (const [group, { kb: groupKb, files: inFiles }] of [...groups]
      .sort((a, b) => b[1].kb - a[1].kb)
      .slice(0, top)) {
      console.log(`${groupKb.toFixed(1).padStart(7)} KB  ${group.padEnd(60)} ${[...inFiles].join(' ')}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
