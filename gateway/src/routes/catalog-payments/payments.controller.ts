import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CreatePaymentIntentBodySchema,
  type CreatePaymentIntentRequest,
  DemoConfirmBodySchema,
  type DemoConfirmReply,
  DemoConfirmReplySchema,
  GetPaymentRequestSchema,
  type PaymentDto,
  PaymentDtoSchema,
  type PaymentIntentDto,
  PaymentIntentDtoSchema,
  Subjects,
  UserDtoSchema,
} from '@medtutor/contracts';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { z } from 'zod';
import { actorOf } from '../../auth/actor.js';
import { Authenticated } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiErrors } from '../../filters/api-error.js';
import { ApiErrorReplies, jsonSchemaOf } from '../../http/openapi.js';
import { ZodBodyPipe } from '../../http/zod-body.pipe.js';
import { LOGGER } from '../../logging/logger.js';
import { RateLimited } from '../../rate-limits/rate-limited.decorator.js';

/** Contract schemas as OpenAPI, stating formats and defaults as the server enforces them. */
const openApi = jsonSchemaOf;

type Buyer = z.output<typeof CreatePaymentIntentBodySchema>;

@ApiTags('payments')
@Controller('api')
export class PaymentsController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post('create-payment-intent')
  @HttpCode(200)
  @Authenticated()
  @RateLimited('paymentIntents')
  @ApiOperation({
    summary: 'Start paying for a session or package: amounts computed on the server, optional discount code',
  })
  @ApiBody({ schema: openApi(CreatePaymentIntentBodySchema, 'input') })
  @ApiOkResponse({ description: 'The intent to confirm in the browser', schema: openApi(PaymentIntentDtoSchema) })
  @ApiErrorReplies(400, 422, 502, 503)
  async createPaymentIntent(
    @Body(new ZodBodyPipe(CreatePaymentIntentBodySchema)) body: Buyer,
    @Req() req: Request,
  ): Promise<PaymentIntentDto> {
    const request: CreatePaymentIntentRequest = { ...body, buyer: await this.buyerOf(req) };
    return this.services.send(Subjects.catalogPayments.createPaymentIntent, request, req, PaymentIntentDtoSchema);
  }

  @Get('payments/:paymentId')
  @Authenticated()
  @ApiOperation({ summary: "The signed-in buyer's payment, for the success page (admins may read any)" })
  @ApiParam({ name: 'paymentId', format: 'uuid' })
  @ApiOkResponse({ description: 'The payment', schema: openApi(PaymentDtoSchema) })
  @ApiErrorReplies(404, 503)
  getPayment(@Param('paymentId') paymentId: string, @Req() req: Request): Promise<PaymentDto> {
    // A malformed id names no payment: the same 404 as someone else's.
    const parsed = GetPaymentRequestSchema.safeParse({ paymentId });
    if (!parsed.success) throw ApiErrors.notFound();
    return this.services.send(Subjects.catalogPayments.getPayment, parsed.data, req, PaymentDtoSchema);
  }

  @Post('payments/demo/confirm')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Confirm a demo payment with a test card (local runs only; never in production)' })
  @ApiBody({ schema: openApi(DemoConfirmBodySchema, 'input') })
  @ApiOkResponse({ description: 'Where the payment stands', schema: openApi(DemoConfirmReplySchema) })
  @ApiErrorReplies(400, 404, 409, 503)
  confirmDemo(
    @Body(new ZodBodyPipe(DemoConfirmBodySchema)) body: z.output<typeof DemoConfirmBodySchema>,
    @Req() req: Request,
  ): Promise<DemoConfirmReply> {
    return this.services.send(Subjects.catalogPayments.confirmDemoPayment, body, req, DemoConfirmReplySchema);
  }

  /**
   * The receipt's address comes from the account, never from the client. The receipt is secondary:
   * if identity does not answer, the purchase goes ahead without one.
   */
  private async buyerOf(req: Request): Promise<CreatePaymentIntentRequest['buyer']> {
    const actor = actorOf(req);
    if (!actor) return null;
    try {
      const user = await this.services.send(Subjects.identity.getUser, { userId: actor.userId }, req, UserDtoSchema);
      const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
      return { email: user.email, name };
    } catch (error) {
      this.logger.warn({ err: error, correlationId: req.correlationId }, 'no buyer email for the receipt');
      return null;
    }
  }
}
