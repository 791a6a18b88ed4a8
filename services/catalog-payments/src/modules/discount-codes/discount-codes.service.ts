import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type Actor, type DiscountCodeDto, normaliseDiscountCode } from '@medtutor/contracts';
import { forbidden, requireRole } from '@medtutor/nest-kit';
import type { Prisma } from '../../generated/prisma/client.js';
import { CATALOG_PAYMENTS_CONFIG, type CatalogPaymentsConfig } from '../../config/catalog-payments.config.js';
import { generateDiscountCode } from './discount-code-generator.js';
import { DiscountCodesRepository } from './discount-codes.repository.js';
import { discountCodeInvalid } from './discount-codes.errors.js';

/** A payment's transaction (`PaymentRepository.transaction`), handed on to the repository. */
type Tx = Prisma.TransactionClient;

/** Drawing a taken code 5 times in a row means something other than chance is wrong. */
const MAX_CODE_DRAWS = 5;

@Injectable()
export class DiscountCodesService implements OnApplicationBootstrap {
  constructor(
    private readonly codes: DiscountCodesRepository,
    @Inject(CATALOG_PAYMENTS_CONFIG) private readonly config: CatalogPaymentsConfig,
  ) {}

  /** Safe on every start and from several replicas at once: seeds that exist are skipped. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.discountCodeSeeds.length) await this.codes.insertIfAbsent(this.config.discountCodeSeeds);
  }

  async create(discountPounds: number, actor: Actor | null): Promise<DiscountCodeDto> {
    // Unlike the other admin rules, a visitor is told forbidden here: the answer this subject has always given.
    if (!actor) throw forbidden();
    const admin = requireRole(actor, 'admin');
    for (let draw = 0; draw < MAX_CODE_DRAWS; draw++) {
      const created = await this.codes.insert(generateDiscountCode(), discountPounds, admin.userId);
      if (created) return { code: created.code, discountPrice: created.discountPounds };
    }
    throw new Error(`no free discount code after ${MAX_CODE_DRAWS} draws`);
  }

  /**
   * Holds the code for this payment until `ttlMs` from now and answers its value in pounds. Unknown,
   * spent or held by another checkout all answer PAYMENTS.DISCOUNT_CODE_INVALID after the same single
   * UPDATE, so neither the answer nor the work behind it tells them apart.
   */
  async reserve(
    rawCode: string,
    userId: number,
    paymentId: string,
    ttlMs: number,
    now = new Date(),
    db?: Tx,
  ): Promise<number> {
    const code = normaliseDiscountCode(rawCode);
    const pounds = await this.codes.reserve(code, userId, paymentId, new Date(now.getTime() + ttlMs), db);
    if (pounds === null) throw discountCodeInvalid();
    return pounds;
  }

  /** Whether one of this buyer's checkouts holds the code (their own state, so telling them reveals nothing). */
  async isHeldBy(rawCode: string, userId: number): Promise<boolean> {
    const code = normaliseDiscountCode(rawCode);
    return this.codes.isReservedBy(code, userId);
  }

  /** True when this call spent the code for the payment; false when it was not the payment's to spend. */
  spend(rawCode: string, paymentId: string, userId: number, at = new Date(), db?: Tx): Promise<boolean> {
    return this.codes.spend(normaliseDiscountCode(rawCode), paymentId, userId, at, db);
  }

  /** Gives the payment's hold back; false when the payment held nothing (already released, spent or taken). */
  release(rawCode: string, paymentId: string, db?: Tx): Promise<boolean> {
    return this.codes.release(normaliseDiscountCode(rawCode), paymentId, db);
  }
}
