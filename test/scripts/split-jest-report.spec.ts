import { describe, expect, it } from '@jest/globals';
import { exitCodes, projectOfFile, reportOf } from '../../scripts/lib/split-jest-report.mjs';

const file = (name: string, ...statuses: string[]) => ({
  name,
  status: statuses.includes('failed') ? 'failed' : 'passed',
  assertionResults: statuses.map((status) => ({ status })),
});

const combined = {
  numPassedTests: 6,
  numFailedTests: 1,
  startTime: 1,
  testResults: [
    file('/repo/frontends/admin/src/pages/users.spec.tsx', 'passed', 'passed', 'failed'),
    file('/repo/packages/web-kit/src/ui/button.spec.tsx', 'passed', 'pending'),
    file('/repo/test/infra/k8s.spec.ts', 'passed', 'passed', 'todo'),
    file('/repo/test/docs/adr.spec.ts', 'passed'),
  ],
};

describe('scripts/lib/split-jest-report.mjs', () => {
  it("tells the projects apart as jest.config.mjs's testMatch does", () => {
    expect(projectOfFile('/repo/frontends/shell/src/app.spec.tsx')).toBe('components');
    expect(projectOfFile('/repo/test/scripts/summarize-tests.spec.ts')).toBe('repository');
  });

  it("gives each project its own files and totals, keeping the report's other fields", () => {
    const components = reportOf(combined, 'components');
    expect(components.testResults?.map((result) => result.name)).toEqual([
      '/repo/frontends/admin/src/pages/users.spec.tsx',
      '/repo/packages/web-kit/src/ui/button.spec.tsx',
    ]);
    expect(components).toMatchObject({
      numPassedTests: 3,
      numFailedTests: 1,
      numPendingTests: 1,
      numTodoTests: 0,
      numTotalTests: 5,
      numFailedTestSuites: 1,
      success: false,
      startTime: 1,
    });
    expect(reportOf(combined, 'repository')).toMatchObject({
      numPassedTests: 3,
      numFailedTests: 0,
      numTodoTests: 1,
      numTotalTests: 4,
      success: true,
    });
  });

  it('fails only the project with a failure, and both when jest failed with neither (a crash, say)', () => {
    const parts = (['components', 'repository'] as const).map((project) => ({
      project,
      report: reportOf(combined, project),
    }));
    expect(exitCodes(parts, 1)).toEqual([
      { project: 'components', code: 1 },
      { project: 'repository', code: 0 },
    ]);
    const passing = parts.map((part) => ({ ...part, report: { success: true } }));
    expect(exitCodes(passing, 0).map((part) => part.code)).toEqual([0, 0]);
    expect(exitCodes(passing, 7).map((part) => part.code)).toEqual([7, 7]);
  });
});
