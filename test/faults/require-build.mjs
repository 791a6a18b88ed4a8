// The fault suite runs the apps from their builds: without them, say so instead of timing out.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const APPS = [
  'gateway',
  ...['identity', 'catalog-payments', 'tutoring', 'reviews', 'payroll'].map((s) => `services/${s}`),
];

export default function requireBuild() {
  const missing = APPS.map((app) => `${app}/dist/main.js`).filter(
    (entry) => !existsSync(fileURLToPath(new URL(`../../${entry}`, import.meta.url))),
  );
  if (missing.length) {
    throw new Error(`the fault suite runs the built apps; missing ${missing.join(', ')}: run \`npm run build\` first`);
  }
}
