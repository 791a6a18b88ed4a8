import { Injectable } from '@nestjs/common';
import type { Booking, Consultation, Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

type Tx = Prisma.TransactionClient;

@Injectable()
export class ConsultationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The request, its event and its emails commit together or not at all. */
  inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(work);
  }

  create(tx: Tx, data: Prisma.ConsultationCreateInput): Promise<Consultation> {
    return tx.consultation.create({ data });
  }

  /**
   * True when the address may be acknowledged now, recording that it is. One statement: of two
   * concurrent requests from one address, the second waits on the first's row and then finds it recent.
   */
  async claimAcknowledgement(tx: Tx, addressHash: string, now: Date, cutoff: Date): Promise<boolean> {
    const claimed = await tx.$executeRaw`
      INSERT INTO acknowledgements (address_hash, sent_at) VALUES (${addressHash}, ${now})
      ON CONFLICT (address_hash) DO UPDATE SET sent_at = EXCLUDED.sent_at
      WHERE acknowledgements.sent_at <= ${cutoff}`;
    return claimed === 1;
  }

  async hasFreeTrialBy(emailKey: string, phoneKey: string): Promise<boolean> {
    const found = await this.prisma.consultation.findFirst({
      where: { isFreeTrial: true, OR: [{ emailKey }, { phoneKey }] },
      select: { id: true },
    });
    return found !== null;
  }

  /** The newest free-trial requests, newest first. */
  latestFreeTrialRequests(limit: number): Promise<Consultation[]> {
    return this.prisma.consultation.findMany({
      where: { isFreeTrial: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit,
    });
  }

  /** The bookings made for these requests that were not cancelled, newest first. */
  trialBookingsFor(consultationIds: number[]): Promise<Booking[]> {
    return this.prisma.booking.findMany({
      where: { consultationId: { in: consultationIds }, status: { not: 'cancelled' } },
      orderBy: { createdAt: 'desc' },
    });
  }
}
