import { Injectable } from '@nestjs/common';
import type { PaymentSucceededV1 } from '@medtutor/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { emailKey } from '../consultations/consultations.service.js';
import { PackagesRepository } from './packages.repository.js';
import { PaymentAdjustmentsService } from './payment-adjustments.service.js';

/** A paid payment becomes a package of hours. */
@Injectable()
export class PackageCreditService {
  constructor(
    private readonly packages: PackagesRepository,
    private readonly adjustments: PaymentAdjustmentsService,
  ) {}

  /**
   * The payment_succeeded effect; runs inside handleOnce, and the unique paymentId backs it up. A refund
   * or dispute of the payment that arrived first was kept pending: it is applied to the new package.
   */
  async creditPayment(tx: Prisma.TransactionClient, payment: PaymentSucceededV1): Promise<void> {
    await this.adjustments.lockPayment(tx, payment.paymentId);
    if (await this.packages.findByPayment(tx, payment.paymentId)) return;
    // Kept matchable with the buyer's consultation and trial requests (the retention job keeps those).
    const buyerEmailKey = payment.buyerEmail?.trim() ? emailKey(payment.buyerEmail) : null;
    const created = await this.packages.createForPayment(tx, payment, buyerEmailKey);
    await this.adjustments.applyPending(tx, created);
  }
}
