import { Controller, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags, type SchemaObject } from '@nestjs/swagger';
import {
  ErrorCodes,
  PaymentMessages,
  ProviderWebhookLimits,
  ProviderWebhookReplySchema,
  Subjects,
} from '@medtutor/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError } from '../../filters/api-error.js';
import { UnreadableBody } from '../../http/json-body.js';
import { ApiErrorReplies } from '../../http/openapi.js';
import { countingWebhookFailures } from '../../metrics/gateway-metrics.js';

/**
 * POST /api/stripe/webhook: no session, no cross-site check (see app.setup.ts), the body kept as raw
 * bytes (http/raw-body.ts), at most 256 KiB (413 beyond). The gateway forwards the body and signature untouched; catalog-payments
 * verifies the signature and answers 400 when it does not hold. Every failure counts in
 * `webhook_failures_total` (an alert: Stripe retries them, then gives up).
 */
@ApiTags('payments')
@Controller('api/stripe')
export class StripeWebhookController {
  constructor(private readonly services: ServiceClient) {}

  @Post('webhook')
  @HttpCode(200)
  @ApiOperation({ summary: "Stripe's payment events (called by Stripe; the signature is the authentication)" })
  @ApiHeader({ name: 'stripe-signature', required: true, description: "Stripe's signature over the raw body" })
  @ApiOkResponse({
    description: 'Received (also for events that change nothing)',
    schema: z.toJSONSchema(ProviderWebhookReplySchema, { target: 'openapi-3.0' }) as SchemaObject,
  })
  @ApiErrorReplies(400, 413, 503)
  handle(@Req() req: Request, @Headers('stripe-signature') signature: string | undefined): Promise<{ received: true }> {
    return countingWebhookFailures('stripe', async () => {
      if (req.body instanceof UnreadableBody) throw req.body.error; // above ProviderWebhookLimits.maxBodyBytes: 413
      if (!Buffer.isBuffer(req.body) || !signature || signature.length > ProviderWebhookLimits.maxSignatureLength) {
        throw ApiError.of(ErrorCodes.webhookSignatureInvalid, PaymentMessages.webhookSignatureInvalid);
      }
      // Base64: the exact bytes, in a size bounded in advance (4/3 of at most 256 KiB) far below
      // NATS's 1 MB payload limit, whatever the bytes (JSON-escaping could grow them sixfold).
      return this.services.send(
        Subjects.catalogPayments.handleProviderWebhook,
        { rawBodyBase64: req.body.toString('base64'), signature },
        req,
        ProviderWebhookReplySchema,
      );
    });
  }
}
