export interface LoadFigures {
  requestsPerSecond?: number;
  loginsPerSecond?: number;
  p50Ms?: number;
  p99Ms?: number;
  shareOfBare?: number;
  errors?: number;
  non2xx?: number;
}
export type Targets = Record<
  string,
  Partial<Record<'requestsPerSecond' | 'loginsPerSecond' | 'p99Ms' | 'shareOfBare', number>>
>;
export declare const TARGETS: Targets;
export declare function meets(key: string, value: number, target: number): boolean;
export declare function renderTable(figures: Record<string, LoadFigures>, targets: Targets): string;
