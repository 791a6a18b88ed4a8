// Types of figures.mjs, for its unit test (test/scripts/soak-figures.spec.ts).
export type Kind = 'browse' | 'dashboard' | 'admin' | 'register';
export type Rates = Record<Kind, number>;
export interface Options {
  durationSeconds: number;
  warmupSeconds: number;
  baseUrl: string;
  probePortsFile: string | undefined;
  rates: Rates;
  enforceMemory: boolean;
  output: string;
}
export interface Memory {
  rssBytes: number | null;
  heapUsedBytes: number | null;
}
export interface Recorded {
  durationsMs: number[];
  errors: Record<string, number>;
}
export interface RouteFigures {
  route: string;
  requests: number;
  errors: number;
  errorsByOutcome: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}
export interface MemoryFigures {
  process: string;
  start: Memory;
  warm: Memory;
  end: Memory;
  rssGrowthPercent: number | null;
  heapGrowthPercent: number | null;
  /** Median RSS of the first third after warm-up to that of the last third; null on a short run. */
  rssTrendPercent: number | null;
}
export interface MemorySample {
  atSeconds: number;
  memory: Snapshot;
}
export interface Verdict {
  ok: boolean;
  failures: string[];
  warnings: string[];
  enforceMemory: boolean;
}
type Snapshot = Record<string, Memory>;

export declare const memoryGrowthLimitPercent: number;
export declare const defaultRates: Rates;
export declare function parseDuration(text: string): number;
export declare function parseRates(text: string): Rates;
export declare function parseArgs(
  argv: string[],
  defaults?: { baseUrl?: string; probePortsFile?: string },
): Options | { help: string };
export declare function parseProbePorts(text: string): Array<{ process: string; port: number }>;
export declare function memoryOf(metricsText: string): Memory;
export declare function percentile(sorted: number[], p: number): number;
export declare function growthPercent(from: number | null | undefined, to: number | null | undefined): number | null;
export declare function routeFigures(recorded: Record<string, Recorded>): RouteFigures[];
export declare function median(values: number[]): number;
export declare function rssTrendPercent(
  samples: MemorySample[],
  processName: string,
  warmupSeconds: number,
): number | null;
export declare function memoryFigures(
  snapshots: {
    start?: Snapshot;
    warm?: Snapshot;
    end?: Snapshot;
  },
  samples?: MemorySample[],
  warmupSeconds?: number,
): MemoryFigures[];
export declare function verdict(input: {
  routes: RouteFigures[];
  memory: MemoryFigures[];
  enforceMemory: boolean;
}): Verdict;
export declare const formatPercent: (percent: number | null) => string;
export declare function render(report: {
  baseUrl: string;
  durationSeconds: number;
  warmupSeconds: number;
  routes: RouteFigures[];
  memory: MemoryFigures[];
  verdict: Verdict;
  skipped?: Partial<Record<Kind, number>>;
}): string;
