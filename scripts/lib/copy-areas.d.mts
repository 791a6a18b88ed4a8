// Types for scripts/lib/copy-areas.mjs, for its tests.
export interface Area {
  kind: string;
  name: string | undefined;
  feature?: string | undefined;
}
export function areaOf(file: string): Area;
export function crossing(fileA: string, fileB: string): string | undefined;
