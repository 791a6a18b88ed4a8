// Narrows the repository's npm manifests, inside an image build, to the workspaces that one image
// needs. `npm ci` with the shared lockfile then installs only their dependencies: the other
// workspaces' packages become extraneous and are left out.
//   node workspace-manifests.mjs [--prod] <workspace>...
// --prod also drops every devDependencies field: npm otherwise installs dev tools that a production
// dependency names as an optional peer (prisma and typescript, via @prisma/client).
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const prod = args[0] === '--prod';
const workspaces = prod ? args.slice(1) : args;
if (workspaces.length === 0) {
  console.error('usage: workspace-manifests.mjs [--prod] <workspace>...');
  process.exit(64);
}

function rewrite(path, change) {
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  change(manifest);
  writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
}

rewrite('package.json', (root) => {
  const unknown = workspaces.filter((workspace) => !root.workspaces.includes(workspace));
  if (unknown.length) throw new Error(`not workspaces of this repository: ${unknown.join(', ')}`);
  root.workspaces = workspaces;
  if (prod) delete root.devDependencies;
});
if (prod) {
  for (const workspace of workspaces)
    rewrite(`${workspace}/package.json`, (manifest) => delete manifest.devDependencies);
}
