import { Injectable } from '@nestjs/common';
import { type DiscountCode, Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../infra/prisma.service.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { DiscountCodeChanges } from './discount-code.rules.js';

/**
 * Every state change is a single conditional UPDATE (`updateMany` with the states DiscountCodeChanges
 * allows in its WHERE). PostgreSQL re-checks that WHERE on the locked row, so of many concurrent callers exactly
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

  /** Whether one of this buyer's checkouts holds the code. */
  async isReservedBy(code: string, userId: number): Promise<boolean> {
    return (await this.prisma.discountCode.count({ where: { code, status: 'reserved', reservedBy: userId } })) > 0;
  }

  findByCode(code: string): Promise<DiscountCode | null> {
    return this.prisma.discountCode.findUnique({ where: { code } });
  }

  /**
   * Holds a free code (DiscountCodeChanges.reserve), so no two payable checkouts carry one code. `until`
   * tells the sweeper when the checkout counts as abandoned. The code's value in pounds, or null when it was not free.
   */
  async reserve(code: string, userId: number, paymentId: string, until: Date, db: Db = this.prisma) {
    const reserve = DiscountCodeChanges.reserve();
    const [held] = await db.discountCode.updateManyAndReturn({
      where: { code, OR: reserve.from },
      data: { status: reserve.to, reservedBy: userId, reservedForPaymentId: paymentId, reservedUntil: until },
      select: { discountPounds: true },
    });
    return held?.discountPounds ?? null;
  }

  /** DiscountCodeChanges.spend; false means the code went to another payment. */
  async spend(code: string, paymentId: string, userId: number, at: Date, db: Db = this.prisma) {
    const spend = DiscountCodeChanges.spend(paymentId);
    const { count } = await db.discountCode.updateMany({
      where: { code, OR: spend.from },
      data: { status: spend.to, usedBy: userId, usedAt: at, reservedUntil: null, reservedForPaymentId: paymentId },
    });
    return count === 1;
  }

  async release(code: string, paymentId: string, db: Db = this.prisma) {
    const release = DiscountCodeChanges.release(paymentId);
    const { count } = await db.discountCode.updateMany({
      where: { code, OR: release.from },
      data: { status: release.to, reservedBy: null, reservedForPaymentId: null, reservedUntil: null },
    });
    return count === 1;
  }
}
