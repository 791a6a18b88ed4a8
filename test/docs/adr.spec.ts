import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { repositoryTextFiles, ROOT } from './repository-files.js';

const ADR_DIR = join(ROOT, 'docs/adr');
const NAME = /^(\d{4})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** `accepted`, `deprecated` or `superseded by [NNNN](NNNN-title.md)`; the number of the replacement, if any. */
function parseStatus(line: string): { status: string; supersededBy?: string; target?: string } | null {
  const plain = /^- Status: (accepted|deprecated)$/.exec(line);
  if (plain) return { status: plain[1]! };
  const superseded = /^- Status: superseded by \[(\d{4})\]\(((\d{4})-[a-z0-9-]+\.md)\)$/.exec(line);
  if (superseded && superseded[1] === superseded[3]) {
    return { status: `superseded by ${superseded[1]}`, supersededBy: superseded[1], target: superseded[2] };
  }
  return null;
}

interface Adr {
  file: string;
  number: string;
  text: string;
}

function readAdrs(): Adr[] {
  return readdirSync(ADR_DIR)
    .filter((file) => file !== 'README.md')
    .sort()
    .map((file) => ({ file, number: file.slice(0, 4), text: readFileSync(join(ADR_DIR, file), 'utf8') }));
}

/** The index's rows: the ADR each links first, and its status cell in the same form as parseStatus gives. */
function indexRows(): { file: string; status: string }[] {
  const text = readFileSync(join(ADR_DIR, 'README.md'), 'utf8');
  return text
    .split('\n')
    .filter((line) => /^\| \[\d{4}\]\(/.test(line))
    .map((line) => {
      const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
      return {
        file: /\]\(([^)]+)\)/.exec(cells[1]!)![1]!,
        status: cells[3]!.replace(/^superseded by \[(\d{4})\]\([^)]+\)$/, 'superseded by $1'),
      };
    });
}

describe('architecture decision records', () => {
  const adrs = readAdrs();

  it('reads the allowed status forms and nothing else', () => {
    expect(parseStatus('- Status: accepted')).toEqual({ status: 'accepted' });
    expect(parseStatus('- Status: deprecated')).toEqual({ status: 'deprecated' });
    expect(parseStatus('- Status: superseded by [0012](0012-some-title.md)')).toEqual({
      status: 'superseded by 0012',
      supersededBy: '0012',
      target: '0012-some-title.md',
    });
    expect(parseStatus('- Status: superseded by [0012](0013-some-title.md)')).toBeNull();
    expect(parseStatus('- Status: superseded by 0012')).toBeNull();
    expect(parseStatus('- Status: proposed')).toBeNull();
    expect(parseStatus('Status: accepted')).toBeNull();
  });

  it('are numbered NNNN-kebab-title.md from 0001 without gaps or repeats, titled with their number', () => {
    expect(adrs.length).toBeGreaterThan(0);
    expect(adrs.filter(({ file }) => !NAME.test(file)).map(({ file }) => file)).toEqual([]);
    expect(adrs.map(({ number }) => Number(number))).toEqual(adrs.map((_, index) => index + 1));
    const mistitled = adrs.filter(({ number, text }) => !text.startsWith(`# ${number}. `));
    expect(mistitled.map(({ file }) => file)).toEqual([]);
  });

  it('each have one valid Status line, an Issue line, and Context, Decision and Consequences', () => {
    const problems = adrs.flatMap(({ file, text }) => {
      const found: string[] = [];
      const statusLines = text.split('\n').filter((line) => line.startsWith('- Status:'));
      if (statusLines.length !== 1) found.push(`${file}: ${statusLines.length} Status lines`);
      else if (!parseStatus(statusLines[0]!)) found.push(`${file}: status "${statusLines[0]}" is not allowed`);
      if (!/^- Issue: \d+/m.test(text)) found.push(`${file}: no "- Issue: N" line`);
      for (const heading of ['## Context', '## Decision', '## Consequences']) {
        if (!text.split('\n').includes(heading)) found.push(`${file}: no "${heading}"`);
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('are superseded only by a later record that exists', () => {
    const problems = adrs.flatMap(({ file, number, text }) => {
      const line = text.split('\n').find((l) => l.startsWith('- Status:'));
      const status = line ? parseStatus(line) : null;
      if (!status?.target) return [];
      if (!existsSync(join(ADR_DIR, status.target))) return [`${file}: superseded by missing ${status.target}`];
      if (status.supersededBy! <= number) return [`${file}: superseded by ${status.supersededBy}, not a later record`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it('are each listed once in the index, with the status the record states', () => {
    const rows = indexRows();
    const listed = rows.map(({ file }) => file).sort();
    expect(listed).toEqual(adrs.map(({ file }) => file));
    const wrongStatus = rows.flatMap(({ file, status }) => {
      const line = readFileSync(join(ADR_DIR, file), 'utf8')
        .split('\n')
        .find((l) => l.startsWith('- Status:'));
      const stated = line ? parseStatus(line)?.status : undefined;
      return stated === status ? [] : [`${file}: index says "${status}", the record "${stated}"`];
    });
    expect(wrongStatus).toEqual([]);
  });

  it('are named by links that resolve, in the records and anywhere in the repository', () => {
    const broken = repositoryTextFiles().flatMap((path) => {
      const text = readFileSync(join(ROOT, path), 'utf8');
      const inAdrDir = path.startsWith('docs/adr/');
      const names = [
        ...[...text.matchAll(/\badr\/(\d{4}-[a-z0-9-]+\.md)/g)].map((match) => match[1]!),
        ...(inAdrDir ? [...text.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)].map((match) => match[1]!) : []),
      ];
      return names.filter((name) => !existsSync(join(ADR_DIR, name))).map((name) => `${path}: ${name}`);
    });
    expect(broken).toEqual([]);
  });
});
