import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { ROOT } from '../infra/infra-helpers.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the aggregator on suites.tsv lines, reports and logs; returns its exit code and its last line. */
function summarize(lines: string[][], reports: Record<string, unknown> = {}, logs: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'summary-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'suites.tsv'), lines.map((line) => `${line.join('\t')}\n`).join(''));
  for (const [name, report] of Object.entries(reports))
    writeFileSync(join(dir, `${name}.json`), JSON.stringify(report));
  for (const [name, text] of Object.entries(logs)) writeFileSync(join(dir, name), text);
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/lib/summarize-tests.mjs'), dir], {
    encoding: 'utf8',
  });
  const output = result.stdout.trimEnd();
  return { code: result.status, output, last: output.split('\n').at(-1) };
}

const jestReport = (passed: number, failed: number, pending = 0, files: unknown[] = []) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: pending,
  numTodoTests: 0,
  testResults: files,
});
const playwrightReport = (expected: number, unexpected: number, skipped = 0, flaky = 0) => ({
  stats: { expected, unexpected, skipped, flaky },
  suites: [],
  errors: [],
});

describe('scripts/lib/summarize-tests.mjs', () => {
  it('adds up checks, jest and Playwright, and ends with the totals line', () => {
    const result = summarize(
      [
        ['check', 'lint', '0', '1.0'],
        ['check', 'format', '0', '1.0'],
        ['jest', 'jest', '0', '10.0'],
        ['playwright', 'e2e', '0', '20.0'],
      ],
      { jest: jestReport(40, 0), e2e: playwrightReport(9, 0, 0, 1) },
    );
    expect(result.last).toBe('52 passed, 0 failed');
    expect(result.code).toBe(0);
  });

  it('shows skipped tests in the totals', () => {
    const result = summarize([['jest', 'jest', '0', '1']], { jest: jestReport(3, 0, 2) });
    expect(result.last).toBe('3 passed, 0 failed, 2 skipped');
  });

  it('counts a failed check, a suite without a report and a missing suite as failures', () => {
    const result = summarize([
      ['check', 'lint', '1', '1', 'see test-results/lint.log'],
      ['jest', 'jest', '1', '1'],
      ['playwright', 'e2e', '1', '0', 'missing: e2e/playwright.config.ts does not exist'],
    ]);
    expect(result.last).toBe('0 passed, 3 failed');
    expect(result.output).toContain('missing: e2e/playwright.config.ts does not exist');
    expect(result.code).toBe(1);
  });

  it('counts a test file that crashed before its tests ran', () => {
    const broken = { name: '/repo/x.spec.ts', status: 'failed', message: 'SyntaxError: nope', assertionResults: [] };
    const result = summarize([['jest', 'jest', '1', '1']], { jest: jestReport(5, 0, 0, [broken]) });
    expect(result.last).toBe('5 passed, 1 failed');
    expect(result.output).toContain('SyntaxError: nope');
  });

  it('shows the exit code and the last lines of the log of a run that died before its report', () => {
    const log = ['PASS early.spec.ts', ...Array.from({ length: 30 }, (_, line) => `line ${line}`)];
    log.push('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
    const result = summarize([['jest', 'jest', '134', '1']], {}, { 'jest.log': log.join('\n') });
    expect(result.last).toBe('0 passed, 1 failed');
    expect(result.output).toContain('the run crashed with exit code 134; the last lines of');
    expect(result.output).toContain('JavaScript heap out of memory');
    expect(result.output).toContain('line 6');
    expect(result.output).not.toContain('line 5\n');
    expect(result.output).not.toContain('PASS early.spec.ts');
  });

  it('counts a non-zero exit without a failing test as a failure', () => {
    const result = summarize([['playwright', 'e2e', '1', '1']], { e2e: playwrightReport(4, 0) });
    expect(result.last).toBe('4 passed, 1 failed');
  });

  it("names a failed browser test with its error's first lines and the spec line that threw", () => {
    const failedTest = {
      status: 'unexpected',
      results: [
        {
          error: {
            message:
              '\u001b[31mError: expect(locator).toHaveCount(expected)\u001b[39m\n\nExpected: 7\nReceived: 0\nCall log:\n  - waiting',
            location: { file: '/repo/e2e/booking.spec.ts', line: 107 },
          },
        },
      ],
    };
    const report = {
      ...playwrightReport(3, 1),
      suites: [{ title: 'booking.spec.ts', specs: [{ title: 'a student books', tests: [failedTest] }] }],
    };
    const result = summarize([['playwright', 'e2e', '1', '1']], { e2e: report });
    expect(result.output).toContain(
      [
        '      ✗ booking.spec.ts › a student books',
        '          Error: expect(locator).toHaveCount(expected)',
        '          Expected: 7',
        '          Received: 0 (booking.spec.ts:107)',
      ].join('\n'),
    );
    expect(result.last).toBe('3 passed, 1 failed');
  });

  it("names a failed jest test with its failure's first lines, without the stack", () => {
    const file = {
      name: '/repo/services/tutoring/src/modules/packages/package-hours.rules.spec.ts',
      status: 'failed',
      assertionResults: [
        {
          status: 'failed',
          fullName: 'package hours refund a share',
          failureMessages: [
            'Error: expect(received).toBe(expected)\n\nExpected: 2\nReceived: 3\n    at Object.<anonymous> (x.ts:1:1)',
          ],
        },
      ],
    };
    const result = summarize([['jest', 'unit', '1', '1']], { unit: jestReport(5, 1, 0, [file]) });
    expect(result.output).toContain(
      [
        '      ✗ package hours refund a share',
        '          Error: expect(received).toBe(expected)',
        '          Expected: 2',
        '          Received: 3 (package-hours.rules.spec.ts)',
      ].join('\n'),
    );
  });

  it('fails when no suite ran at all', () => {
    expect(summarize([]).last).toBe('0 passed, 1 failed');
  });
});
