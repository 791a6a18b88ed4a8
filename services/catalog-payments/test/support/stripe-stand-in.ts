import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface RecordedStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The form-encoded body, flattened: `metadata[paymentId]` → value. */
  form: Record<string, string>;
}

interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  created: number;
  /** The charge's id once paid (expanded on request, like Stripe). */
  latest_charge: string | null;
  /** A test key's intents are test-mode ones. */
  livemode: boolean;
}

export interface StandInBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  /** In the account's currency (GBP), minor unit; negative for money leaving (a refund). */
  amount: number;
  currency: 'gbp';
  exchange_rate: number | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  status: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
  balance_transaction: string;
}

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  created: number;
  balance_transaction: string;
  refunds: { object: 'list'; data: StandInRefund[]; has_more: false; url: string };
}

export interface StandInDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  reason: string;
  status: string;
  created: number;
}

/** Signs webhook payloads (no request is made with this key). */
const webhookSigner = new Stripe('sk_test_webhook_signer');

/** Currencies without a minor unit, as Stripe counts them. */
const ZERO_DECIMAL = new Set(['jpy']);

/** Intent states Stripe will not leave: a cancelled intent is never paid, a paid one never cancelled. */
const FINAL = new Set(['succeeded', 'canceled']);

/**
 * A small Stripe API stand-in for the PaymentIntents endpoints (create, retrieve, list, cancel, and
 * confirm, which the buyer's browser calls) and refunds, answering like Stripe: form-encoded
 * requests, JSON objects, lists in pages, the same answer for a repeated Idempotency-Key, and
 * Stripe's state rules: a cancelled intent cannot be confirmed and a succeeded one cannot be
 * cancelled (400 payment_intent_unexpected_state). The real SDK talks to it through STRIPE_API_BASE;
 * every request is recorded.
 */
