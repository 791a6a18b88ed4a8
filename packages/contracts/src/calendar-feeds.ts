import { z } from './zod.js';

/**
 * Issue 25: private calendar feeds. A feed's URL holds a 256-bit random token (base64url, 43
 * characters); tutoring keeps only its SHA-256, so the URL is shown once, when it is made, and a
 * lost one is replaced by rotating.
 */
export const CalendarFeedTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** `GET /api/calendar/{token}.ics` as the gateway forwards it (no session: calendar apps fetch it). */
export const CalendarFeedRequestSchema = z.object({ token: z.string().regex(CalendarFeedTokenPattern) });
export type CalendarFeedRequest = z.infer<typeof CalendarFeedRequestSchema>;

export const CalendarFeedReplySchema = z.object({ calendar: z.string() });
export type CalendarFeedReply = z.infer<typeof CalendarFeedReplySchema>;

/** The signed-in user's feed: whether one is active, since when, and its URL only in the reply that made it. */
export const CalendarFeedDtoSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  /** Set only by POST /api/me/calendar-feed/rotate: the token is not kept, so it cannot be shown again. */
  url: z.string().nullable(),
});
export type CalendarFeedDto = z.infer<typeof CalendarFeedDtoSchema>;

/** Feeds list bookings from this many days back; everything ahead. */
export const CalendarFeedDaysBack = 30;
/** How long calendar apps and proxies may reuse a feed (Cache-Control: private, max-age). */
export const CalendarFeedMaxAgeSeconds = 300;

export const CalendarFeedMessages = {
  notFound: 'Calendar not found',
} as const;
