import { Injectable } from '@nestjs/common';
import type { Booking, CalendarFeed, Tutor } from '../../generated/prisma/client.js';
import { PrismaService } from '../../infra/prisma.service.js';

/** Feeds list at most this many bookings (a year of weekly sessions, several times over). */
const FEED_LIMIT = 500;

/** The only file of the calendar feeds module that touches the database. */
@Injectable()
export class CalendarFeedsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findActive(tokenHash: string): Promise<CalendarFeed | null> {
    return this.prisma.calendarFeed.findFirst({ where: { tokenHash, revokedAt: null } });
  }

  ofUser(userId: number): Promise<CalendarFeed | null> {
    return this.prisma.calendarFeed.findUnique({ where: { userId } });
  }

  /** The user's one feed gets a new token: the old one (if any) stops working in the same write. */
  replaceToken(userId: number, role: 'student' | 'tutor', tokenHash: string, now: Date): Promise<CalendarFeed> {
    const values = { role, tokenHash, createdAt: now, revokedAt: null };
    return this.prisma.calendarFeed.upsert({ where: { userId }, create: { userId, ...values }, update: values });
  }

  async revoke(userId: number, now: Date): Promise<void> {
    await this.prisma.calendarFeed.updateMany({
      where: { userId, revokedAt: null },
      data: { tokenHash: null, revokedAt: now },
    });
  }

  tutorOfLogin(userId: number): Promise<Tutor | null> {
    return this.prisma.tutor.findUnique({ where: { userId } });
  }

  /** From `since` on, every status: a cancelled booking stays, STATUS:CANCELLED, so calendars drop it. */
  bookings(owner: { studentUserId: number } | { tutorId: number }, since: Date): Promise<Booking[]> {
    return this.prisma.booking.findMany({
      where: { ...owner, preferredDateTime: { gte: since } },
      orderBy: [{ preferredDateTime: 'asc' }, { id: 'asc' }],
      take: FEED_LIMIT,
    });
  }
}
