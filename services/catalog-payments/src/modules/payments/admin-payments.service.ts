import { Injectable } from '@nestjs/common';
import {
  type Actor,
  type AdminPaymentDetail,
  type AdminPaymentsPage,
  type AdminPaymentsQuerySchema,
} from '@medtutor/contracts';
import { requireRole } from '@medtutor/nest-kit';
import type { z } from 'zod';
import { AdminPaymentsRepository } from './admin-payments.repository.js';
import { adminPaymentNotFound } from './payments.errors.js';
import { toAdminPayment, toAdminPaymentDetail } from './admin-payment.mapping.js';

type Query = z.output<typeof AdminPaymentsQuerySchema>;

/** The admin Payments tab: every payment, searchable and filterable. Admins only. */
@Injectable()
export class AdminPaymentsService {
  constructor(private readonly payments: AdminPaymentsRepository) {}

  /** Newest first. Search: buyer email or name, discount code (contains), payment id or Stripe id (exact). */
  async list(query: Query, actor: Actor | null): Promise<AdminPaymentsPage> {
    requireRole(actor, 'admin');
    const { total, payments } = await this.payments.search(query);
    return { items: payments.map(toAdminPayment), total, page: query.page, pageSize: query.pageSize };
  }

  async get(paymentId: string, actor: Actor | null): Promise<AdminPaymentDetail> {
    requireRole(actor, 'admin');
    return this.detailOf(paymentId);
  }

  /** The payment with its refunds and disputes; callers check the role. */
  async detailOf(paymentId: string): Promise<AdminPaymentDetail> {
    const payment = await this.payments.detail(paymentId);
    if (!payment) throw adminPaymentNotFound();
    return toAdminPaymentDetail(payment);
  }
}
