import { RequestMethod } from '@nestjs/common';
import { ProviderWebhookLimits } from '@medtutor/contracts';
import express, { type Request, type RequestHandler } from 'express';
import { bodyParserError, UnreadableBody } from './json-body.js';

/** Stripe's webhook: the one route called by a third-party server rather than a browser. */
export const PROVIDER_WEBHOOK_PATH = '/api/stripe/webhook';

/** For `enableCsrfProtection({ exclude })`: Stripe posts cross-site and carries no session. */
export const providerWebhookRoute = { path: PROVIDER_WEBHOOK_PATH.slice(1), method: RequestMethod.POST };

/**
 * The webhook's body kept as the exact bytes received (a Buffer on `req.body`), whatever the content
 * type: the signature covers those bytes, and a parsed-and-reserialised body would not verify. Once
 * this parser has run, the JSON parser leaves the request alone. At most
 * `ProviderWebhookLimits.maxBodyBytes` (256 KiB; Stripe's events are a few kB): a larger one, like any
 * unreadable body, waits on `req.body` as an `UnreadableBody` for the route to answer (413), so it is
 * counted with the webhook's other failures.
 */
export const providerWebhookRawBody = (): RequestHandler => {
  const parse = express.raw({ type: () => true, limit: ProviderWebhookLimits.maxBodyBytes });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (error) {
        req.body = new UnreadableBody(bodyParserError(error));
        // Nothing will read the rest: let Node discard it rather than keep the socket waiting.
        req.resume();
      }
      // The mark the JSON parser (json-body.ts) leaves a read body alone by: body-parser 2 no longer
      // sets it, and a webhook sent as another media type had its bytes replaced by a 415.
      (req as Request & { _body?: boolean })._body = true;
      next();
    });
};
