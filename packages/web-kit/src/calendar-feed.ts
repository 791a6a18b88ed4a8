import { type CalendarFeedDto, CalendarFeedDtoSchema } from '@medtutor/contracts';
import { useState } from 'react';
import useSWR from 'swr';
import { apiRequest } from './api-client.js';
import { useNotices } from './notices.js';

// The signed-in user's private calendar feed (issue 25), which the student dashboard and the tutor
// portal both offer. Its own entry point, like the package ledger: public pages never load it.

export const calendarFeedKey = '/api/me/calendar-feed';

/** Whether a feed is active and since when; the URL itself is shown only in the reply that made it. */
export const useCalendarFeed = () =>
  useSWR(calendarFeedKey, () => apiRequest('GET', calendarFeedKey, CalendarFeedDtoSchema));

/** A new feed URL; the previous one, if any, stops working at once. */
export const rotateCalendarFeed = (): Promise<CalendarFeedDto> =>
  apiRequest('POST', `${calendarFeedKey}/rotate`, CalendarFeedDtoSchema);

/** Turns the feed off: its URL stops working. */
export const revokeCalendarFeed = (): Promise<CalendarFeedDto> =>
  apiRequest('DELETE', calendarFeedKey, CalendarFeedDtoSchema);

/**
 * The same feed as a webcal: link, which calendar apps on phones and desktops open as a subscription
 * (an https: link would download a one-off copy instead).
 */
export const webcalUrl = (feedUrl: string): string => feedUrl.replace(/^https?:\/\//, 'webcal://');

/** The words of the calendar-feed card, the same in the student dashboard and the tutor portal. */
export const CalendarFeedTexts = {
  title: 'Your sessions in your calendar',
  intro:
    'Subscribe to a private link and your sessions appear in Google Calendar, Apple Calendar or Outlook, ' +
    'and stay up to date when a session is moved or cancelled.',
  create: 'Create calendar link',
  linkLabel: 'Your private calendar link',
  keepPrivate:
    'Keep this link private: anyone who has it can see your sessions. It is shown only now; if you lose it, create a new one.',
  copy: 'Copy link',
  copied: 'Link copied',
  open: 'Open in calendar app',
  activeSince: (date: string) => `Your private calendar link has been on since ${date}.`,
  renew: 'Create a new link',
  renewHelp: 'A new link stops the old one working.',
  turnOff: 'Turn off',
  turnedOff: 'Calendar link turned off',
  failed: 'The calendar link could not be changed',
} as const;

/** "3 December 2026": when the feed was made, as the card says it. */
export const feedDate = (iso: string): string =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/**
 * The card's state and actions, whichever UI draws it: the URL just made (shown once), whether a change
 * is under way, and make / renew, turn off and copy with their notices.
 */
export function useCalendarFeedCard() {
  const feed = useCalendarFeed();
  const notices = useNotices();
  const [madeUrl, setMadeUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (change: () => Promise<CalendarFeedDto>, done?: string) => {
    setBusy(true);
    try {
      const reply = await change();
      // The one-time URL stays on screen only; the cache keeps what GET would say.
      await feed.mutate({ ...reply, url: null }, { revalidate: false });
      setMadeUrl(reply.url);
      if (done) notices.success(done);
    } catch (error) {
      notices.error(CalendarFeedTexts.failed, error);
    } finally {
      setBusy(false);
    }
  };
  return {
    feed: feed.data,
    madeUrl,
    busy,
    /** Since when the feed has been on, when it is on and no new URL is on screen. */
    activeSince: !madeUrl && feed.data?.active && feed.data.createdAt ? feedDate(feed.data.createdAt) : null,
    makeLink: () => void run(rotateCalendarFeed),
    turnOff: () => void run(revokeCalendarFeed, CalendarFeedTexts.turnedOff),
    copy: (url: string) =>
      void navigator.clipboard.writeText(url).then(
        () => notices.success(CalendarFeedTexts.copied),
        (error: unknown) => notices.error(CalendarFeedTexts.failed, error),
      ),
  };
}
