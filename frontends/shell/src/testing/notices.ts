import { afterEach } from '@jest/globals';

/**
 * For every test of the calling file: the notice left on screen (web-kit keeps one, app-wide, for
 * 5 s) is closed after each test, so the next test sees only its own.
 */
export function closeNoticesAfterEach(): void {
  afterEach(() => {
    document.querySelector<HTMLButtonElement>('.notice__close')?.click();
  });
}
