import { describe, expect, it } from '@jest/globals';
import {
  defaultRates,
  growthPercent,
  median,
  memoryFigures,
  memoryOf,
  type Options,
  parseArgs,
  parseDuration,
  parseProbePorts,
  parseRates,
  percentile,
  render,
  routeFigures,
  verdict,
} from '../../bench/soak/figures.mjs';

const MB = 1024 * 1024;
const baseUrl = 'http://localhost:8090/';
const options = (argv: string[]) => parseArgs(argv, { baseUrl }) as Options;

describe('bench/soak/figures.mjs: options', () => {
  it('reads durations in seconds, minutes or hours, and refuses anything else', () => {
    expect(parseDuration('90s')).toBe(90);
    expect(parseDuration('10m')).toBe(600);
    expect(parseDuration('1h')).toBe(3600);
    expect(parseDuration('45')).toBe(45);
    expect(parseDuration('1.5m')).toBe(90);
    for (const wrong of ['', '10 min', '-5s', '0s', 'm']) expect(() => parseDuration(wrong)).toThrow(/not a duration/);
  });

  it('runs 10 minutes with a 1-minute warm-up by default, and warms up for a quarter of a shorter run', () => {
    expect(options([])).toMatchObject({
      durationSeconds: 600,
      warmupSeconds: 60,
      baseUrl,
      rates: defaultRates,
      enforceMemory: false,
      output: 'test-results/soak.json',
    });
    expect(options(['--duration', '90s'])).toMatchObject({ durationSeconds: 90, warmupSeconds: 22.5 });
    expect(options(['--duration', '2m', '--warmup', '30s'])).toMatchObject({ durationSeconds: 120, warmupSeconds: 30 });
  });

  it('takes the base URL, the probe ports file, the rates, --enforce-memory and the output', () => {
    const parsed = parseArgs(
      [
        '--base-url',
        'http://127.0.0.1:9000',
        '--probe-ports',
        '/tmp/ports',
        '--rates',
        'browse=50,register=0.1',
        '--enforce-memory',
        '--output',
        'out.json',
      ],
      {},
    );
    expect(parsed).toMatchObject({
      baseUrl: 'http://127.0.0.1:9000/',
      probePortsFile: '/tmp/ports',
      rates: { ...defaultRates, browse: 50, register: 0.1 },
      enforceMemory: true,
      output: 'out.json',
    });
  });

  it('refuses unknown options, missing values, a missing base URL and a warm-up as long as the run', () => {
    expect(() => options(['--fast'])).toThrow(/unknown option '--fast'/);
    expect(() => options(['--duration'])).toThrow(/--duration needs a value/);
    expect(() => options(['--duration', '--enforce-memory'])).toThrow(/--duration needs a value/);
    expect(() => parseArgs([], {})).toThrow(/--base-url is required/);
    expect(() => options(['--duration', '60s', '--warmup', '1m'])).toThrow(/must end before the run/);
    expect(() => parseRates('sprint=3')).toThrow(/no kind 'sprint'/);
    expect(() => parseRates('browse=-1')).toThrow(/not a rate/);
    expect(() => parseRates('browse=fast')).toThrow(/not a rate/);
  });

  it('answers --help with the usage, naming every option', () => {
    const { help } = parseArgs(['--duration', '5m', '--help']) as { help: string };
    for (const option of [
      '--duration',
      '--warmup',
      '--base-url',
      '--probe-ports',
      '--rates',
      '--enforce-memory',
      '--output',
    ])
      expect(help).toContain(option);
  });
});

