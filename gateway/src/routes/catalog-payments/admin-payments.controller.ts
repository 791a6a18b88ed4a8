import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  type AdminPaymentDetail,
  AdminPaymentDetailSchema,
  AdminPaymentIdSchema,
  type AdminPaymentsPage,
  AdminPaymentsPageSchema,
  AdminPaymentsQuerySchema,
  ErrorCodes,
  RefundBodySchema,
  RefundMessages,
  type RefundPaymentRequest,
  Subjects,
} from '@medtutor/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { AdminOnly } from '../../auth/auth.decorators.js';
import { ServiceClient } from '../../clients/service-client.js';
import { ApiError } from '../../filters/api-error.js';
import { ApiErrorReplies, ApiErrorReply, ApiQueryOf, jsonSchemaOf } from '../../http/openapi.js';
import { parseBody, ZodBodyPipe } from '../../http/zod-body.pipe.js';

/**
 * A malformed id names no payment: the same 404 as a missing one, without asking the service.
 * Checked in the handler, after the body's pipe, so a bad body is a 400 whatever the id.
 */
function paymentIdOf(paymentId: string): z.output<typeof AdminPaymentIdSchema> {
  const parsed = AdminPaymentIdSchema.safeParse({ paymentId });
  if (!parsed.success) throw ApiError.of(ErrorCodes.notFound, RefundMessages.paymentNotFound);
  return parsed.data;
}

/**
 * Money after the sale (issue 16): every payment for the admins, and refunds. The amounts, what is
 * left to refund and whether a refund is allowed are catalog-payments' to decide; the gateway checks
 * the role and the shapes. Registered after PaymentConflictsController, so `conflicts` is matched as
 * that literal before it could be taken for a `:paymentId`.
 */
@ApiTags('admin')
@Controller('api/admin/payments')
export class AdminPaymentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @AdminOnly()
  @ApiOperation({
    summary:
      'Every payment, newest first: search by student email or name, discount code, payment id or Stripe reference; filter by status, currency and created date (inclusive, UTC)',
  })
  @ApiQueryOf(AdminPaymentsQuerySchema)
  @ApiOkResponse({
    description: 'One page of payments and how many match',
    schema: jsonSchemaOf(AdminPaymentsPageSchema),
  })
  @ApiErrorReplies(400, 503)
  list(@Query() query: Record<string, unknown>, @Req() req: Request): Promise<AdminPaymentsPage> {
    // The schema keeps only its own fields: anything else in the query string is dropped here.
    const data = parseBody(AdminPaymentsQuerySchema, query);
    return this.services.send(Subjects.catalogPayments.listPayments, data, req, AdminPaymentsPageSchema);
  }

  @Get(':paymentId')
  @AdminOnly()
  @ApiOperation({ summary: "A payment with its refunds, disputes and Stripe's settlement, for the detail drawer" })
  @ApiParam({ name: 'paymentId', format: 'uuid' })
  @ApiOkResponse({ description: 'The payment', schema: jsonSchemaOf(AdminPaymentDetailSchema) })
  @ApiErrorReplies(404, 503)
  get(@Param('paymentId') paymentId: string, @Req() req: Request): Promise<AdminPaymentDetail> {
    return this.services.send(
      Subjects.catalogPayments.getAdminPayment,
      paymentIdOf(paymentId),
      req,
      AdminPaymentDetailSchema,
    );
  }

  @Post(':paymentId/refund')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary:
      'Refund a paid payment, in full (no amount: all that is left) or in part (minor units); the hours follow once the provider confirms',
  })
  @ApiParam({ name: 'paymentId', format: 'uuid' })
  @ApiBody({ schema: jsonSchemaOf(RefundBodySchema, 'input') })
  @ApiOkResponse({ description: 'The payment with the new refund', schema: jsonSchemaOf(AdminPaymentDetailSchema) })
  @ApiErrorReply(409, 'Not refundable: not paid, already refunded in full, or under an open dispute')
  @ApiErrorReplies(404, 502, 503)
  refund(
    @Param('paymentId') paymentId: string,
    @Body(new ZodBodyPipe(RefundBodySchema)) body: z.output<typeof RefundBodySchema>,
    @Req() req: Request,
  ): Promise<AdminPaymentDetail> {
    const request: RefundPaymentRequest = { ...paymentIdOf(paymentId), ...body };
    return this.services.send(Subjects.catalogPayments.refundPayment, request, req, AdminPaymentDetailSchema);
  }
}
