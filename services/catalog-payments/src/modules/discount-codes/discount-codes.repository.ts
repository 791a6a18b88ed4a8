import { Injectable } from '@nestjs/common';
import { type DiscountCode, Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/db.js';
import { PrismaService } from '../../infra/prisma.service.js';

/**
 * Every state change is a single conditional UPDATE (`updateMany` with the expected state in its
 * WHERE). PostgreSQL re-checks that WHERE on the locked row, so of many concurrent callers exactly
 * one sees a row changed; the others see zero and lose.
 */
@Injectable()
export class DiscountCodesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Null when the code is already taken (unique index), so the caller can draw another. */
  async insert(code: string, discountPounds: number, createdBy: number | null): Promise<DiscountCode | null> {
    try {
      return await this.prisma.discountCode.create({ data: { code, discountPounds, createdBy } });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return null;
      throw error;
    }
  }

  /** Seeds are inserted once; an existing code (perhaps already spent) is left as it is. */
  async insertIfAbsent(seeds: Array<{ code: string; discountPounds: number }>): Promise<void> {
    await this.prisma.discountCode.createMany({ data: seeds, skipDuplicates: true });
  }

  findByCode(code: string): Promise<DiscountCode | null> {
    return this.prisma.discountCode.findUnique({ where: { code } });
  }

  /**
   * Available codes only. A hold is never taken over, not even an expired one or by the same buyer:
   * it ends only when its payment is closed, which happens after its intent was cancelled at the
   * provider (or never existed), so no two payable checkouts carry one code. `until` tells the
   * sweeper when the checkout counts as abandoned. The code's value in pounds, or null when it was not free.
   */
  async reserve(code: string, userId: number, paymentId: string, until: Date, db: Db = this.prisma) {
    const [held] = await db.discountCode.updateManyAndReturn({
      where: { code, status: 'available' },
      data: { status: 'reserved', reservedBy: userId, reservedForPaymentId: paymentId, reservedUntil: until },
      select: { discountPounds: true },
    });
    return held?.discountPounds ?? null;
  }

  /**
   * The payment's own hold becomes spent, even past its expiry. A payment paid after its hold was
   * released (a checkout from before holds outlived their intents) spends the code if it is still free;
   * false means the code went to another payment.
   */
  async spend(code: string, paymentId: string, userId: number, at: Date, db: Db = this.prisma) {
    const { count } = await db.discountCode.updateMany({
      where: { code, OR: [{ status: 'reserved', reservedForPaymentId: paymentId }, { status: 'available' }] },
      data: { status: 'spent', usedBy: userId, usedAt: at, reservedUntil: null, reservedForPaymentId: paymentId },
    });
    return count === 1;
  }

  async release(code: string, paymentId: string, db: Db = this.prisma) {
    const { count } = await db.discountCode.updateMany({
      where: { code, status: 'reserved', reservedForPaymentId: paymentId },
      data: { status: 'available', reservedBy: null, reservedForPaymentId: null, reservedUntil: null },
    });
    return count === 1;
  }
}
