import { afterEach } from '@jest/globals';
import { screen } from '@testing-library/react';

/** web-kit's notice store, which lives on globalThis under this key (web-kit's notice-store.ts). */
interface NoticeStore {
  current(): { id: number } | null;
  close(id: number): void;
}
const noticeStore = () =>
  (globalThis as typeof globalThis & Record<symbol, NoticeStore | undefined>)[Symbol.for('medtutor.notices')];

/**
 * For every test of the calling file: the notice left on screen (web-kit keeps one, app-wide, for
 * 5 s) is closed after each test, so the next test sees only its own.
 */
export function closeNoticesAfterEach(): void {
  afterEach(() => {
    const notice = noticeStore()?.current();
    if (notice) noticeStore()?.close(notice.id);
  });
}

/**
 * The text of the notice titled `title` once it shows, with its role: 'alert' for failures,
 * 'status' for successes (the page may hold other alerts, so it is found by its title).
 */
export async function findNotice(title: string): Promise<{ role: string | null; text: string | null }> {
  const notice = (await screen.findByText(title, { selector: '.notice__title' })).closest('.notice');
  return { role: notice?.getAttribute('role') ?? null, text: notice?.textContent ?? null };
}
