// The arithmetic and the report of `npm run bench:soak` (bench/soak/soak.mjs): its options, latency
// percentiles, memory read from each process's /metrics, growth from warm-up to end, the verdict and
// the printed tables. No I/O here, so it is unit-tested (test/scripts/soak-figures.spec.ts).
import { median, table } from '../web/budgets.mjs';

// The web bench's median, for the memory trend; exported with the soak's other figures.
export { median };

/** Issue 27's target: no process's memory grows more than this from warm-up to end. */
export const memoryGrowthLimitPercent = 10;

/**
 * Requests (or flows) per second of each kind of load: public reads, a student's dashboard reads,
 * an admin list, a registration (every other one then buys a package). Steady rates, so the run is a
 * soak rather than a flood; registrations stay far below the limits the soak's own system sets.
 */
export const defaultRates = { browse: 20, dashboard: 5, admin: 1, register: 0.2 };

const durationUnits = { s: 1, m: 60, h: 3600 };

/** "90s", "10m", "1h" or plain seconds, as seconds. */
export function parseDuration(text) {
  const match = /^(\d+(?:\.\d+)?)([smh]?)$/.exec(String(text).trim());
  if (!match) throw new Error(`not a duration: '${text}' (say 90s, 10m or 1h)`);
  const seconds = Number(match[1]) * durationUnits[match[2] || 's'];
  if (seconds <= 0) throw new Error(`not a duration: '${text}' (it must be longer than nothing)`);
  return seconds;
}

/** "browse=20,admin=0.5": rates over the defaults; an unknown kind or a negative rate is refused. */
export function parseRates(text) {
  const rates = { ...defaultRates };
  for (const pair of text.split(',').filter(Boolean)) {
    const [kind, value] = pair.split('=');
    if (!(kind in defaultRates))
      throw new Error(`--rates: no kind '${kind}' (${Object.keys(defaultRates).join(', ')})`);
    const rate = Number(value);
    if (!Number.isFinite(rate) || rate < 0) throw new Error(`--rates: '${pair}' is not a rate per second`);
    rates[kind] = rate;
  }
  return rates;
}

const usage = `Usage: npm run bench:soak [-- OPTIONS]

  --duration D       how long the load runs: 90s, 10m (default), 1h
  --warmup D         when the warm-up memory sample is taken (default: 1m, or a quarter of a shorter run)
  --base-url URL     a running system to load (default: the soak starts its own and stops it after)
  --probe-ports FILE the processes' probe ports, "name port" per line (default: .var/probe-ports,
                     which scripts/start.sh writes when PROBE_PORT_BASE is set)
  --rates K=N,...    requests per second of browse, dashboard, admin, register (default ${Object.entries(defaultRates)
    .map(([kind, rate]) => `${kind}=${rate}`)
    .join(',')})
  --enforce-memory   also fail when a process's memory grows more than ${memoryGrowthLimitPercent} % from warm-up to end
  --output FILE      where the JSON report goes (default test-results/soak.json)`;

/** The options of a run from its command line; `--help` answers `{ help }` with the usage text. */
export function parseArgs(argv, defaults = {}) {
  const options = {
    durationSeconds: 600,
    warmupSeconds: undefined,
    baseUrl: defaults.baseUrl,
    probePortsFile: defaults.probePortsFile,
    rates: { ...defaultRates },
    enforceMemory: false,
    output: 'test-results/soak.json',
  };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const value = () => {
      const next = argv[++index];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--help' || arg === '-h') return { help: usage };
    else if (arg === '--duration') options.durationSeconds = parseDuration(value());
    else if (arg === '--warmup') options.warmupSeconds = parseDuration(value());
    else if (arg === '--base-url') options.baseUrl = new URL(value()).href;
    else if (arg === '--probe-ports') options.probePortsFile = value();
    else if (arg === '--rates') options.rates = parseRates(value());
    else if (arg === '--enforce-memory') options.enforceMemory = true;
    else if (arg === '--output') options.output = value();
    else throw new Error(`unknown option '${arg}'\n\n${usage}`);
  }
  if (!options.baseUrl) throw new Error('--base-url is required (npm run bench:soak starts a system and passes it)');
  options.warmupSeconds ??= Math.min(60, options.durationSeconds / 4);
  if (options.warmupSeconds >= options.durationSeconds) {
    throw new Error(`--warmup ${options.warmupSeconds}s must end before the run does (${options.durationSeconds}s)`);
  }
  return options;
}

