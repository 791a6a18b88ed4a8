import { describe, expect, it } from '@jest/globals';
import { meets, renderTable, TARGETS } from '../../bench/http/report.mjs';

describe('bench/http/report.mjs', () => {
  it("holds issue 27's targets: a throughput at least its figure, a p99 under its own", () => {
    expect(TARGETS['GET /api/testimonials']).toEqual({ requestsPerSecond: 3000, p99Ms: 20, shareOfBare: 25 });
    expect(TARGETS['GET /api/user (signed in)']).toEqual({ requestsPerSecond: 1500, p99Ms: 30 });
    expect(TARGETS['POST /api/login beside reads']).toEqual({ loginsPerSecond: 40 });
    expect(meets('requestsPerSecond', 3000, 3000)).toBe(true);
    expect(meets('requestsPerSecond', 2999.9, 3000)).toBe(false);
    expect(meets('p99Ms', 19, 20)).toBe(true);
    expect(meets('p99Ms', 20, 20)).toBe(false);
  });

  it('prints one row a load and marks each missed target with !', () => {
    const text = renderTable(
      {
        'bare node:http': { requestsPerSecond: 20000, p50Ms: 1, p99Ms: 5, errors: 0, non2xx: 0 },
        'GET /api/testimonials': {
          requestsPerSecond: 6000,
          p50Ms: 6,
          p99Ms: 21,
          shareOfBare: 30,
          errors: 0,
          non2xx: 0,
        },
        'GET /api/user (signed in)': {
          requestsPerSecond: 900.5,
          p50Ms: 50,
          p99Ms: 128,
          shareOfBare: 4.5,
          errors: 1,
          non2xx: 2,
        },
        'POST /api/login beside reads': { loginsPerSecond: 58.9, errors: 0 },
        'GET /api/testimonials at 1000/s beside logins': { requestsPerSecond: 1000, p50Ms: 4, p99Ms: 81, errors: 0 },
      },
      TARGETS,
    );
    const rows = text.split('\n');
    expect(rows[0]).toMatch(/^load\s+req\/s\s+p50 ms\s+p99 ms\s+% of bare\s+errors$/);
    expect(rows[1]).toMatch(/^bare node:http\s+20000\s+1\s+5\s+0$/);
    expect(rows[2]).toMatch(/^GET \/api\/testimonials\s+6000\s+6\s+21!\s+30\s+0$/);
    expect(rows[3]).toMatch(/^GET \/api\/user \(signed in\)\s+900\.5!\s+50\s+128!\s+4\.5\s+3$/);
    expect(rows[4]).toMatch(/^POST \/api\/login beside reads\s+58\.9\s+0$/);
    // Reads beside logins are judged by their p99 alone (< 50 ms).
    expect(rows[5]).toMatch(/^GET \/api\/testimonials at 1000\/s beside logins\s+1000\s+4\s+81!\s+0$/);
  });
});
