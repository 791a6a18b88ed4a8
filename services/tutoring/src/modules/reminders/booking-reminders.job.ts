import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { BookingStatus } from '@medtutor/contracts';
import { AdvisoryLease, MailRelay, PeriodicJob } from '@medtutor/nest-kit';
import type { Logger } from 'pino';
import { TUTORING_CONFIG, type TutoringConfig } from '../../config/tutoring.config.js';
import { Clock } from '../../infra/clock.js';
import { LOGGER } from '@medtutor/nest-kit';
import { BookingNotices } from '../calendar/booking-notices.js';
import { dueReminder } from '../scheduling/reminders.rules.js';
import { BookingRemindersRepository } from './booking-reminders.repository.js';

/** The reminder job's advisory lock (`AdvisoryLease`): one replica looks for due reminders a round. */
export const REMINDERS_LOCK_KEY = 7_416_233_251;

/** Bookings looked at per round; more wait for the next round (a minute by default). */
const BATCH = 200;

export type ReminderRound = { '24h': number; '1h': number } | 'locked';

/**
 * Sends the 24-hour and 1-hour reminders, to the student and the tutor, exactly once per booking and
 * time: the marker on the booking and the queued emails are written in one transaction, on the
 * condition that the marker is still empty (`BookingRemindersRepository.claim`). The lease only keeps
 * replicas from doing the same reads; the claim is what makes a reminder single, across replicas,
 * restarts and a change racing with it. The time comes from the injectable `Clock`.
 */
@Injectable()
export class BookingRemindersJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger: Logger;
  private readonly lease: AdvisoryLease;
  private readonly job: PeriodicJob;

  constructor(
    private readonly reminders: BookingRemindersRepository,
    private readonly notices: BookingNotices,
    private readonly mailRelay: MailRelay,
    private readonly clock: Clock,
    @Inject(TUTORING_CONFIG) config: TutoringConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'booking-reminders' });
    this.lease = new AdvisoryLease({ databaseUrl: config.databaseUrl, key: REMINDERS_LOCK_KEY, logger: this.logger });
    this.job = new PeriodicJob({
      name: 'booking-reminders',
      intervalMs: config.bookingReminderIntervalMs,
      logger: this.logger,
      round: () => this.runOnce(),
    });
  }

  onApplicationBootstrap(): void {
    this.job.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.job.stop();
  }

  /** One round: how many of each reminder this replica queued, or 'locked' when another is at it. */
  runOnce(): Promise<ReminderRound> {
    return this.lease.run(() => this.sendDue());
  }

  private async sendDue(): Promise<{ '24h': number; '1h': number }> {
    const now = this.clock.now();
    const sent = { '24h': 0, '1h': 0 };
    for (const booking of await this.reminders.candidates(now, BATCH)) {
      const kind = dueReminder(
        {
          status: booking.status as BookingStatus,
          start: booking.preferredDateTime.getTime(),
          reminder24hSentAt: booking.reminder24hSentAt?.getTime() ?? null,
          reminder1hSentAt: booking.reminder1hSentAt?.getTime() ?? null,
        },
        now,
      );
      if (!kind) continue;
      const mails = this.notices.mailsFor({ kind: 'reminder', before: kind }, booking.tutor.loginEmail);
      if (await this.reminders.claim(booking, kind, now, mails)) sent[kind] += 1;
    }
    if (sent['24h'] || sent['1h']) {
      this.logger.info({ reminders24h: sent['24h'], reminders1h: sent['1h'] }, 'booking reminders queued');
      this.mailRelay.wake();
    }
    return sent;
  }
}
