import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parseAllDocuments } from 'yaml';

/**
 * docs/operations.md (the apps' alerts) or a runbook of docs/runbooks (the platform's) is where every
 * alert's `runbook_url` leads: each one must land on a heading whose section names the alert. The
 * links of operations.md and of the runbooks to other files and their headings must resolve, and the
 * scripts operations.md tells operators to run must exist.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOC = 'docs/operations.md';
const RULES = 'infra/k8s/components/observability/prometheus-rules.yaml';
const RUNBOOKS = /^docs\/runbooks\/[a-z0-9-]+\.md$/;
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Map<string, string> {
  const sections = new Map<string, string>();
  const seen = new Map<string, number>();
  let fenced = false;
  let current: string | undefined;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*$/.exec(line);
    if (heading) {
      const base = heading[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      current = count ? `${base}-${count}` : base;
      sections.set(current, '');
    } else if (current) {
      sections.set(current, `${sections.get(current)}${line}\n`);
    }
  }
  return sections;
}

interface Rule {
  alert?: string;
  annotations?: { runbook_url?: string };
}
type Groups = Array<{ rules: Rule[] }>;
type RuleFile = { groups?: Groups; spec?: { groups?: Groups } } | null;

const doc = read(DOC);
const sections = anchorsOf(doc);
const alerts = parseAllDocuments(read(RULES))
  .map((document) => document.toJS() as RuleFile)
  // A rule file, or a PrometheusRule wrapping one in its spec.
  .flatMap((content) => content?.groups ?? content?.spec?.groups ?? [])
  .flatMap((group) => group.rules.filter((rule) => rule.alert));

describe(DOC, () => {
  it('has the alert rules to check', () => {
    expect(alerts.length).toBeGreaterThan(0);
  });

  it.each(alerts.map((rule) => [rule.alert!, rule] as const))(
    '%s: its runbook_url is a heading of operations.md or a runbook whose section names the alert',
    (alert, rule) => {
      const url = rule.annotations?.runbook_url ?? '';
      const [path = '', anchor = ''] = url.split('#');
      expect({ alert, runbook: path === DOC || RUNBOOKS.test(path) }).toEqual({ alert, runbook: true });
      expect({ alert, exists: existsSync(join(ROOT, path)) }).toEqual({ alert, exists: true });
      const headings = path === DOC ? sections : anchorsOf(read(path));
      expect([...headings.keys()]).toContain(anchor);
      expect(headings.get(anchor)).toContain(`**${alert}**`);
    },
  );

  // The runbooks the alerts lead to, too: an operator follows their links mid-incident.
  const runbooks = readdirSync(join(ROOT, 'docs/runbooks')).map((file) => `docs/runbooks/${file}`);
  it.each([DOC, ...runbooks])('%s links only to files and headings that exist', (source) => {
    const broken: string[] = [];
    for (const [, target] of read(source).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path = '', anchor] = target!.split('#');
      const file = path ? relative(ROOT, join(ROOT, dirname(source), path)) : source;
      if (!existsSync(join(ROOT, file))) {
        broken.push(`${target}: no ${file}`);
        continue;
      }
      if (anchor && !anchorsOf(read(file)).has(anchor)) broken.push(`${target}: no heading #${anchor} in ${file}`);
    }
    expect(broken).toEqual([]);
  });

  it('names only scripts that exist', () => {
    const scripts = [...new Set([...doc.matchAll(/scripts\/ops\/[\w.-]+/g)].map(([path]) => path))];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
  });
});
