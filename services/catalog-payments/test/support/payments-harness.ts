import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Actor, type ConsentState, type RpcError, RpcErrorSchema, Subjects } from '@medtutor/contracts';
import {
  signedRequest,
  startServiceUnderTest,
  type ServiceUnderTest,
  type TestNats,
  testActorKeys,
} from '@medtutor/nest-kit/testing';
import pg from 'pg';
import type { Logger } from 'pino';
import { firstValueFrom, timeout } from 'rxjs';
import { catalogPayments } from '../../src/service.js';
import { loadCatalogPaymentsConfig } from '../../src/config/catalog-payments.config.js';

export const SEED_30 = 'WELCOME30';
export const SEED_1 = 'TEST1';

/** catalog-payments' configuration for a test: signed actors, a sender address and the given variables. */
export const paymentsTestConfig =
  (env: Record<string, string> = {}) =>
  ({ databaseUrl, natsUrl }: { databaseUrl: string; natsUrl: string }) =>
    loadCatalogPaymentsConfig({
      ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
      NODE_ENV: 'test',
      PAYMENTS_DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      MAIL_FROM: 'MedPath Tutoring <no-reply@example.com>',
      ...env,
    });

/** catalog-payments on a fresh database and private NATS, with the given payment variables. */
export async function startPaymentsService(
  label: string,
  env: Record<string, string>,
  nats?: TestNats,
  logger?: Logger,
): Promise<PaymentsHarness> {
  // A fresh folder per run: the folder mailer's files of an earlier run never count.
  const mailDir = env.MAIL_OUTBOX_DIR ?? (await mkdtemp(join(tmpdir(), `medtutor-${label}-mail-`)));
  const service = await startServiceUnderTest({
    service: catalogPayments,
    label,
    nats,
    logger,
    config: paymentsTestConfig({
      DISCOUNT_CODE_SEED_30: SEED_30,
      DISCOUNT_CODE_SEED_1: SEED_1,
      MAIL_OUTBOX_DIR: mailDir,
      ...env,
    }),
  });
  const sql = new pg.Pool({ connectionString: service.db.url, max: 2 });
  return new PaymentsHarness(service, sql, mailDir);
}

/** `ProviderWebhookRequest` for a body as Stripe would send it (UTF-8). */
export const webhookRequest = (rawBody: string, signature: string) => ({
  rawBodyBase64: Buffer.from(rawBody, 'utf8').toString('base64'),
  signature,
});

export class PaymentsHarness {
  constructor(
    readonly service: ServiceUnderTest,
    readonly sql: pg.Pool,
    readonly mailDir: string,
  ) {}

  async call(subject: string, data: unknown, actor: Actor | null): Promise<unknown> {
    // No identity runs here to announce the buyer's standing (issue 26): a student buyer is an adult
    // unless the test recorded another state first (`consentOf`).
    if (subject === Subjects.catalogPayments.createPaymentIntent && actor?.role === 'student') {
      await this.sql.query(
        `INSERT INTO student_consents (user_id, state, version, updated_at) VALUES ($1, 'adult', 1, now())
         ON CONFLICT (user_id) DO NOTHING`,
        [actor.userId],
      );
    }
    const request = await signedRequest(subject, data, actor, 'payments-test');
    return firstValueFrom(this.service.client.send(subject, request).pipe(timeout(20_000)));
  }

  async callError(subject: string, data: unknown, actor: Actor | null): Promise<RpcError> {
    const failure = await this.call(subject, data, actor).then(
      () => {
        throw new Error(`expected ${subject} to fail`);
      },
      (error: unknown) => error,
    );
    return RpcErrorSchema.parse(failure);
  }

  /** Records a student's standing as identity's event would (version 1), replacing any earlier one. */
  async consentOf(userId: number, state: ConsentState): Promise<void> {
    await this.sql.query(
      `INSERT INTO student_consents (user_id, state, version, updated_at) VALUES ($1, $2, 1, now())
       ON CONFLICT (user_id) DO UPDATE SET state = EXCLUDED.state`,
      [userId, state],
    );
  }

  /** The webhook as the gateway forwards it: the body's exact bytes, base64. */
  webhook(rawBody: string, signature: string): Promise<unknown> {
    return this.call(Subjects.catalogPayments.handleProviderWebhook, webhookRequest(rawBody, signature), null);
  }

  async row<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T | undefined> {
    return (await this.sql.query(query, params)).rows[0] as T | undefined;
  }

  payment(id: string) {
    return this.row('SELECT * FROM payments WHERE id = $1', [id]);
  }

  code(code: string) {
    return this.row('SELECT * FROM discount_codes WHERE code = $1', [code]);
  }

  async succeededEvents(paymentId: string): Promise<number> {
    const found = await this.row<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'payments.payment_succeeded.v1' AND payload->'data'->>'paymentId' = $1`,
      [paymentId],
    );
    return found?.n ?? 0;
  }

  /** The outbox events of one type about a payment, oldest first: their payloads' data. */
  async events<T = Record<string, unknown>>(type: string, paymentId: string): Promise<T[]> {
    const { rows } = await this.sql.query<{ data: T }>(
      `SELECT payload->'data' AS data FROM outbox_events
        WHERE type = $1 AND payload->'data'->>'paymentId' = $2
        ORDER BY created_at, id`,
      [type, paymentId],
    );
    return rows.map((row) => row.data);
  }

  async refunds(paymentId: string): Promise<Array<Record<string, unknown>>> {
    return (await this.sql.query('SELECT * FROM refunds WHERE payment_id = $1 ORDER BY created_at, id', [paymentId]))
      .rows;
  }

  async disputes(paymentId: string): Promise<Array<Record<string, unknown>>> {
    return (
      await this.sql.query('SELECT * FROM payment_disputes WHERE payment_id = $1 ORDER BY opened_at', [paymentId])
    ).rows;
  }

  async receipts(to: string): Promise<Array<{ subject: string; text: string }>> {
    return (await this.sql.query('SELECT subject, text FROM outbound_emails WHERE to_address = $1', [to])).rows;
  }

  /**
   * The emails to one address as the mail relay sent them (the outbox row's body is cleared once
   * sent), oldest first; waits until all of that address's queued emails have gone out.
   */
  async sentMails(to: string): Promise<Array<{ subject: string; text: string }>> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const pending = await this.row<{ n: number }>(
        'SELECT count(*)::int AS n FROM outbound_emails WHERE to_address = $1 AND sent_at IS NULL AND failed_at IS NULL',
        [to],
      );
      if (pending?.n === 0) break;
      if (Date.now() > deadline) throw new Error(`emails to ${to} still unsent`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const files = (await readdir(this.mailDir).catch(() => [])).filter((name) => name.endsWith('.json')).sort();
    const mails = await Promise.all(
      files.map(async (name) => JSON.parse(await readFile(join(this.mailDir, name), 'utf8')) as Record<string, string>),
    );
    return mails
      .filter((mail) => mail.to === to)
      .map((mail) => ({ subject: mail.subject ?? '', text: mail.text ?? '' }));
  }

  async newCode(admin: Actor, discountPrice = 30): Promise<string> {
    const reply = (await this.call(Subjects.catalogPayments.createDiscountCode, { discountPrice }, admin)) as {
      code: string;
    };
    return reply.code;
  }

  async stop(): Promise<void> {
    await this.sql.end();
    await this.service.stop();
  }
}
