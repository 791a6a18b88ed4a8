/** @jest-environment jsdom */
import { describe, expect, it } from '@jest/globals';
import type { CalendarFeedDto } from '@medtutor/contracts';
import { jsonReply, mockFetchPerTest } from '@medtutor/web-kit/testing/fetch';
import { fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { CalendarFeedCard } from './calendar-feed-card';

const fetchMock = mockFetchPerTest();
const feedUrl = `https://medpath.example/api/calendar/${'a'.repeat(43)}.ics`;
const off: CalendarFeedDto = { active: false, createdAt: null, url: null };
const on: CalendarFeedDto = { active: true, createdAt: '2026-12-03T10:00:00.000Z', url: null };

const renderCard = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <CalendarFeedCard />
    </SWRConfig>,
  );
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('CalendarFeedCard', () => {
  it('makes a link on request and shows it once, with a webcal: link for calendar apps', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply(off)).mockResolvedValueOnce(jsonReply({ ...on, url: feedUrl }));
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Create calendar link' }));
    const link = await screen.findByLabelText<HTMLInputElement>('Your private calendar link');
    expect(link.value).toBe(feedUrl);
    expect(screen.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(
      `webcal://medpath.example/api/calendar/${'a'.repeat(43)}.ics`,
    );
    expect(screen.getByText(/anyone who has it can see your sessions/)).toBeTruthy();
    expect(calls()).toEqual(['GET /api/me/calendar-feed', 'POST /api/me/calendar-feed/rotate']);
  });

  it('says since when an active feed has been on (its URL is not kept) and turns it off', async () => {
    fetchMock.mockResolvedValueOnce(jsonReply(on)).mockResolvedValueOnce(jsonReply(off));
    renderCard();
    expect(await screen.findByText('Your private calendar link has been on since 3 December 2026.')).toBeTruthy();
    expect(screen.queryByLabelText('Your private calendar link')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create calendar link' })).toBeTruthy();
    expect(calls()).toEqual(['GET /api/me/calendar-feed', 'DELETE /api/me/calendar-feed']);
  });
});
