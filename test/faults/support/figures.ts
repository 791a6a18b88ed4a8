import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figures } from './payment-stream.js';
import { REPO } from './platform.js';

const FILE = join(REPO, 'test-results/faults-figures.json');
const collected: Figures[] = [];

/** One line per scenario on stdout, and every scenario so far in test-results/faults-figures.json. */
export function reportFigures(figures: Figures): void {
  collected.push(figures);
  const seconds = (value: number | null) => (value === null ? 'never' : value.toFixed(1));
  process.stdout.write(
    `FAULTS ${figures.scenario}: payments=${figures.payments} paid=${figures.paid} credited=${figures.credited} ` +
      `lost=${figures.lost} duplicated=${figures.duplicated} converged_s=${seconds(figures.convergedS)} (bound ${figures.boundS}) ` +
      `all_credited_s=${seconds(figures.allCreditedS)}` +
      `${figures.notes ? ` ${figures.notes}` : ''}\n`,
  );
  mkdirSync(join(REPO, 'test-results'), { recursive: true });
  writeFileSync(FILE, `${JSON.stringify(collected, null, 2)}\n`);
}
