// One jest run of the components and repository projects gives one --json report, with no project
// name in it; `npm test` reports each project as its own step (scripts/test.sh), so this splits the
// report by test file as jest.config.mjs's testMatch does: a colocated *.spec.tsx is a component spec,
// anything else (test/**/*.spec.ts) a repository check.
//   node scripts/lib/split-jest-report.mjs <results dir> <combined name> <jest exit code>
// writes <results dir>/components.json and repository.json and prints "<project> <exit code>" for each:
// 1 for a project with a failed test or file, jest's own code for both when jest failed with neither.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const projectOfFile = (path) => (path.endsWith('.spec.tsx') ? 'components' : 'repository');

const count = (files, status) =>
  files.reduce((sum, file) => sum + (file.assertionResults ?? []).filter((test) => test.status === status).length, 0);

/** The part of `report` whose files belong to `project`, with its totals counted again. */
export function reportOf(report, project) {
  const files = (report.testResults ?? []).filter((file) => projectOfFile(file.name) === project);
  const failedFiles = files.filter((file) => file.status === 'failed').length;
  return {
    ...report,
    numTotalTestSuites: files.length,
    numFailedTestSuites: failedFiles,
    numPassedTestSuites: files.length - failedFiles,
    numPassedTests: count(files, 'passed'),
    numFailedTests: count(files, 'failed'),
    numPendingTests: count(files, 'pending') + count(files, 'skipped') + count(files, 'disabled'),
    numTodoTests: count(files, 'todo'),
    numTotalTests: files.reduce((sum, file) => sum + (file.assertionResults ?? []).length, 0),
    success: failedFiles === 0,
    testResults: files,
  };
}

/** Each project's exit code: its own failures decide; jest's code stands when neither part failed. */
export function exitCodes(parts, jestCode) {
  const anyFailed = parts.some((part) => !part.report.success);
  return parts.map(({ project, report }) => ({
    project,
    code: !report.success ? 1 : anyFailed ? 0 : jestCode,
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [resultsDir, combinedName, jestCode] = process.argv.slice(2);
  const report = JSON.parse(readFileSync(join(resultsDir, `${combinedName}.json`), 'utf8'));
  const parts = ['components', 'repository'].map((project) => ({ project, report: reportOf(report, project) }));
  for (const { project, report: part } of parts)
    writeFileSync(join(resultsDir, `${project}.json`), JSON.stringify(part));
  for (const { project, code } of exitCodes(parts, Number(jestCode))) console.log(`${project} ${code}`);
}
