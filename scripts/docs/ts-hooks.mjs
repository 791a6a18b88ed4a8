// Module hooks that let plain Node import the repository's TypeScript sources (the services' env
// schemas) the way jest does: `@medtutor/<package>` resolves to its src, `./x.js` to `./x.ts`, and
// TypeScript is compiled by swc with the decorator settings Nest needs.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transform } from '@swc/core';

const REPO = new URL('../../', import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  const workspace = /^@medtutor\/([^/]+)(?:\/(.+))?$/.exec(specifier);
  if (workspace) {
    const [, pkg, sub] = workspace;
    const file = new URL(`packages/${pkg}/src/${sub ? `${sub}/index.ts` : 'index.ts'}`, REPO);
    if (existsSync(file)) return { url: file.href, shortCircuit: true };
  }
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const asTs = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (!existsSync(fileURLToPath(new URL(specifier, context.parentURL))) && existsSync(asTs)) {
      return { url: asTs.href, shortCircuit: true };
    }
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith('.ts')) return nextLoad(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { code } = await transform(source, {
    filename: fileURLToPath(url),
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}

export const repoUrl = pathToFileURL(fileURLToPath(REPO)).href;
