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

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Where a file belongs: `service:<name>`, `gateway`, `frontend:<name>[/feature:<name>]`, or another top folder. */
export function areaOf(file) {
  const [top, name, ...rest] = file.split(/[\\/]/);
  if (top === 'services') return { kind: 'service', name };
  if (top === 'gateway') return { kind: 'gateway', name: 'gateway' };
  if (top === 'frontends') {
    const feature = rest[0] === 'src' && rest[1] === 'features' && rest.length > 3 ? rest[2] : undefined;
    return { kind: 'frontend', name, feature };
  }
  return { kind: top, name };
}

const label = (area) =>
  area.kind === 'gateway'
    ? 'gateway'
    : `${area.kind} ${area.name}${area.feature === undefined ? '' : ` (feature ${area.feature})`}`;

/** Why a copy between these two files fails the check, or undefined when it is only reported. */
export function crossing(fileA, fileB) {
  const a = areaOf(fileA);
  const b = areaOf(fileB);
  const backEnd = (area) => area.kind === 'service' || area.kind === 'gateway';
  if (backEnd(a) && backEnd(b) && (a.kind !== b.kind || a.name !== b.name)) return `${label(a)} and ${label(b)}`;
  if (a.kind === 'frontend' && b.kind === 'frontend') {
    if (a.name !== b.name) return `${label(a)} and ${label(b)}`;
    if (a.feature !== undefined && b.feature !== undefined && a.feature !== b.feature)
      return `${label(a)} and ${label(b)}`;
  }
  return undefined;
}

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
