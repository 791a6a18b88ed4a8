import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type Actor,
  CalendarFeedDaysBack,
  type CalendarFeedDto,
  CalendarFeedMessages,
  type CalendarFeedReply,
  ErrorCodes,
} from '@medtutor/contracts';
import { DomainError, requireRole } from '@medtutor/nest-kit';
import { Clock } from '../../infra/clock.js';
import { BookingNotices } from '../calendar/booking-notices.js';
import { tutorDeactivated, tutorNotFound } from '../shared/tutoring.errors.js';
import { CalendarFeedsRepository } from './calendar-feeds.repository.js';

const DAY = 86_400_000;

/** 256 random bits, URL-safe: 43 characters. */
const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenHashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Unknown, revoked, or its owner no longer a tutor: the same answer, no hint which. */
const feedNotFound = () => new DomainError(ErrorCodes.notFound, CalendarFeedMessages.notFound);

/**
 * Private calendar feeds (issue 25): one per student or tutor, its token stored only as a SHA-256,
 * revocable and replaceable. The feed lists the owner's bookings (a student's own, a tutor's as
 * tutor) from 30 days back, as the owner's side sees them.
 */
@Injectable()
export class CalendarFeedsService {
  constructor(
    private readonly feeds: CalendarFeedsRepository,
    private readonly notices: BookingNotices,
    private readonly clock: Clock,
  ) {}

  async calendar(token: string): Promise<CalendarFeedReply> {
    const feed = await this.feeds.findActive(tokenHashOf(token));
    if (!feed) throw feedNotFound();
    const since = new Date(this.clock.now() - CalendarFeedDaysBack * DAY);
    if (feed.role === 'tutor') {
      const tutor = await this.feeds.tutorOfLogin(feed.userId);
      // A deactivated tutor's feed stops with their access.
      if (!tutor?.active) throw feedNotFound();
      return { calendar: this.notices.feed(await this.feeds.bookings({ tutorId: tutor.id }, since), 'tutor') };
    }
    return {
      calendar: this.notices.feed(await this.feeds.bookings({ studentUserId: feed.userId }, since), 'student'),
    };
  }

  async mine(actor: Actor | null): Promise<CalendarFeedDto> {
    const owner = requireRole(actor, 'student', 'tutor');
    const feed = await this.feeds.ofUser(owner.userId);
    const active = Boolean(feed?.tokenHash && !feed.revokedAt);
    return { active, createdAt: active ? feed!.createdAt.toISOString() : null, url: null };
  }

  /** A new URL; the previous one, if any, stops working. */
  async rotate(actor: Actor | null): Promise<CalendarFeedDto> {
    const owner = requireRole(actor, 'student', 'tutor');
    if (owner.role === 'tutor') {
      const tutor = await this.feeds.tutorOfLogin(owner.userId);
      if (!tutor) throw tutorNotFound();
      if (!tutor.active) throw tutorDeactivated();
    }
    const token = newToken();
    const feed = await this.feeds.replaceToken(
      owner.userId,
      owner.role,
      tokenHashOf(token),
      new Date(this.clock.now()),
    );
    return { active: true, createdAt: feed.createdAt.toISOString(), url: this.notices.feedUrl(token) };
  }

  async revoke(actor: Actor | null): Promise<CalendarFeedDto> {
    const owner = requireRole(actor, 'student', 'tutor');
    await this.feeds.revoke(owner.userId, new Date(this.clock.now()));
    return { active: false, createdAt: null, url: null };
  }
}
