import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { ConfigError, PinoNestLogger, secretSafeLoggerOptions } from '@medtutor/nest-kit';
import { pino } from 'pino';
import { loadCatalogPaymentsConfig } from '../config/catalog-payments.config.js';
import { differenceLine, parseSince, unrepaired } from '../modules/payments/payment-reconciliation.js';
import { DemoProviderError, PaymentReconciliationService } from '../modules/payments/payment-reconciliation.service.js';
import { ReconciliationCliModule } from './reconciliation-cli.module.js';

export const USAGE = `Usage: npm run -s payments -- reconcile --since <time> [--repair]

  reconcile --since <time>            compares catalog-payments' Stripe payments and refunds made since
                                      <time> with Stripe's, one line per difference (ids, statuses and
                                      minor amounts), then a summary; changes nothing
  reconcile --since <time> --repair   the same, and sets right what Stripe's webhook would have: a
                                      payment paid at Stripe but open here is paid (package credited,
                                      events written once), a refund at Stripe missing or out of date
                                      here is recorded. Payments paid here but not at Stripe, and
                                      amounts or currencies that differ, are only reported.

<time> is an ISO 8601 time with its zone (2027-03-01T02:15:00Z), a date (UTC midnight), or a duration
back from now: 90m, 24h, 7d. After a restore, the time of the dump restored.
Runs with catalog-payments' own settings (PAYMENTS_DATABASE_URL, STRIPE_SECRET_KEY, STRIPE_API_BASE…):
in production, in its pod (k exec deploy/catalog-payments -- node services/catalog-payments/dist/cli/payments.js …).
Refuses the demo provider, which has nothing at Stripe. Runbook: docs/operations.md, "Reconciling payments with Stripe".
Exit code 0 when nothing is left to set right, 2 when differences remain, 1 when the run failed.`;

class UsageError extends Error {}

interface Output {
  print(line: string): void;
  error(line: string): void;
}

function parseCommand(argv: string[], now: Date): { since: Date; repair: boolean } | 'help' {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { since: { type: 'string' }, repair: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals[0] === 'help') return 'help';
  const [command, ...rest] = positionals;
  if (command !== 'reconcile') throw new UsageError(command ? `Unknown command "${command}"` : 'No command given');
  if (rest.length) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}`);
  if (values.since === undefined) throw new UsageError('reconcile needs --since <time>');
  const since = parseSince(values.since, now);
  if (!since) {
    throw new UsageError(
      `--since "${values.since}" is neither a past ISO 8601 time with a zone (2027-03-01T02:15:00Z) nor a duration (24h, 7d)`,
    );
  }
  return { since, repair: values.repair ?? false };
}

/** `npm run payments -- …`: the exit code, once everything it opened is closed. */
export async function paymentsCli(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  const now = new Date();
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(argv, now);
  } catch (error) {
    // parseArgs throws a TypeError for an unknown option or a missing option value.
    if (!(error instanceof UsageError || error instanceof TypeError)) throw error;
    out.error(`${error.message}. Usage: npm run -s payments -- --help`);
    return 1;
  }
  if (command === 'help') {
    out.print(USAGE);
    return 0;
  }

  // The service's own rule (catalog-payments.config.ts), applied before the other settings are asked
  // for: run where the demo is configured (npm start's default), this is the one thing to say.
  if ((env.PAYMENTS_PROVIDER || (env.STRIPE_SECRET_KEY ? 'stripe' : 'demo')) === 'demo') {
    out.error(new DemoProviderError().message);
    return 1;
  }
  let config: ReturnType<typeof loadCatalogPaymentsConfig>;
  try {
    config = loadCatalogPaymentsConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out.error(`${error.message}\nThe command needs catalog-payments' own settings: run it where the service runs.`);
    return 1;
  }

  // Warnings and errors go to stderr, so stdout holds the report alone.
  const logger = pino(
    { name: 'payments-cli', level: 'warn', ...secretSafeLoggerOptions() },
    pino.destination({ fd: 2, sync: true }),
  );
  // A one-off command beside the running replicas: two Prisma connections, not a service's pool.
  const app = await NestFactory.createApplicationContext(
    ReconciliationCliModule.register(
      { ...config, databaseConnections: { ...config.databaseConnections, prisma: 2 } },
      logger,
    ),
    { logger: new PinoNestLogger(logger) },
  );
  try {
    const report = await app.get(PaymentReconciliationService).run(command.since, { repair: command.repair }, now);
    for (const { difference, outcome } of report.results) out.print(differenceLine(difference, outcome));
    const outcomes = report.results.map((result) => result.outcome);
    const left = unrepaired(outcomes);
    const repaired = outcomes.filter((outcome) => outcome === 'repaired').length;
    out.print(
      `Reconciled since ${command.since.toISOString()}: ${report.stripeIntents} payment intents and ` +
        `${report.stripeRefunds} refunds at Stripe, ${report.payments} payments here; ` +
        `${report.results.length} differences, ${repaired} repaired, ${left} left` +
        `${repaired ? ` (events marked ${report.runId})` : ''}.`,
    );
    return left ? 2 : 0;
  } catch (error) {
    out.error(explain(error));
    return 1;
  } finally {
    await app.close();
  }
}

/** What went wrong, in the operator's terms; the stack only for what we did not foresee. */
function explain(error: unknown): string {
  if (error instanceof DemoProviderError) return error.message;
  const stripeError = error as { type?: unknown; statusCode?: unknown; message?: unknown };
  if (typeof stripeError.type === 'string' && stripeError.type.startsWith('Stripe')) {
    const message = String(stripeError.message).replace(/\.+$/, '');
    return (
      `Stripe refused or could not be reached (${stripeError.type}, ${String(stripeError.statusCode ?? 'no status')}): ` +
      `${message}. Check STRIPE_SECRET_KEY (a restricted key needs read access to PaymentIntents, Charges, Refunds ` +
      'and Balance transactions) and the egress to api.stripe.com.'
    );
  }
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
