import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AdminPaymentDetail,
  AdminPaymentIdSchema,
  type AdminPaymentsPage,
  AdminPaymentsQuerySchema,
  CreatePaymentIntentRequestSchema,
  DemoConfirmBodySchema,
  type DemoConfirmReply,
  GetPaymentRequestSchema,
  type PaymentConflictsDto,
  type PaymentDto,
  type PaymentIntentDto,
  ProviderWebhookRequestSchema,
  RefundPaymentRequestSchema,
  Subjects,
} from '@medtutor/contracts';
import { parseRequest } from '@medtutor/nest-kit';
import { z } from 'zod';
import { AdminPaymentsService } from './admin-payments.service.js';
import { AdminRefundsService } from './admin-refunds.service.js';
import { PaymentConflictsService } from './payment-conflicts.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { CheckoutService } from './checkout.service.js';
import { PaymentConfirmationService } from './payment-confirmation.service.js';

@Controller()
export class PaymentsRpcController {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly confirmation: PaymentConfirmationService,
    private readonly webhooks: PaymentWebhooksService,
    private readonly conflicts: PaymentConflictsService,
    private readonly admin: AdminPaymentsService,
    private readonly refunds: AdminRefundsService,
  ) {}

  /** Admins only: every payment, searched and filtered, newest first. */
  @MessagePattern(Subjects.catalogPayments.listPayments)
  listPayments(@Payload() payload: unknown): Promise<AdminPaymentsPage> {
    const { meta, data } = parseRequest(AdminPaymentsQuerySchema, payload);
    return this.admin.list(data, meta.actor);
  }

  /** Admins only: one payment with its refunds, disputes and settlement. */
  @MessagePattern(Subjects.catalogPayments.getAdminPayment)
  getAdminPayment(@Payload() payload: unknown): Promise<AdminPaymentDetail> {
    const { meta, data } = parseRequest(AdminPaymentIdSchema, payload);
    return this.admin.get(data.paymentId, meta.actor);
  }

  /** Admins only: refunds part or all of what is left of a paid payment. */
  @MessagePattern(Subjects.catalogPayments.refundPayment)
  refundPayment(@Payload() payload: unknown): Promise<AdminPaymentDetail> {
    const { meta, data } = parseRequest(RefundPaymentRequestSchema, payload);
    return this.refunds.refund(data, meta.actor, meta.correlationId);
  }

  /** Admins only. */
  @MessagePattern(Subjects.catalogPayments.listPaymentConflicts)
  listPaymentConflicts(@Payload() payload: unknown): Promise<PaymentConflictsDto> {
    const { meta } = parseRequest(z.object({}).optional(), payload);
    return this.conflicts.list(meta.actor);
  }

  @MessagePattern(Subjects.catalogPayments.createPaymentIntent)
  createPaymentIntent(@Payload() payload: unknown): Promise<PaymentIntentDto> {
    const { meta, data } = parseRequest(CreatePaymentIntentRequestSchema, payload);
    return this.checkout.createIntent(data, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.catalogPayments.getPayment)
  getPayment(@Payload() payload: unknown): Promise<PaymentDto> {
    const { meta, data } = parseRequest(GetPaymentRequestSchema, payload);
    return this.confirmation.getPayment(data.paymentId, meta.actor, meta.correlationId);
  }

  @MessagePattern(Subjects.catalogPayments.confirmDemoPayment)
  confirmDemoPayment(@Payload() payload: unknown): Promise<DemoConfirmReply> {
    const { meta, data } = parseRequest(DemoConfirmBodySchema, payload);
    return this.confirmation.confirmDemo(data, meta.actor, meta.correlationId);
  }

  /** No actor: Stripe is the caller, and the signature is the authentication. */
  @MessagePattern(Subjects.catalogPayments.handleProviderWebhook)
  handleProviderWebhook(@Payload() payload: unknown): Promise<{ received: true }> {
    const { meta, data } = parseRequest(ProviderWebhookRequestSchema, payload);
    return this.webhooks.handle(data, meta.correlationId);
  }
}
