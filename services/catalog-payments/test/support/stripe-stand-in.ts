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
}

/** Intent states Stripe will not leave: a cancelled intent is never paid, a paid one never cancelled. */
const FINAL = new Set(['succeeded', 'canceled']);

/**
 * A small Stripe API stand-in for the PaymentIntents endpoints (create, retrieve, cancel, and confirm,
 * which the buyer's browser calls), answering like Stripe: form-encoded requests, JSON objects, the
 * same answer for a repeated Idempotency-Key, and Stripe's state rules: a cancelled intent cannot be
 * confirmed and a succeeded one cannot be cancelled (400 payment_intent_unexpected_state). The real
 * SDK talks to it through STRIPE_API_BASE; every request is recorded.
 */
export class StripeStandIn {
  readonly requests: RecordedStripeRequest[] = [];
  readonly intents = new Map<string, StandInIntent>();
  /** When set, every request is answered with a 500 api_error (Stripe down). */
  failing = false;
  /** When set, only cancel requests get a 500 api_error (Stripe answering everything else). */
  failingCancels = false;
  private readonly byIdempotencyKey = new Map<string, StandInIntent>();
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  creates(): RecordedStripeRequest[] {
    return this.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');
  }

  cancels(): RecordedStripeRequest[] {
    return this.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/cancel'));
  }

  /** What Stripe would hold after the buyer paid (or not) on the Payment Element; final states stay final. */
  setStatus(intentId: string, status: string): void {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    if (FINAL.has(intent.status)) throw new Error(`intent ${intentId} is ${intent.status}`);
    intent.status = status;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const recorded: RecordedStripeRequest = {
      method: req.method ?? '',
      path,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      authorization: req.headers.authorization,
      form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
    };
    this.requests.push(recorded);
    if (this.failing) return reply(res, 500, { error: { type: 'api_error', message: 'stand-in is failing' } });
    if (!recorded.authorization?.startsWith('Bearer sk_')) {
      return reply(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }

    if (req.method === 'POST' && path === '/v1/payment_intents') return reply(res, 200, this.create(recorded));
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(cancel|confirm))?$/.exec(path);
    const intent = match ? this.intents.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!intent)
      return reply(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    const action = match?.[2];
    if (req.method === 'GET' && !action) return reply(res, 200, intent);
    if (req.method !== 'POST' || !action) {
      return reply(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    }
    if (action === 'cancel' && this.failingCancels) {
      return reply(res, 500, { error: { type: 'api_error', message: 'stand-in is failing cancels' } });
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
    };
    this.intents.set(id, intent);
    if (key) this.byIdempotencyKey.set(key, intent);
    return intent;
  }
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

/** The real SDK pointed at the stand-in: a test's stand-in for Stripe.js confirming in the browser. */
export const stripeAt = (apiBase: string): Stripe => {
  const url = new URL(apiBase);
  return new Stripe('sk_test_buyer', { host: url.hostname, port: url.port, protocol: 'http', maxNetworkRetries: 0 });
};

/** A Stripe event around a PaymentIntent, as the webhook would carry it. */
export function paymentIntentEvent(
  type: string,
  intent: { id: string; metadata?: Record<string, string>; last_payment_error?: { message: string } },
  eventId = `evt_${randomBytes(12).toString('hex')}`,
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { object: 'payment_intent', metadata: {}, ...intent } },
  });
}