describe('bench/soak/figures.mjs: figures', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });

  it('gives growth in per cent, and null when a figure is missing', () => {
    expect(growthPercent(100, 110)).toBe(10);
    expect(growthPercent(200, 150)).toBe(-25);
    expect(growthPercent(null, 10)).toBeNull();
    expect(growthPercent(10, undefined)).toBeNull();
    expect(growthPercent(0, 10)).toBeNull();
  });

  it("reads the resident set and used heap from prom-client's metrics, null where absent", () => {
    const metrics = [
      '# HELP process_resident_memory_bytes Resident memory size in bytes.',
      '# TYPE process_resident_memory_bytes gauge',
      'process_resident_memory_bytes 123456789',
      'nodejs_heap_size_used_bytes 45678901',
      'nodejs_heap_space_size_used_bytes{space="old"} 1',
    ].join('\n');
    expect(memoryOf(metrics)).toEqual({ rssBytes: 123456789, heapUsedBytes: 45678901 });
    expect(memoryOf('process_resident_memory_bytes 5')).toEqual({ rssBytes: 5, heapUsedBytes: null });
  });

  it('reads the probe ports file scripts/start.sh writes, and refuses a malformed line', () => {
    expect(parseProbePorts('gateway 21000\ncatalog-payments 21002\n\n')).toEqual([
      { process: 'gateway', port: 21000 },
      { process: 'catalog-payments', port: 21002 },
    ]);
    expect(() => parseProbePorts('gateway')).toThrow(/not "name port"/);
  });

  it('sums up each route: requests, errors by outcome, p50, p99 and max, sorted by route', () => {
    const rows = routeFigures({
      'GET /api/tutors': { durationsMs: [3, 1, 2], errors: {} },
      'GET /api/catalog': { durationsMs: [5], errors: { '503': 2, 'network: ECONNRESET': 1 } },
    });
    expect(rows).toEqual([
      {
        route: 'GET /api/catalog',
        requests: 1,
        errors: 3,
        errorsByOutcome: { '503': 2, 'network: ECONNRESET': 1 },
        p50Ms: 5,
        p99Ms: 5,
        maxMs: 5,
      },
      { route: 'GET /api/tutors', requests: 3, errors: 0, errorsByOutcome: {}, p50Ms: 2, p99Ms: 3, maxMs: 3 },
    ]);
  });

  it('gives each process its memory at start, warm-up and end with the growth from warm-up to end', () => {
    const [gateway, reviews] = memoryFigures({
      start: { gateway: { rssBytes: 80 * MB, heapUsedBytes: 20 * MB } },
      warm: {
        gateway: { rssBytes: 100 * MB, heapUsedBytes: 30 * MB },
        reviews: { rssBytes: 90 * MB, heapUsedBytes: null },
      },
      end: { gateway: { rssBytes: 105 * MB, heapUsedBytes: 27 * MB } },
    });
    expect(gateway).toMatchObject({ process: 'gateway', rssGrowthPercent: 5, heapGrowthPercent: -10 });
    expect(reviews).toMatchObject({
      process: 'reviews',
      start: { rssBytes: null, heapUsedBytes: null },
      rssGrowthPercent: null,
      heapGrowthPercent: null,
    });
  });

  it('judges the trend by the medians of the first and last thirds after warm-up, not by two samples', () => {
    // A gateway whose samples swing between a collector's trough and peak but stay level: the
    // warm-up sample on a trough (130) and the last on a peak (175) would read as +35 %.
    const rss = [
      160, 185, 130, 165, 150, 168, 150, 173, 171, 170, 171, 171, 171, 171, 176, 178, 165, 170, 166, 165, 175,
    ];
    const samples = rss.map((mb, index) => ({
      atSeconds: index * 30,
      memory: { gateway: { rssBytes: mb * MB, heapUsedBytes: 0 } },
    }));
    const [gateway] = memoryFigures({ warm: samples[2]!.memory, end: samples.at(-1)!.memory }, samples, 60);
    expect(gateway!.rssGrowthPercent).toBeCloseTo(34.6, 1);
    // First third after warm-up: 60–240 s, median 165; last third: 420–600 s, median 170.
    expect(gateway!.rssTrendPercent).toBeCloseTo(((170 - 165) / 165) * 100, 5);
    expect(verdict({ routes: [], memory: [gateway!], enforceMemory: true }).ok).toBe(true);
    // A steady climb is still caught.
    const climbing = rss.map((_, index) => ({
      atSeconds: index * 30,
      memory: { gateway: { rssBytes: (100 + index * 3) * MB, heapUsedBytes: 0 } },
    }));
    const [leaking] = memoryFigures({ warm: climbing[2]!.memory, end: climbing.at(-1)!.memory }, climbing, 60);
    expect(leaking!.rssTrendPercent).toBeGreaterThan(10);
    expect(verdict({ routes: [], memory: [leaking!], enforceMemory: true }).failures[0]).toMatch(
      /^gateway: memory grew \+\d+\.\d % from the first third after warm-up to the last \(medians\)/,
    );
    // Too short a run for thirds: no trend, and the two samples decide.
    expect(memoryFigures({}, samples.slice(0, 4), 22)[0]!.rssTrendPercent).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });
});

