/** @jest-environment jsdom */
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { CalendarFeedDto } from '@medtutor/contracts';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { installMatchMedia, installResizeObserver } from '@medtutor/web-kit/testing/jsdom';
import { fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { CalendarFeedCard } from './calendar-feed-card';

const fetchMock = mockFetchPerTest();
const feedUrl = `https://medpath.example/api/calendar/${'b'.repeat(43)}.ics`;

beforeAll(() => {
  installMatchMedia();
  installResizeObserver();
});

const renderCard = (feed: CalendarFeedDto) => {
  fetchMock.mockResolvedValueOnce(jsonReply(feed));
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CalendarFeedCard />
    </SWRConfig>,
  );
};

describe("the tutor portal's calendar feed", () => {
  it('shows a new link once, copyable, with a webcal: link to subscribe', async () => {
    renderCard({ active: false, createdAt: null, url: null });
    fetchMock.mockResolvedValueOnce(jsonReply({ active: true, createdAt: '2026-12-03T10:00:00.000Z', url: feedUrl }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create calendar link' }));
    expect(await screen.findByText(feedUrl)).toBeTruthy();
    expect(screen.getByRole('button', { name: /copy/i })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(
      `webcal://medpath.example/api/calendar/${'b'.repeat(43)}.ics`,
    );
  });

  it('asks before replacing an active link, since the old one stops working', async () => {
    renderCard({ active: true, createdAt: '2026-12-03T10:00:00.000Z', url: null });
    expect(await screen.findByText('Your private calendar link has been on since 3 December 2026.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create a new link' }));
    expect(await screen.findByText('A new link stops the old one working.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
