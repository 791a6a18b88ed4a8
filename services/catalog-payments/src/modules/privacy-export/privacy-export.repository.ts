import { Injectable } from '@nestjs/common';
import type { ExportedEmail } from '@medtutor/contracts';
import { emailsSentTo } from '@medtutor/nest-kit';
import type { DiscountCode } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import type { PaymentWithMoneyBack } from '../payments/admin-payment.mapping.js';

/** Everything catalog-payments holds about one user, as rows. */
export interface PaymentRecords {
  payments: PaymentWithMoneyBack[];
  discountCodes: DiscountCode[];
  emails: ExportedEmail[];
}

/** The only file of the export module that touches the database. */
@Injectable()
export class PrivacyExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  async recordsOf(userId: number, email: string): Promise<PaymentRecords> {
    const [payments, discountCodes, emails] = await Promise.all([
      this.prisma.payment.findMany({
        where: { userId },
        include: { refunds: { orderBy: { createdAt: 'asc' } }, disputes: { orderBy: { openedAt: 'asc' } } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
      this.prisma.discountCode.findMany({
        where: { OR: [{ usedBy: userId }, { reservedBy: userId }] },
        orderBy: { id: 'asc' },
      }),
      emailsSentTo(this.prisma, email),
    ]);
    return { payments, discountCodes, emails };
  }
}
