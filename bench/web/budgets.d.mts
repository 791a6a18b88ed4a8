// Types of budgets.mjs, for its unit test (test/scripts/web-budgets.spec.ts).
export type MetricKey =
  'jsKb' | 'startUpJsKb' | 'performance' | 'accessibility' | 'seo' | 'bestPractices' | 'lcpMs' | 'tbtMs' | 'cls';
export interface Route {
  name: string;
  path: string;
  kind: 'public' | 'dashboard';
  lighthouseScore?: boolean;
  signedIn?: 'student' | 'admin';
  status?: 404;
}
export type Budgets = Partial<Record<MetricKey, number>>;
export type Figures = Partial<Record<MetricKey, number | null | undefined>>;
export interface Verdict {
  key: MetricKey;
  value: number | null;
  budget: number;
  ok: boolean;
}

export declare const notFoundPath: string;
export declare const routes: Route[];
export declare const publicRoutes: Route[];
export declare function budgetsFor(route: Route): Budgets;
export declare const metrics: Record<
  MetricKey,
  { label: string; kind: 'max' | 'min'; format: (value: number) => string }
>;
export declare function median(values: Array<number | null | undefined>): number | null;
export declare function medians(runs: Figures[]): Record<string, number | null>;
export declare const gzippedBytes: (body: Uint8Array | string) => number;
export declare const gzippedKb: (bodies: Array<Uint8Array | string>) => number;
export declare function verdicts(budgets: Budgets, figures: Figures): Verdict[];
export declare const formatValue: (key: MetricKey, value: number | null) => string;
export declare const formatBudget: (key: MetricKey, budget: number) => string;
export declare function missLines(results: Array<{ route: Route; verdicts: Verdict[] }>): string[];
export declare function table(header: string[], rows: string[][]): string;
