export function referenceProblems(input: {
  file: string;
  text: string;
  code: Set<string>;
  strings: Set<string>;
  exists: (target: string, options: { link: boolean }) => boolean;
}): string[];
export function readCodeNames(): { code: Set<string>; strings: Set<string> };
export function fileResolver(readme: string): (target: string, options: { link: boolean }) => boolean;
