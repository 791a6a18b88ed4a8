import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { Notices, PageTexts, ServerMessages, TwoFactorTexts, ValidationMessages } from './messages.js';

const tables = { ValidationMessages, ServerMessages, Notices, PageTexts, TwoFactorTexts };

/** Every entry of a table (nested groups flattened) with its path. */
const entries = (table: object, path = ''): [string, unknown][] =>
  Object.entries(table).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? entries(value, `${path}${key}.`) : [[`${path}${key}`, value]],
  );

/** Each text as the user reads it; a text that carries a value is shown with the spec's `{placeholder}`. */
const placeholders: Record<string, unknown[]> = {
  'ValidationMessages.hoursRange': ['{total}'],
  'ValidationMessages.controlCharacters': ['{field}'],
  'Notices.payment.retrying': ['{attempt}', '{max}'],
  'Notices.checkout.initFailed': ['{email}'],
};
const shown = Object.entries(tables).flatMap(([name, table]) =>
  entries(table, `${name}.`).map(([path, value]): [string, string] => [
    path,
    typeof value === 'function'
      ? String((value as (...args: unknown[]) => string)(...(placeholders[path] ?? [])))
      : String(value),
  ]),
);
const texts = new Set(shown.map(([, text]) => text));

/** The texts a section of docs/product.md quotes ('…'), its line breaks undone. */
function quotedIn(section: number): string[] {
  const doc = readFileSync(new URL('../../../docs/product.md', import.meta.url), 'utf8');
  const body = doc.slice(doc.indexOf(`\n## ${section}. `), doc.indexOf(`\n## ${section + 1}. `)).replace(/\n\s*/g, ' ');
  // An apostrophe inside a word (don't) is not a closing quote.
  return [...body.matchAll(/(?<![A-Za-z])'((?:[^']|'(?=[a-z]))+?)'(?![a-z])/g)].map((match) => match[1]!);
}

describe('user-facing texts', () => {
  it('gives every function a placeholder here, so each text is checked as shown', () => {
    const functions = shown.filter(([path]) => path in placeholders).map(([path]) => path);
    const all = Object.entries(tables).flatMap(([name, table]) =>
      entries(table, `${name}.`).filter(([, value]) => typeof value === 'function'),
    );
    expect(functions.sort()).toEqual(all.map(([path]) => path).sort());
  });

  it.each(shown)('%s reads as a sentence on screen: non-empty, trimmed, single-spaced', (_path, text) => {
    expect(text.length).toBeGreaterThan(0);
    expect(text).toBe(text.trim());
    expect(text).not.toContain('  ');
  });

  // Each notice names one outcome: two keys of one group with one wording would show the user the
  // same words for different things (or a copied entry left unchanged).
  it.each(Object.entries(Notices))('Notices.%s: each text of the group is worded differently', (_group, table) => {
    const values = Object.values(table).filter((value) => typeof value === 'string');
    expect(values).toEqual([...new Set(values)]);
  });

  it.each([5, 8])('every text docs/product.md §%i quotes is one of these, word for word', (section) => {
    const quoted = quotedIn(section);
    expect(quoted.length).toBeGreaterThan(20);
    // A notice the spec writes as "title text" in one quote.
    const titled = new Set(
      Object.values(Notices).flatMap((group) => {
        const values = Object.values(group).filter((value): value is string => typeof value === 'string');
        return values.flatMap((title) => values.map((text) => `${title} ${text}`));
      }),
    );
    // §5's two button labels of the booking card are not messages; the student dashboard holds them.
    const labels = ['Insufficient hours', 'Calendar Link Pending'];
    const missing = quoted.filter((text) => !texts.has(text) && !titled.has(text) && !labels.includes(text));
    expect(missing).toEqual([]);
  });

  it('fills in the texts that carry a value', () => {
    expect(ValidationMessages.hoursRange(7.5)).toBe('Please enter a valid number between 0 and 7.5');
    expect(ValidationMessages.controlCharacters('Phone')).toBe('Phone must not contain control characters');
    expect(Notices.payment.retrying(2, 3)).toBe('Retrying payment initialization... (2/3)');
    expect(Notices.checkout.initFailed('help@example.com')).toBe(
      'Failed to initialize payment system. Please contact support at help@example.com',
    );
  });

  it('keeps the wording of docs/product.md §1 and §2 for the fixed page texts', () => {
    const quoted = new Set([...quotedIn(1), ...quotedIn(2)]);
    const doc = readFileSync(new URL('../../../docs/product.md', import.meta.url), 'utf8');
    for (const text of Object.values(PageTexts)) {
      expect({ text, quoted: quoted.has(text) || doc.includes(`"${text}"`) }).toEqual({ text, quoted: true });
    }
  });
});
