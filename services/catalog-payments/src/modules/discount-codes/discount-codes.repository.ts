import { Injectable } from '@nestjs/common';
import { type DiscountCode, Prisma } from '../../generated/prisma/client.js';
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

  /** Available, or held by an expired reservation, or already held by the same user (a retried checkout). */
  async reserve(code: string, userId: number, until: Date, now: Date): Promise<boolean> {
    const { count } = await this.prisma.discountCode.updateMany({
      where: {
        code,
        OR: [
          { status: 'available' },
          { status: 'reserved', reservedUntil: { lt: now } },
          { status: 'reserved', reservedBy: userId },
        ],
      },
      data: { status: 'reserved', reservedBy: userId, reservedUntil: until },
    });
    return count === 1;
  }

  /**
   * Only the holder's reservation becomes spent, even past its expiry: a payment that succeeded
   * late still used the code, as long as no one else has reserved it since.
   */
  async spend(code: string, userId: number, at: Date): Promise<boolean> {
    const { count } = await this.prisma.discountCode.updateMany({
      where: { code, status: 'reserved', reservedBy: userId },
      data: { status: 'spent', usedBy: userId, usedAt: at, reservedUntil: null },
    });
    return count === 1;
  }

  async release(code: string, userId: number): Promise<boolean> {
    const { count } = await this.prisma.discountCode.updateMany({
      where: { code, status: 'reserved', reservedBy: userId },
      data: { status: 'available', reservedBy: null, reservedUntil: null },
    });
    return count === 1;
  }
}