export class StripeStandIn {
  readonly requests: RecordedStripeRequest[] = [];
  readonly intents = new Map<string, StandInIntent>();
  /** When set, every request is answered with a 500 api_error (Stripe down). */
  failing = false;
  /** When set, only cancel requests get a 500 api_error (Stripe answering everything else). */
  failingCancels = false;
  /** When set, only refund creation gets a 500 api_error. */
  failingRefunds = false;
  /** When set, refund creation gets a 400 (Stripe saying no: nothing is made). */
  refusingRefunds = false;
  /**
   * When set, refund creation ACTS (the refund is made, or a repeated key finds the one made) and
   * then the connection drops before the answer: what the client sees of a timeout after Stripe
   * made the refund. Listing refunds still answers.
   */
  losingRefundAnswers = false;
  /** The most objects a list page holds, whatever `limit` asked: small in a test, so paging is exercised. */
  listPageSize = 100;
  readonly charges = new Map<string, StandInCharge>();
  readonly refunds = new Map<string, StandInRefund>();
  readonly balanceTransactions = new Map<string, StandInBalanceTransaction>();
  /**
   * Stripe's exchange rate from each currency into the account's GBP (major unit to major unit), as
   * its balance transactions report it; GBP itself converts nothing (exchange_rate null).
   */
  settlementRates: Record<string, number> = { usd: 0.78, eur: 0.85, chf: 0.88, cad: 0.58, aud: 0.52, jpy: 0.0053 };
  /** The rate a refund settles at, when it differs from the charge's (currencies move). */
  refundRates: Record<string, number> = {};
  /**
   * When set, the stand-in is Stripe's webhook sender too: a confirmed intent's
   * payment_intent.succeeded goes to `url`, signed with `secret`, after the confirm's answer, and is
   * sent again (as Stripe retries) until the endpoint answers 2xx. Unset, tests post events themselves.
   */
  webhook: { url: string; secret: string } | null = null;
  private readonly byIdempotencyKey = new Map<string, StandInIntent>();
  private readonly refundsByIdempotencyKey = new Map<string, StandInRefund>();
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async deliver(payload: string): Promise<void> {
    const target = this.webhook;
    if (!target) return;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const signature = webhookSigner.webhooks.generateTestHeaderString({ payload, secret: target.secret });
      const answered = await fetch(target.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      }).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
    }
  }

  creates(): RecordedStripeRequest[] {
    return this.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');
  }

  cancels(): RecordedStripeRequest[] {
    return this.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/cancel'));
  }

  refundCreates(): RecordedStripeRequest[] {
    return this.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
  }

  /** The refunds Stripe holds on the intent's charge, newest first. */
  refundsOf(intentId: string): StandInRefund[] {
    return [...this.refunds.values()].filter((refund) => refund.payment_intent === intentId).reverse();
  }

  /** A payment_intent.* event about the intent as Stripe holds it now (amount, currency and mode included). */
  intentEvent(type: string, intentId: string, eventId?: string): string {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    return paymentIntentEvent(type, intent, eventId);
  }

  /** What Stripe would hold after the buyer paid (or not) on the Payment Element; final states stay final. */
  setStatus(intentId: string, status: string): void {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    if (FINAL.has(intent.status)) throw new Error(`intent ${intentId} is ${intent.status}`);
    intent.status = status;
    if (status === 'succeeded') this.charge(intent);
  }

  /** The paid intent's charge (made when it succeeded), as Stripe holds it now. */
  chargeOf(intentId: string): StandInCharge {
    const chargeId = this.intents.get(intentId)?.latest_charge;
    const charge = chargeId ? this.charges.get(chargeId) : undefined;
    if (!charge) throw new Error(`intent ${intentId} has no charge`);
    return charge;
  }

  /** A refund made in the Stripe dashboard: no idempotency key, no metadata of ours. */
  dashboardRefund(intentId: string, amount: number, reason: string | null = 'requested_by_customer'): StandInRefund {
    const refund = this.refund(this.chargeOf(intentId), amount, {});
    refund.reason = reason;
    return refund;
  }

  /** A dispute (chargeback) on the intent's charge, in the state given. */
  dispute(intentId: string, status = 'needs_response', id = `dp_${randomBytes(12).toString('hex')}`): StandInDispute {
    const charge = this.chargeOf(intentId);
    return {
      id,
      object: 'dispute',
      amount: charge.amount - charge.amount_refunded,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intentId,
      reason: 'fraudulent',
      status,
      created: Math.floor(Date.now() / 1000),
    };
  }

  /** GBP minor units for an amount in the currency, at Stripe's rate: what the balance transaction says. */
  settled(amount: number, currency: string, rates = this.settlementRates): StandInBalanceTransaction {
    const lower = currency.toLowerCase();
    const rate = lower === 'gbp' ? null : (rates[lower] ?? this.settlementRates[lower]);
    if (rate === undefined) throw new Error(`no settlement rate for ${currency}`);
    const major = ZERO_DECIMAL.has(lower) ? amount : amount / 100;
    const transaction: StandInBalanceTransaction = {
      id: `txn_${randomBytes(12).toString('hex')}`,
      object: 'balance_transaction',
      amount: rate === null ? amount : Math.round(major * rate * 100),
      currency: 'gbp',
      exchange_rate: rate,
    };
    this.balanceTransactions.set(transaction.id, transaction);
    return transaction;
  }

  private charge(intent: StandInIntent): StandInCharge {
    const existing = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (existing) return existing;
    const charge: StandInCharge = {
      id: `ch_${randomBytes(12).toString('hex')}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: 0,
      refunded: false,
      currency: intent.currency,
      payment_intent: intent.id,
      created: Math.floor(Date.now() / 1000),
      balance_transaction: this.settled(intent.amount, intent.currency).id,
      refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${intent.id}/refunds` },
    };
    this.charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  /** Records a succeeded refund on the charge, settled (negative) in GBP. */
  private refund(charge: StandInCharge, amount: number, metadata: Record<string, string>): StandInRefund {
    const transaction = this.settled(amount, charge.currency, this.refundRates);
    transaction.amount = -transaction.amount;
    const refund: StandInRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      reason: null,
      metadata,
      created: Math.floor(Date.now() / 1000),
      balance_transaction: transaction.id,
    };
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    charge.refunds.data.unshift(refund);
    return refund;
  }

  /** POST /v1/refunds: the same answer for a repeated key; never more than the charge has left. */
  private createRefund(
    request: RecordedStripeRequest,
    res: ServerResponse,
    answerLost = this.losingRefundAnswers,
  ): void {
    const key = request.idempotencyKey;
    const earlier = key ? this.refundsByIdempotencyKey.get(key) : undefined;
    const expand = expansions(request.form);
    if (answerLost) {
      // Act as asked, then lose the answer on the way back.
      this.createRefund(request, new DiscardedResponse() as unknown as ServerResponse, false);
      return void res.destroy();
    }
    if (earlier) return reply(res, 200, this.expandRefund(earlier, expand));
    if (this.failingRefunds)
      return reply(res, 500, { error: { type: 'api_error', message: 'stand-in is failing refunds' } });
    if (this.refusingRefunds) {
      return reply(res, 400, {
        error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'stand-in refuses refunds' },
      });
    }
    const intent = this.intents.get(request.form.payment_intent ?? '');
    const charge = intent?.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
    if (!intent || !charge) {
      return reply(res, 400, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
      });
    }
    const left = charge.amount - charge.amount_refunded;
    const amount = request.form.amount ? Number(request.form.amount) : left;
    if (left <= 0) {
      return reply(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Charge ${charge.id} has already been refunded.`,
        },
      });
    }
    if (amount > left) {
      return reply(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        },
      });
    }
    const metadata = Object.fromEntries(
      Object.entries(request.form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    const refund = this.refund(charge, amount, metadata);
    if (key) this.refundsByIdempotencyKey.set(key, refund);
    return reply(res, 200, this.expandRefund(refund, expand));
  }

  /**
   * One page of a list as Stripe answers it: newest first, `created[gte]` and the other bounds applied,
   * at most `limit` (and `listPageSize`) objects after `starting_after`, `has_more` when others follow.
   */
  private page<T extends { id: string; created: number }>(
    newestFirst: T[],
    form: Record<string, string>,
    url: string,
    render: (object: T) => unknown,
  ): unknown {
    const bound = (name: string) => Number(form[`created[${name}]`] ?? Number.NaN);
    const [gte, gt, lte, lt] = [bound('gte'), bound('gt'), bound('lte'), bound('lt')];
    // A bound not asked for is NaN, and every comparison with NaN is false.
    const matching = newestFirst.filter(
      ({ created }) => !(created < gte) && !(created <= gt) && !(created > lte) && !(created >= lt),
    );
    const after = form.starting_after ? matching.findIndex(({ id }) => id === form.starting_after) + 1 : 0;
    const size = Math.min(Number(form.limit ?? 10), this.listPageSize);
    const data = matching.slice(after, after + size);
    return { object: 'list', data: data.map(render), has_more: after + size < matching.length, url };
  }

  private expandRefund(refund: StandInRefund, expand: string[]): unknown {
    return expand.includes('balance_transaction')
      ? { ...refund, balance_transaction: this.balanceTransactions.get(refund.balance_transaction) }
      : refund;
  }

  private expandIntent(intent: StandInIntent, expand: string[]): unknown {
    if (!intent.latest_charge || !expand.some((path) => path.startsWith('latest_charge'))) return intent;
    const charge = this.charges.get(intent.latest_charge);
    const latest =
      charge && expand.includes('latest_charge.balance_transaction')
        ? { ...charge, balance_transaction: this.balanceTransactions.get(charge.balance_transaction) }
        : charge;
    return { ...intent, latest_charge: latest };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const [path = '', query = ''] = (req.url ?? '').split('?');
    const recorded: RecordedStripeRequest = {
      method: req.method ?? '',
      path,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
      // A GET carries its parameters (expand[]) in the query string, a POST in the body.
      form: Object.fromEntries([
        ...new URLSearchParams(query),
        ...new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      ]),
    };
    this.requests.push(recorded);
    if (this.failing) return reply(res, 500, { error: { type: 'api_error', message: 'stand-in is failing' } });
    // Stripe.js confirms from the buyer's browser with the publishable key and the intent's client
    // secret; everything else needs the secret key.
    const browserConfirm =
      recorded.authorization?.startsWith('Bearer pk_') && /\/confirm$/.test(path) && req.method === 'POST';
    if (!recorded.authorization?.startsWith('Bearer sk_') && !browserConfirm) {
      return reply(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }

    if (req.method === 'POST' && path === '/v1/payment_intents') return reply(res, 200, this.create(recorded));
    if (req.method === 'POST' && path === '/v1/refunds') return this.createRefund(recorded, res);
    if (req.method === 'GET' && path === '/v1/refunds') {
      // Stripe's list, by payment_intent or by creation time, newest first.
      const expand = expansions(recorded.form).map((name) => name.replace(/^data\./, ''));
      const intentId = recorded.form.payment_intent;
      const refunds = intentId === undefined ? [...this.refunds.values()].reverse() : this.refundsOf(intentId);
      return reply(
        res,
        200,
        this.page(refunds, recorded.form, '/v1/refunds', (refund) => this.expandRefund(refund, expand)),
      );
    }
    if (req.method === 'GET' && path === '/v1/payment_intents') {
      const expand = expansions(recorded.form).map((name) => name.replace(/^data\./, ''));
      const intents = [...this.intents.values()].reverse();
      return reply(
        res,
        200,
        this.page(intents, recorded.form, '/v1/payment_intents', (intent) => this.expandIntent(intent, expand)),
      );
    }
    const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && refundMatch) {
      const refund = this.refunds.get(decodeURIComponent(refundMatch[1] ?? ''));
      if (!refund) return reply(res, 404, { error: { type: 'invalid_request_error', message: 'No such refund' } });
      return reply(res, 200, this.expandRefund(refund, expansions(recorded.form)));
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(cancel|confirm))?$/.exec(path);
    const intent = match ? this.intents.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!intent)
      return reply(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    const action = match?.[2];
    if (req.method === 'GET' && !action) return reply(res, 200, this.expandIntent(intent, expansions(recorded.form)));
    if (req.method !== 'POST' || !action) {
      return reply(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    }
    if (action === 'cancel' && this.failingCancels) {
      return reply(res, 500, { error: { type: 'api_error', message: 'stand-in is failing cancels' } });
    }
    if (browserConfirm && recorded.form.client_secret !== intent.client_secret) {
      return reply(res, 400, {
        error: {
          type: 'invalid_request_error',
          message: 'The client_secret provided does not match this PaymentIntent.',
        },
      });
    }
    if (FINAL.has(intent.status)) {
      return reply(res, 400, {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
        },
      });
    }
    intent.status = action === 'cancel' ? 'canceled' : 'succeeded';
    if (intent.status === 'succeeded') {
      this.charge(intent);
      void this.deliver(paymentIntentEvent('payment_intent.succeeded', intent));
    }
    return reply(res, 200, intent);
  }

  private create(request: RecordedStripeRequest): StandInIntent {
    const key = request.idempotencyKey;
    const earlier = key ? this.byIdempotencyKey.get(key) : undefined;
    if (earlier) return earlier;
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const metadata = Object.fromEntries(
      Object.entries(request.form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount: Number(request.form.amount),
      currency: request.form.currency ?? '',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      metadata,
      description: request.form.description ?? null,
      created: Math.floor(Date.now() / 1000),
      latest_charge: null,
      livemode: false,
    };
    this.intents.set(id, intent);
    if (key) this.byIdempotencyKey.set(key, intent);
    return intent;
  }
}

/** Where an answer nobody will read goes: the stand-in acted, and the client's connection is dropped. */
class DiscardedResponse {
  writeHead(): this {
    return this;
  }
  end(): void {}
}

/** The `expand[]` paths of a request, however the client numbered them. */
const expansions = (form: Record<string, string>): string[] =>
  Object.entries(form)
    .filter(([name]) => name === 'expand' || name.startsWith('expand['))
    .map(([, value]) => value);

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

/** The real SDK pointed at the stand-in: a test's stand-in for Stripe.js confirming in the browser. */
export const stripeAt = (apiBase: string): Stripe => {
  const url = new URL(apiBase);
  return new Stripe('sk_test_buyer', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
};

/**
 * A Stripe event around a PaymentIntent, as the webhook would carry it: the intent's amount and
 * currency as Stripe holds them (the service checks them against the payment), test mode unless said.
 */
export function paymentIntentEvent(
  type: string,
  intent: {
    id: string;
    amount: number;
    currency: string;
    livemode?: boolean;
    metadata?: Record<string, string>;
    last_payment_error?: { message: string };
  },
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: intent.livemode ?? false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: 'payment_intent', metadata: {}, livemode: false, ...intent } },
  });
}

/** A Stripe event around any object (a charge, refund or dispute), as the webhook would carry it. */
export function stripeEvent(
  type: string,
  object: object,
  eventId = `evt_${randomBytes(12).toString('hex')}`,
  created = Math.floor(Date.now() / 1000),
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: JSON.parse(JSON.stringify(object)) as unknown },
  });
}

/** charge.refunded as Stripe sends it: the charge with its running amount_refunded and its refunds. */
export const chargeRefundedEvent = (charge: StandInCharge, eventId?: string) =>
  stripeEvent('charge.refunded', charge, eventId);

/** refund.created / refund.updated / refund.failed around one refund. */
export const refundEvent = (
  type: 'refund.created' | 'refund.updated' | 'refund.failed',
  refund: StandInRefund,
  eventId?: string,
) => stripeEvent(type, refund, eventId);

/** charge.dispute.created / updated / closed around one dispute. */
export const disputeEvent = (
  type: 'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed',
  dispute: StandInDispute,
  eventId?: string,
) => stripeEvent(type, dispute, eventId);
