import { Injectable } from '@nestjs/common';
import { ActiveBookingStatuses } from '@medtutor/contracts';
import { enqueueMail, type MailMessage } from '@medtutor/nest-kit';
import type { Booking } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';
import { REMINDER_LEAD_MS, type ReminderKind } from '../scheduling/reminders.rules.js';

export type ReminderCandidate = Booking & { tutor: { loginEmail: string | null } };

const MARKER = { '24h': 'reminder24hSentAt', '1h': 'reminder1hSentAt' } as const;

/** The reminder job's reads and claims on `bookings`. */
@Injectable()
export class BookingRemindersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Active bookings inside a reminder window whose marker is empty (the same windows as
   * `dueReminder`, which has the last word), soonest first.
   */
  candidates(now: number, limit: number): Promise<ReminderCandidate[]> {
    const hourAhead = new Date(now + REMINDER_LEAD_MS['1h']);
    return this.prisma.booking.findMany({
      where: {
        status: { in: [...ActiveBookingStatuses] },
        preferredDateTime: { gt: new Date(now), lte: new Date(now + REMINDER_LEAD_MS['24h']) },
        OR: [
          { reminder1hSentAt: null, preferredDateTime: { lte: hourAhead } },
          { reminder24hSentAt: null, preferredDateTime: { gt: hourAhead } },
        ],
      },
      include: { tutor: { select: { loginEmail: true } } },
      orderBy: [{ preferredDateTime: 'asc' }, { id: 'asc' }],
      take: limit,
    });
  }

  /**
   * Sets the reminder's marker and queues its emails in one transaction, only if the booking is still
   * active, unmoved (same SEQUENCE) and unreminded: of two replicas, or a replica and a cancellation,
   * exactly one wins. False when it lost.
   */
  claim(booking: Booking, kind: ReminderKind, now: number, mails: (row: Booking) => MailMessage[]): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.booking.updateMany({
        where: {
          id: booking.id,
          status: { in: [...ActiveBookingStatuses] },
          icsSequence: booking.icsSequence,
          [MARKER[kind]]: null,
        },
        data: { [MARKER[kind]]: new Date(now) },
      });
      if (count === 0) return false;
      for (const email of mails(booking)) await enqueueMail(tx, email);
      return true;
    });
  }
}
