import { Injectable } from '@nestjs/common';
import type { PaidUser, Purchase, Testimonial } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

/** Everything reviews holds about one user, as rows. */
export interface ReviewsRecords {
  testimonials: Testimonial[];
  purchases: Purchase[];
  paidUser: PaidUser | null;
}

/** The only file of the export module that touches the database. */
@Injectable()
export class PrivacyExportRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Stories sent from this account, and those a visitor sent with its address; a story another
   * account sent with this address is that account's.
   */
  async recordsOf(userId: number, email: string): Promise<ReviewsRecords> {
    const [testimonials, purchases, paidUser] = await Promise.all([
      this.prisma.testimonial.findMany({
        where: {
          OR: [{ submittedBy: userId }, { submittedBy: null, email: { equals: email.trim(), mode: 'insensitive' } }],
        },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
      this.prisma.purchase.findMany({ where: { userId }, orderBy: [{ paidAt: 'asc' }, { paymentId: 'asc' }] }),
      this.prisma.paidUser.findUnique({ where: { userId } }),
    ]);
    return { testimonials, purchases, paidUser };
  }
}
