// The HTTP bench's table: each load's figures beside issue 27's target for it.

/** Issue 27's targets, by the name each load is recorded under. */
export const TARGETS = {
  'GET /api/testimonials': { requestsPerSecond: 3000, p99Ms: 20, shareOfBare: 25 },
  'GET /api/tutors': { requestsPerSecond: 3000, p99Ms: 20, shareOfBare: 25 },
  'GET /api/user (signed in)': { requestsPerSecond: 1500, p99Ms: 30 },
  'GET /api/user/sessions (signed in)': { requestsPerSecond: 1500, p99Ms: 30 },
  'POST /api/login beside reads': { loginsPerSecond: 40 },
};

/** Reads beside logins are recorded with their rate in the name; their target is the p99 alone. */
const targetOf = (name, targets) => targets[name] ?? (name.includes('beside logins') ? { p99Ms: 50 } : undefined);

const LOWER_IS_BETTER = new Set(['p99Ms']);

/** Whether `value` meets `target` for figure `key`. */
export const meets = (key, value, target) => (LOWER_IS_BETTER.has(key) ? value < target : value >= target);

const cell = (value) => (value === undefined ? '' : Number.isInteger(value) ? String(value) : value.toFixed(1));

/** One line per load: req/s (or logins/s), p50, p99, share of bare, errors; `!` marks a missed target. */
export function renderTable(figures, targets) {
  const header = ['load', 'req/s', 'p50 ms', 'p99 ms', '% of bare', 'errors'];
  const rows = Object.entries(figures).map(([name, f]) => {
    const target = targetOf(name, targets) ?? {};
    const mark = (key, value) => {
      if (value === undefined) return '';
      const text = cell(value);
      return key in target && !meets(key, value, target[key]) ? `${text}!` : text;
    };
    const throughput =
      f.loginsPerSecond !== undefined
        ? mark('loginsPerSecond', f.loginsPerSecond)
        : mark('requestsPerSecond', f.requestsPerSecond);
    return [
      name,
      throughput,
      cell(f.p50Ms),
      mark('p99Ms', f.p99Ms),
      mark('shareOfBare', f.shareOfBare),
      cell((f.errors ?? 0) + (f.non2xx ?? 0)),
    ];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  return [header, ...rows]
    .map((row) => row.map((text, i) => (i === 0 ? text.padEnd(widths[i]) : text.padStart(widths[i]))).join('  '))
    .join('\n');
}
