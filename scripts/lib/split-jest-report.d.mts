// Types for scripts/lib/split-jest-report.mjs, for its tests.
export type Project = 'components' | 'repository';

export interface JestFileResult {
  name: string;
  status: string;
  assertionResults?: { status: string }[];
}

export interface JestReport {
  success?: boolean;
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  numTotalTests?: number;
  testResults?: JestFileResult[];
  [field: string]: unknown;
}

export function projectOfFile(path: string): Project;
export function reportOf(report: JestReport, project: Project): JestReport & { success: boolean };
export function exitCodes(
  parts: { project: Project; report: { success: boolean } }[],
  jestCode: number,
): { project: Project; code: number }[];
