/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Limits } from '@medtutor/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type NoticeStore } from './notice-store.js';
import { NoticeViewport } from './notice-viewport.js';
import { useNotices } from './notices.js';

const storeKey = Symbol.for('medtutor.notices');

beforeEach(() => {
  jest.useFakeTimers();
  delete (globalThis as typeof globalThis & { [storeKey]?: NoticeStore })[storeKey];
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const notices = useNotices();
const show = (action: () => void) => act(action);
const shownNotices = () => document.querySelectorAll('.notice');

describe('NoticeViewport', () => {
  it('shows nothing until a notice comes', () => {
    const { container } = render(<NoticeViewport />);
    expect(container.innerHTML).toBe('');
  });

  it('announces a success as a status and a failure as an alert, one at a time', () => {
    render(<NoticeViewport />);
    show(() => notices.success('Saved', 'Your changes are saved.'));
    expect(screen.getByRole('status').textContent).toBe('Saved' + 'Your changes are saved.');

    show(() => notices.error('Refund failed', new Error('offline'), 'Try again'));
    expect(shownNotices()).toHaveLength(1);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Refund failed' + 'Try again');
  });

  it('closes from its Close button', () => {
    render(<NoticeViewport />);
    show(() => notices.success('Saved'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(shownNotices()).toHaveLength(0);
  });

  it('closes by itself, but not while the pointer is on it or focus is in it', () => {
    render(<NoticeViewport />);
    show(() => notices.success('Saved'));
    const viewport = document.querySelector('.notice-viewport') as HTMLElement;

    fireEvent.mouseEnter(viewport);
    act(() => jest.advanceTimersByTime(Limits.noticeDurationMs * 2));
    expect(shownNotices()).toHaveLength(1);

    act(() => screen.getByRole('button', { name: 'Close' }).focus());
    fireEvent.mouseLeave(viewport);
    act(() => jest.advanceTimersByTime(Limits.noticeDurationMs * 2));
    expect(shownNotices()).toHaveLength(1);

    act(() => screen.getByRole('button', { name: 'Close' }).blur());
    act(() => jest.advanceTimersByTime(Limits.noticeDurationMs));
    expect(shownNotices()).toHaveLength(0);
  });

  it('holds a notice that replaces another under the pointer', () => {
    render(<NoticeViewport />);
    show(() => notices.success('Saved'));
    fireEvent.mouseEnter(document.querySelector('.notice-viewport') as HTMLElement);
    show(() => notices.success('Saved again'));
    act(() => jest.advanceTimersByTime(Limits.noticeDurationMs * 2));
    expect(screen.getByRole('status').textContent).toBe('Saved again');
  });
});