describe('bench/soak/figures.mjs: verdict and report', () => {
  const clean = routeFigures({ 'GET /api/tutors': { durationsMs: [1, 2], errors: {} } });
  const failing = routeFigures({ 'POST /api/register': { durationsMs: [9], errors: { '429': 1 } } });
  const grown = memoryFigures({
    start: { gateway: { rssBytes: 90 * MB, heapUsedBytes: 20 * MB } },
    warm: { gateway: { rssBytes: 100 * MB, heapUsedBytes: 20 * MB } },
    end: { gateway: { rssBytes: 115 * MB, heapUsedBytes: 40 * MB } },
  });

  it('fails on any error, naming the route and its outcomes', () => {
    expect(verdict({ routes: clean, memory: [], enforceMemory: false })).toEqual({
      ok: true,
      failures: [],
      warnings: [],
      enforceMemory: false,
    });
    expect(verdict({ routes: [...clean, ...failing], memory: [], enforceMemory: false })).toMatchObject({
      ok: false,
      failures: ['POST /api/register: 1 error(s) (1× 429)'],
    });
  });

  it('only warns of memory growth over 10 % unless asked to enforce it; enforced, unmeasured memory fails too', () => {
    expect(verdict({ routes: clean, memory: grown, enforceMemory: false })).toEqual({
      ok: true,
      failures: [],
      warnings: ['gateway: memory grew +15.0 % from warm-up to end (limit 10 %)'],
      enforceMemory: false,
    });
    expect(verdict({ routes: clean, memory: grown, enforceMemory: true })).toEqual({
      ok: false,
      failures: ['gateway: memory grew +15.0 % from warm-up to end (limit 10 %)'],
      warnings: [],
      enforceMemory: true,
    });
    expect(verdict({ routes: clean, memory: [], enforceMemory: true }).failures).toEqual([
      'memory: no process could be measured (see --probe-ports)',
    ]);
    const unmeasured = memoryFigures({ warm: { identity: { rssBytes: null, heapUsedBytes: null } } });
    expect(verdict({ routes: clean, memory: unmeasured, enforceMemory: true }).failures).toEqual([
      'identity: memory not measured at warm-up and end',
    ]);
  });

  it('prints the routes, every process with its memory and growth, what was skipped and the verdict', () => {
    const outcome = verdict({ routes: [...clean, ...failing], memory: grown, enforceMemory: false });
    const text = render({
      baseUrl,
      durationSeconds: 90,
      warmupSeconds: 22.5,
      routes: [...clean, ...failing],
      memory: grown,
      verdict: outcome,
      skipped: { browse: 3, admin: 0 },
    });
    expect(text).toContain(`Soak of ${baseUrl}: 90 s of mixed load`);
    expect(text).toMatch(/route\s+requests\s+errors\s+p50\s+p99\s+max/);
    expect(text).toMatch(/GET \/api\/tutors\s+2\s+0\s+1\.0 ms\s+2\.0 ms\s+2\.0 ms/);
    expect(text).toMatch(/gateway\s+90\.0\s+100\.0\s+115\.0\s+\+15\.0 %\s+-\s+20\.0\s+20\.0\s+40\.0\s+\+100\.0 %/);
    expect(text).toContain('every slot busy (the system fell behind the rates): browse 3');
    expect(text).toContain('Over the memory target (not enforced');
    expect(text).toContain('FAILED:\n  POST /api/register: 1 error(s) (1× 429)');
    const quiet = render({
      baseUrl,
      durationSeconds: 90,
      warmupSeconds: 22.5,
      routes: clean,
      memory: [],
      verdict: verdict({ routes: clean, memory: [], enforceMemory: false }),
    });
    expect(quiet).toContain('Memory: not measured');
    expect(quiet.endsWith('ok: no errors')).toBe(true);
    const within = memoryFigures({
      warm: { gateway: { rssBytes: 100, heapUsedBytes: 1 } },
      end: { gateway: { rssBytes: 101, heapUsedBytes: 1 } },
    });
    const enforced = render({
      baseUrl,
      durationSeconds: 90,
      warmupSeconds: 22.5,
      routes: clean,
      memory: within,
      verdict: verdict({ routes: clean, memory: within, enforceMemory: true }),
    });
    expect(enforced.endsWith("ok: no errors, no process's memory grew over 10 %")).toBe(true);
  });
});