/** "gateway 9100" lines (scripts/start.sh's .var/probe-ports) as `{ process, port }`. */
export function parseProbePorts(text) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name, port] = line.split(/\s+/);
      if (!name || !/^\d+$/.test(port ?? '')) throw new Error(`probe ports: not "name port": '${line}'`);
      return { process: name, port: Number(port) };
    });
}

/** One unlabelled sample's value in Prometheus' text format, or null when the metric is absent. */
function metricValue(text, name) {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([^\\s]+)`, 'm').exec(text);
  const value = match ? Number(match[1]) : NaN;
  return Number.isFinite(value) ? value : null;
}

/** A process's resident set and used V8 heap, in bytes, from its /metrics (prom-client's defaults). */
export function memoryOf(metricsText) {
  return {
    rssBytes: metricValue(metricsText, 'process_resident_memory_bytes'),
    heapUsedBytes: metricValue(metricsText, 'nodejs_heap_size_used_bytes'),
  };
}

/** The nearest-rank percentile of ascending numbers (NaN when there are none). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Growth from `from` to `to` in per cent, or null when either was not measured. */
export function growthPercent(from, to) {
  if (typeof from !== 'number' || typeof to !== 'number' || from <= 0) return null;
  return ((to - from) / from) * 100;
}

/**
 * Each route's figures from what the load recorded: `{ durationsMs, errors }` per route, errors being
 * counts per outcome ("503", "network: TimeoutError"…). Rows sorted by route.
 */
export function routeFigures(recorded) {
  return Object.entries(recorded)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, { durationsMs, errors }]) => {
      const sorted = [...durationsMs].sort((a, b) => a - b);
      const errorCount = Object.values(errors).reduce((sum, count) => sum + count, 0);
      return {
        route,
        requests: sorted.length,
        errors: errorCount,
        errorsByOutcome: errors,
        p50Ms: percentile(sorted, 50),
        p99Ms: percentile(sorted, 99),
        maxMs: sorted.at(-1) ?? NaN,
      };
    });
}

/**
 * Growth of a process's resident memory from the first third of the run after warm-up to the last
 * third, each third by the median of its samples: one sample lands on a collector's peak or trough
 * (tens of MB apart), a third's median does not. Null with fewer than two samples in either third.
 */
export function rssTrendPercent(samples, processName, warmupSeconds) {
  const measured = samples
    .filter((sample) => sample.atSeconds >= warmupSeconds && typeof sample.memory?.[processName]?.rssBytes === 'number')
    .map((sample) => ({ at: sample.atSeconds, rss: sample.memory[processName].rssBytes }));
  if (measured.length === 0) return null;
  const span = (measured.at(-1).at - warmupSeconds) / 3;
  const early = measured.filter((sample) => sample.at <= warmupSeconds + span).map((sample) => sample.rss);
  const late = measured.filter((sample) => sample.at >= measured.at(-1).at - span).map((sample) => sample.rss);
  if (early.length < 2 || late.length < 2) return null;
  return growthPercent(median(early), median(late));
}

/**
 * Memory per process at the three moments (`{ start, warm, end }`, each process → `{ rssBytes,
 * heapUsedBytes }`, or absent where it could not be read), with the growth from warm-up to end, and
 * the trend over every sample (`samples`, `[{ atSeconds, memory }]`) where the run was long enough.
 */
export function memoryFigures(snapshots, samples = [], warmupSeconds = 0) {
  const processes = [
    ...new Set([
      ...['start', 'warm', 'end'].flatMap((moment) => Object.keys(snapshots[moment] ?? {})),
      ...samples.flatMap((sample) => Object.keys(sample.memory ?? {})),
    ]),
  ];
  return processes.map((name) => {
    const at = (moment) => snapshots[moment]?.[name] ?? { rssBytes: null, heapUsedBytes: null };
    const [start, warm, end] = [at('start'), at('warm'), at('end')];
    return {
      process: name,
      start,
      warm,
      end,
      rssGrowthPercent: growthPercent(warm.rssBytes, end.rssBytes),
      heapGrowthPercent: growthPercent(warm.heapUsedBytes, end.heapUsedBytes),
      rssTrendPercent: rssTrendPercent(samples, name, warmupSeconds),
    };
  });
}

/** The growth a process is judged by: the trend of its samples where there is one, else warm-up to end. */
const judgedGrowth = (row) => row.rssTrendPercent ?? row.rssGrowthPercent;

/**
 * Whether the run passed, and why not: any error fails it; with `enforceMemory`, so does a process
 * whose resident memory grew beyond the limit or could not be measured (a check that cannot measure
 * must not pass). Heap growth is reported, never enforced: V8 grows its heap in steps between
 * collections, so one sample of it says little.
 */
export function verdict({ routes, memory, enforceMemory }) {
  const overLimit = memory
    .filter((row) => judgedGrowth(row) !== null && judgedGrowth(row) > memoryGrowthLimitPercent)
    .map(
      (row) =>
        `${row.process}: memory grew ${formatPercent(judgedGrowth(row))} ${row.rssTrendPercent === null ? 'from warm-up to end' : 'from the first third after warm-up to the last (medians)'} (limit ${memoryGrowthLimitPercent} %)`,
    );
  const failures = routes
    .filter((route) => route.errors > 0)
    .map(
      (route) =>
        `${route.route}: ${route.errors} error(s) (${Object.entries(route.errorsByOutcome)
          .map(([outcome, count]) => `${count}× ${outcome}`)
          .join(', ')})`,
    );
  if (enforceMemory) {
    if (memory.length === 0) failures.push('memory: no process could be measured (see --probe-ports)');
    for (const row of memory) {
      if (judgedGrowth(row) === null) failures.push(`${row.process}: memory not measured at warm-up and end`);
    }
    failures.push(...overLimit);
  }
  // Without --enforce-memory a growth over the limit is still said, as a warning.
  return { ok: failures.length === 0, failures, warnings: enforceMemory ? [] : overLimit, enforceMemory };
}

const formatMs = (ms) => (Number.isFinite(ms) ? `${ms.toFixed(1)} ms` : '-');
const formatMb = (bytes) => (typeof bytes === 'number' ? `${(bytes / 1024 / 1024).toFixed(1)}` : '-');
export const formatPercent = (percent) =>
  percent === null ? 'not measured' : `${percent >= 0 ? '+' : ''}${percent.toFixed(1)} %`;

/** The printed report: the routes' table, each process's memory, then the verdict's lines. */
export function render({ baseUrl, durationSeconds, warmupSeconds, routes, memory, verdict: outcome, skipped }) {
  const lines = [
    `Soak of ${baseUrl}: ${durationSeconds} s of mixed load, memory sampled at start, after ${warmupSeconds} s of warm-up and at the end`,
    '',
    table(
      ['route', 'requests', 'errors', 'p50', 'p99', 'max'],
      routes.map((route) => [
        route.route,
        String(route.requests),
        String(route.errors),
        formatMs(route.p50Ms),
        formatMs(route.p99Ms),
        formatMs(route.maxMs),
      ]),
    ),
    '',
  ];
  if (memory.length === 0) {
    lines.push('Memory: not measured (no probe ports: start the system with PROBE_PORT_BASE, or pass --probe-ports)');
  } else {
    lines.push(
      'Memory per process (MB; RSS, then used V8 heap)',
      '',
      table(
        ['process', 'RSS start', 'warm', 'end', 'growth', 'trend', 'heap start', 'warm', 'end', 'growth'],
        memory.map((row) => [
          row.process,
          formatMb(row.start.rssBytes),
          formatMb(row.warm.rssBytes),
          formatMb(row.end.rssBytes),
          formatPercent(row.rssGrowthPercent),
          row.rssTrendPercent === null ? '-' : formatPercent(row.rssTrendPercent),
          formatMb(row.start.heapUsedBytes),
          formatMb(row.warm.heapUsedBytes),
          formatMb(row.end.heapUsedBytes),
          formatPercent(row.heapGrowthPercent),
        ]),
      ),
    );
  }
  const skippedKinds = Object.entries(skipped ?? {}).filter(([, count]) => count > 0);
  if (skippedKinds.length > 0) {
    lines.push(
      '',
      `Not sent, every slot busy (the system fell behind the rates): ${skippedKinds.map(([kind, count]) => `${kind} ${count}`).join(', ')}`,
    );
  }
  if (outcome.warnings.length > 0) {
    lines.push(
      '',
      [
        'Over the memory target (not enforced; --enforce-memory fails on it):',
        ...outcome.warnings.map((line) => `  ${line}`),
      ].join('\n'),
    );
  }
  const passed = outcome.enforceMemory
    ? `ok: no errors, no process's memory grew over ${memoryGrowthLimitPercent} %`
    : 'ok: no errors';
  lines.push('', outcome.ok ? passed : ['FAILED:', ...outcome.failures.map((line) => `  ${line}`)].join('\n'));
  return lines.join('\n');
}
