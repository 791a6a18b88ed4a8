import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { repositoryTextFiles, ROOT } from './repository-files.js';

const PRODUCT = 'docs/product.md';

/**
 * Section numbers cited by a reference to the product rules: `docs/product.md §5`, `product rules §2,
 * §4 and §8`, or a link to `product.md#section-7`.
 */
function citedSections(text: string): number[] {
  const cited: number[] = [];
  const list = /(?:docs\/product\.md|product rules)\s*((?:§\s*\d+(?:\s*(?:,|and|or|&)\s*)?)+)/gi;
  for (const match of text.matchAll(list)) {
    for (const number of match[1]!.matchAll(/§\s*(\d+)/g)) cited.push(Number(number[1]));
  }
  for (const match of text.matchAll(/product\.md#section-(\d+)/g)) cited.push(Number(match[1]));
  return cited;
}

/**
 * The retired way of citing: the specification, which is not in the repository. Written so that this
 * file does not match it.
 */
const RETIRED = new RegExp(`\\bspec(?:ification)?'?s?\\s+(?:sections?\\s+\\d|§\\s*\\d)`, 'i');

/** The numbered sections of docs/product.md, each with its `section-N` anchor. */
function productSections(): { numbers: number[]; anchors: number[] } {
  const text = readFileSync(join(ROOT, PRODUCT), 'utf8');
  return {
    numbers: [...text.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1])),
    anchors: [...text.matchAll(/<a id="section-(\d+)"><\/a>/g)].map((match) => Number(match[1])),
  };
}

describe('references to the product rules', () => {
  const files = repositoryTextFiles().map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
  const sections = productSections();

  it('reads every form of reference', () => {
    expect(citedSections('see docs/product.md §5')).toEqual([5]);
    expect(citedSections('(product rules §2, §4 and §8)')).toEqual([2, 4, 8]);
    expect(citedSections('[prices](../docs/product.md#section-9)')).toEqual([9]);
    expect(citedSections('the product rules, not a section')).toEqual([]);
    expect(RETIRED.test(['spec', 'sections 2 and 9'].join(' '))).toBe(true);
    expect(RETIRED.test('the spec-compliant form')).toBe(false);
  });

  it('docs/product.md numbers its sections 1 to 9, each with its anchor', () => {
    const oneToNine = Array.from({ length: 9 }, (_, index) => index + 1);
    expect(sections).toEqual({ numbers: oneToNine, anchors: oneToNine });
  });

  it('cite only sections that docs/product.md has', () => {
    const unknown = files.flatMap(({ path, text }) =>
      citedSections(text)
        .filter((number) => !sections.numbers.includes(number))
        .map((number) => `${path}: §${number}`),
    );
    expect(unknown).toEqual([]);
  });

  it('no longer cite the specification, which is not in the repository', () => {
    const retired = files.flatMap(({ path, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, number: index + 1 }))
        .filter(({ line }) => RETIRED.test(line))
        .map(({ line, number }) => `${path}:${number}: ${line.trim()}`),
    );
    expect(retired).toEqual([]);
  });
});
