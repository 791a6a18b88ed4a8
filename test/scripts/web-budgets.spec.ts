import { gzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import {
  budgetsFor,
  formatBudget,
  gzippedKb,
  median,
  medians,
  missLines,
  publicRoutes,
  routes,
  table,
  verdicts,
} from '../../bench/web/budgets.mjs';

const route = (path: string) => {
  const found = routes.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
};

describe('bench/web/budgets.mjs', () => {
  it('names every route of issue 15: eleven public ones (with the 404 page) and the two dashboards', () => {
    expect(publicRoutes.map((r) => r.path)).toEqual([
      '/',
      '/ucat',
      '/medical-school-interviews',
      '/medical-school-support',
      '/about',
      '/privacy-policy',
      '/terms',
      '/contact',
      '/auth',
      '/payment-success',
      '/this-page-does-not-exist',
    ]);
    expect(routes.filter((r) => r.kind === 'dashboard').map((r) => [r.path, r.signedIn])).toEqual([
      ['/my-tutoring', 'student'],
      ['/admin-dashboard', 'admin'],
    ]);
  });

  it('asks a performance score of 95 on /, one subject page, /about, /contact and /auth only', () => {
    const scored = routes.filter((r) => budgetsFor(r).performance === 95).map((r) => r.path);
    expect(scored).toEqual(['/', '/medical-school-interviews', '/about', '/contact', '/auth']);
    expect(budgetsFor(route('/terms'))).toEqual({
      jsKb: 150,
      lcpMs: 1800,
      tbtMs: 150,
      cls: 0.05,
      accessibility: 95,
      seo: 95,
      bestPractices: 95,
    });
  });

  it('asks of both dashboards 300 KB until the first view is complete and the Lighthouse figures of issue 27', () => {
    for (const path of ['/my-tutoring', '/admin-dashboard']) {
      expect(budgetsFor(route(path))).toEqual({ jsKb: 300, performance: 90, lcpMs: 2500, tbtMs: 200, cls: 0.05 });
    }
  });

  it('measures the not-found page with its 404 and without the SEO score, which fails any 404 by design', () => {
    const notFound = route('/this-page-does-not-exist');
    expect(notFound.status).toBe(404);
    expect(budgetsFor(notFound)).toEqual({
      jsKb: 150,
      lcpMs: 1800,
      tbtMs: 150,
      cls: 0.05,
      accessibility: 95,
      bestPractices: 95,
    });
  });

  it('takes the median of an odd and an even number of runs, ignoring runs that measured nothing', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([900, null, 100, Number.NaN, 500])).toBe(500);
    expect(median([])).toBeNull();
    expect(
      medians([
        { tbtMs: 10, cls: 0 },
        { tbtMs: 30, cls: 0.2 },
        { tbtMs: 20, cls: 0.1 },
      ]),
    ).toEqual({
      tbtMs: 20,
      cls: 0.1,
    });
  });

  it('counts KB as the sum of each file gzipped at the best level, in units of 1024 bytes', () => {
    const files = ['a'.repeat(5000), 'console.log("hello");'.repeat(300)];
    const expected = files.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0) / 1024;
    expect(gzippedKb(files)).toBeCloseTo(expected, 10);
    expect(gzippedKb([])).toBe(0);
  });

  it('passes a figure equal to its budget and fails one past it, either way round', () => {
    const list = verdicts(
      { jsKb: 150, tbtMs: 150, cls: 0.05, performance: 95 },
      { jsKb: 150, tbtMs: 150.4, cls: 0.05, performance: 94.4 },
    );
    expect(list.map(({ key, ok }) => [key, ok])).toEqual([
      ['jsKb', true],
      ['tbtMs', false],
      ['cls', true],
      ['performance', false],
    ]);
    // Scores compare as Lighthouse shows them: 94.6 is a 95.
    expect(verdicts({ accessibility: 95 }, { accessibility: 94.6 })[0]?.ok).toBe(true);
  });

  it('fails a budget whose figure was not measured', () => {
    expect(verdicts({ jsKb: 150, lcpMs: 1800 }, { lcpMs: null })).toEqual([
      { key: 'jsKb', value: null, budget: 150, ok: false },
      { key: 'lcpMs', value: null, budget: 1800, ok: false },
    ]);
  });

  it('names the route, the figure and the budget of every miss', () => {
    const home = route('/');
    const results = [
      {
        route: home,
        verdicts: verdicts({ jsKb: 150, lcpMs: 1800, performance: 95 }, { jsKb: 471.24, lcpMs: 1200, performance: 61 }),
      },
      { route: route('/my-tutoring'), verdicts: verdicts({ tbtMs: 200 }, {}) },
    ];
    expect(missLines(results)).toEqual([
      '/: first-view JS (gzip) 471.2 KB, budget <= 150.0 KB',
      '/: performance 61, budget >= 95',
      '/my-tutoring: TBT not measured, budget <= 200 ms',
    ]);
    expect(formatBudget('lcpMs', 1800)).toBe('<= 1.80 s');
    expect(formatBudget('cls', 0.05)).toBe('<= 0.050');
  });

  it('pads the table columns to their widest cell', () => {
    expect(
      table(
        ['route', 'KB'],
        [
          ['/', '471.2 KB'],
          ['/about', '9 KB'],
        ],
      ),
    ).toBe(['route   KB', '/       471.2 KB', '/about  9 KB'].join('\n'));
  });
});
