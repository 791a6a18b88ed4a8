#!/usr/bin/env node
// `npm run check:copies`: jscpd (settings in .jscpd.json) finds blocks of code repeated in the
// workspaces; this fails on the copies that cross a boundary the code should share through a package
// instead: two services, a service and the gateway, two frontends, two features of one frontend.
// Repeats within one of those areas (one file, one feature, the gateway's own tests) and copies
// touching packages/ are listed but do not fail.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { crossing } from './lib/copy-areas.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const place = (duplication) => `${duplication.sourceId}:${duplication.start.line}-${duplication.end.line}`;
const describe = (clone) =>
  `${place(clone.duplicationA)}  ~  ${place(clone.duplicationB)}  (${
    clone.duplicationA.end.line - clone.duplicationA.start.line + 1
  } lines)`;

async function main() {
  process.chdir(repoRoot);
  const config = JSON.parse(readFileSync(path.join(repoRoot, '.jscpd.json'), 'utf8'));
  // jscpd's ES module build fails to load on Node 20 (`colors/safe`); its CommonJS build works.
  const { detectClones } = createRequire(import.meta.url)('jscpd');
  const clones = await detectClones({ ...config, reporters: [], silent: true });

  const failing = [];
  const reported = [];
  for (const clone of clones) {
    const reason = crossing(clone.duplicationA.sourceId, clone.duplicationB.sourceId);
    if (reason) failing.push(`${describe(clone)}  [${reason}]`);
    else reported.push(describe(clone));
  }
  const settings = `at least ${config.minLines} lines and ${config.minTokens} tokens`;
  if (reported.length > 0) {
    console.log(`Repeated within one area (${reported.length}, allowed):`);
    for (const line of reported.sort()) console.log(`  ${line}`);
  }
  if (failing.length > 0) {
    console.log(`Copied across areas (${failing.length}; share the code through a package instead):`);
    for (const line of failing.sort()) console.log(`  ${line}`);
    console.log(`check:copies failed: ${failing.length} copies across areas (${settings}).`);
    process.exitCode = 1;
  } else {
    console.log(`check:copies passed: no copies across areas (${settings}).`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
