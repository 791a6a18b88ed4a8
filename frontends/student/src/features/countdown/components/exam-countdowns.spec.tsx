/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ExamCountdowns } from './exam-countdowns';

/** The component under a controlled clock: local times, as the dashboard counts in the viewer's zone. */
function renderAt(now: Date, subject: 'Medical School Interviews' | 'UCAT' = 'Medical School Interviews') {
  jest.useFakeTimers({ now });
  render(<ExamCountdowns groups={[{ subject, examDate: '2027-06-10', hoursLeft: 5 }]} />);
  return screen.getByTestId('exam-countdown');
}

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('ExamCountdowns', () => {
  it('counts days, hours, minutes and seconds above a day, ticking every second', () => {
    const countdown = renderAt(new Date(2027, 5, 7, 13, 45, 30));
    expect(countdown.textContent).toBe('2 days 10 hours 14 minutes 30 seconds');

    act(() => jest.advanceTimersByTime(1000));
    expect(countdown.textContent).toBe('2 days 10 hours 14 minutes 29 seconds');
    act(() => jest.advanceTimersByTime(60_000));
    expect(countdown.textContent).toBe('2 days 10 hours 13 minutes 29 seconds');
  });

  it('shows hours under a day', () => {
    expect(renderAt(new Date(2027, 5, 9, 14, 30)).textContent).toBe('10 hours to go');
  });

  it('wishes luck on the exam day', () => {
    expect(renderAt(new Date(2027, 5, 10, 9, 0)).textContent).toBe('exam is today. Good luck!');
  });

  it('says the exam has passed after the day', () => {
    expect(renderAt(new Date(2027, 5, 11, 0, 0, 1)).textContent).toBe('exam has passed');
  });

  it('moves from hours to the exam day as midnight passes', () => {
    const countdown = renderAt(new Date(2027, 5, 9, 23, 59, 59));
    expect(countdown.textContent).toBe('1 hour to go');
    act(() => jest.advanceTimersByTime(1000));
    expect(countdown.textContent).toBe('exam is today. Good luck!');
  });

  it('shows the red unavailable banner for UCAT only', () => {
    renderAt(new Date(2027, 5, 1), 'UCAT');
    expect(screen.getByRole('alert').textContent).toContain('Subject Currently Unavailable');
    cleanup();
    renderAt(new Date(2027, 5, 1));
    expect(screen.queryByText('Subject Currently Unavailable')).toBeNull();
  });

  it('shows the hours forecast beside the countdown', () => {
    // 5.9 weeks before the exam day: 5 hours ÷ 5.9 weeks, rounded up to the half hour.
    renderAt(new Date(2027, 3, 29, 12, 0));
    expect(screen.getByTestId('hours-forecast').textContent).toBe(
      'About 1 hour a week uses your 5 hours over the 5 weeks before the exam.',
    );
  });
});
