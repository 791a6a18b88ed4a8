/*
 * The one test file Stryker runs (stryker.jest.config.mjs): it imports every spec of the mutated
 * modules, so they share one module registry. Each mutant that changes module-level code (a zod
 * schema, a message table) reloads the modules under test; loading zod and the contracts once per
 * mutant instead of once per spec file makes the run several times faster. The specs stay as they
 * are and still run one by one in the `unit` project.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Mirrors `mutate` in stryker.config.mjs: the folders whose sources are mutated. */
const specFolders = [
  'packages/contracts/src',
  'services/catalog-payments/src/modules/discount-codes',
  'services/tutoring/src/modules/shared',
];
/** Under a `@jest-environment jsdom` docblock, which Stryker's coverage environment cannot replace. */
const leftOut = new Set(['packages/contracts/src/zod.spec.ts']);

const specs = specFolders
  .flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.spec.ts'))
      .map((file) => join(folder, file)),
  )
  .filter((spec) => !leftOut.has(spec))
  .sort();

// In order, so every run registers the same tests under the same names.
for (const spec of specs) await import(join(root, spec));

// A spec that moved or a folder that emptied would otherwise leave mutants untested without a word.
if (specs.length === 0) throw new Error(`no specs under ${specFolders.join(', ')}`);
