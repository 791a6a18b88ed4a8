import { RequestMethod } from '@nestjs/common';
import express, { type RequestHandler } from 'express';

/** Stripe's webhook: the one route called by a third-party server rather than a browser. */
export const PROVIDER_WEBHOOK_PATH = '/api/stripe/webhook';

/** For `enableCsrfProtection({ exclude })`: Stripe posts cross-site and carries no session. */
export const providerWebhookRoute = { path: PROVIDER_WEBHOOK_PATH.slice(1), method: RequestMethod.POST };

/**
 * The webhook's body kept as the exact bytes received (a Buffer on `req.body`), whatever the content
 * type: the signature covers those bytes, and a parsed-and-reserialised body would not verify. Once
 * this parser has run, the JSON parser leaves the request alone. Stripe's events stay well below 512 kB.
 */
export const providerWebhookRawBody = (): RequestHandler => express.raw({ type: () => true, limit: '512kb' });

/** Runs `handlers` for every request except the webhook, which needs no session (and sets no cookie). */
export const exceptProviderWebhook = (handlers: RequestHandler[]): RequestHandler[] =>
  handlers.map(
    (handler): RequestHandler =>
      (req, res, next) =>
        req.originalUrl.split('?')[0] === PROVIDER_WEBHOOK_PATH ? next() : handler(req, res, next),
  );
