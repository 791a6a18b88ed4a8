// Totals every suite of `npm test` from test-results/suites.tsv, which scripts/test.sh writes one
// line per suite: kind, name, exit code, seconds, note. Kinds:
//   check       one test (lint, format, ...): passed when it exited 0
//   jest        a jest --json report at test-results/<name>.json
//   playwright  a Playwright json report at test-results/<name>.json
// A suite that should have a report but has none, or exited non-zero without a failing test, counts
// as one failure: nothing fails or goes missing silently. Prints one line per suite, then the totals
// as the last line ("N passed, N failed[, N skipped]"); exits 1 when anything failed.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const resultsDir = process.argv[2] ?? 'test-results';
const MAX_LISTED_FAILURES = 15;
const CRASH_LOG_LINES = 25;

function readReport(path) {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function fromCheck(suite) {
  return suite.exitCode === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

function fromJest(suite, report) {
  const failures = [];
  let brokenFiles = 0;
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed)
      failures.push(test.fullName + firstLines(test.failureMessages?.[0], basename(file.name)));
    // A file that failed to load or crashed has no failing test of its own, but it is a failure.
    if (file.status === 'failed' && failed.length === 0) {
      brokenFiles += 1;
      failures.push(
        `${file.name}: ${
          String(file.message ?? 'failed to run')
            .split('\n')
            .find(Boolean) ?? 'failed to run'
        }`,
      );
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
  };
}

// CI keeps only the tail of its log, far below a failed test's own output: the summary says where
// and why, in a line or two (the first lines of the error and the spec line that threw).
function whyFailed(test) {
  const error = test.results?.at(-1)?.error;
  return firstLines(error?.message, error?.location && `${basename(error.location.file)}:${error.location.line}`);
}

function firstLines(message, where) {
  if (!message) return '';
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '));
  return `\n          ${lines.slice(0, 3).join('\n          ')}${where ? ` (${where})` : ''}`;
}

function fromPlaywright(suite, report) {
  const failures = [];
  const walk = (node, titles) => {
    for (const child of node.suites ?? []) walk(child, child.title ? [...titles, child.title] : titles);
    for (const spec of node.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') failures.push([...titles, spec.title].join(' › ') + whyFailed(test));
      }
    }
  };
  walk(report, []);
  // Errors outside any test (global setup, a file that does not load) count as one failure each.
  for (const error of report.errors ?? []) failures.push(String(error.message ?? 'error').split('\n')[0]);
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
    failures,
  };
}

// CI keeps only the tail of its log: a crash's own last words are printed with the summary.
function crashed(suite, reportPath) {
  const logPath = join(resultsDir, `${suite.name}.log`);
  const lastLines = existsSync(logPath)
    ? readFileSync(logPath, 'utf8')
        .split('\n')
        .filter((text) => text.trim())
        .slice(-CRASH_LOG_LINES)
    : [];
  const heading = `no report (${reportPath}): the run crashed with exit code ${suite.exitCode}`;
  return lastLines.length ? [`${heading}; the last lines of ${logPath}:`, ...lastLines].join('\n          ') : heading;
}

function tally(suite) {
  if (suite.kind === 'check') return fromCheck(suite);
  const reportPath = join(resultsDir, `${suite.name}.json`);
  const report = readReport(reportPath);
  if (!report) {
    return { passed: 0, failed: 1, skipped: 0, failures: [suite.note || crashed(suite, reportPath)] };
  }
  const result = suite.kind === 'jest' ? fromJest(suite, report) : fromPlaywright(suite, report);
  if (suite.exitCode !== 0 && result.failed === 0) {
    result.failed = 1;
    result.failures.push(`${suite.kind} exited with code ${suite.exitCode} without a failing test`);
  }
  return result;
}

const tsv = join(resultsDir, 'suites.tsv');
const suites = existsSync(tsv)
  ? readFileSync(tsv, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [kind, name, exitCode, seconds, note = ''] = line.split('\t');
        return { kind, name, exitCode: Number(exitCode), seconds: Number(seconds), note };
      })
  : [];

const totals = { passed: 0, failed: 0, skipped: 0 };
console.log('\nTest summary');
if (suites.length === 0) {
  totals.failed = 1;
  console.log(`  no suite ran (${tsv} is missing)`);
}
for (const suite of suites) {
  const result = tally(suite);
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  let outcome;
  if (suite.kind === 'check') {
    outcome = result.failed ? `FAILED${suite.note ? ` (${suite.note})` : ''}` : 'passed';
  } else {
    outcome = `${result.passed} passed, ${result.failed} failed`;
    if (result.skipped) outcome += `, ${result.skipped} skipped`;
    if (result.flaky) outcome += ` (${result.flaky} flaky)`;
  }
  console.log(`  ${suite.name.padEnd(12)} ${outcome.padEnd(44)} ${suite.seconds.toFixed(1)}s`);
  const failures = result.failures ?? [];
  for (const failure of failures.slice(0, MAX_LISTED_FAILURES)) console.log(`      ✗ ${failure}`);
  if (failures.length > MAX_LISTED_FAILURES) console.log(`      … and ${failures.length - MAX_LISTED_FAILURES} more`);
}

let line = `${totals.passed} passed, ${totals.failed} failed`;
if (totals.skipped) line += `, ${totals.skipped} skipped`;
console.log(line);
process.exit(totals.failed ? 1 : 0);
