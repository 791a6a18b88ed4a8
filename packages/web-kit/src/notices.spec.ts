import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ErrorCodes, Limits, ServerMessages } from '@medtutor/contracts';
import { ApiError } from './api-client.js';
import { type NoticeStore, noticeStore } from './notice-store.js';
import { useNotices } from './notices.js';

const storeKey = Symbol.for('medtutor.notices');
const globalScope = globalThis as typeof globalThis & { [storeKey]?: NoticeStore };

beforeEach(() => {
  jest.useFakeTimers();
  delete globalScope[storeKey];
});
afterEach(() => {
  jest.useRealTimers();
});

describe('useNotices', () => {
  it('replaces the notice on screen in place, so there is never more than one', () => {
    const notices = useNotices();
    notices.success('Saved');
    const first = noticeStore().current();
    notices.error('Login failed', new Error('offline'));

    expect(noticeStore().current()).toEqual({
      id: expect.any(Number),
      kind: 'error',
      title: 'Login failed',
      description: ServerMessages.internal,
    });
    expect(noticeStore().current()?.id).not.toBe(first?.id);
  });

  it("shows the server's message for a failure that carries one, the fallback otherwise", () => {
    const notices = useNotices();
    const refused = new ApiError(
      401,
      { statusCode: 401, code: ErrorCodes.invalidCredentials, message: ServerMessages.invalidCredentials },
      'Unauthorized',
    );
    notices.error('Login failed', refused, 'Try again');
    expect(noticeStore().current()?.description).toBe(ServerMessages.invalidCredentials);

    notices.error('Login failed', new Error('offline'), 'Try again');
    expect(noticeStore().current()?.description).toBe('Try again');
  });

  it('tells subscribers when a notice comes and goes', () => {
    const listener = jest.fn();
    const unsubscribe = noticeStore().subscribe(listener);
    useNotices().success('Saved');
    noticeStore().close(noticeStore().current()?.id ?? 0);
    unsubscribe();
    useNotices().success('Saved again');

    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('auto-close', () => {
  it(`closes a notice after ${Limits.noticeDurationMs} ms`, () => {
    useNotices().success('Saved');
    jest.advanceTimersByTime(Limits.noticeDurationMs - 1);
    expect(noticeStore().current()?.title).toBe('Saved');
    jest.advanceTimersByTime(1);
    expect(noticeStore().current()).toBeNull();
  });

  it('gives a replacement its full time', () => {
    useNotices().success('Saved');
    jest.advanceTimersByTime(Limits.noticeDurationMs - 1000);
    useNotices().success('Saved again');
    jest.advanceTimersByTime(Limits.noticeDurationMs - 1);
    expect(noticeStore().current()?.title).toBe('Saved again');
    jest.advanceTimersByTime(1);
    expect(noticeStore().current()).toBeNull();
  });

  it('holds while paused and then runs only the time that was left', () => {
    useNotices().success('Saved');
    const { id } = noticeStore().current() ?? { id: 0 };
    jest.advanceTimersByTime(3000);
    noticeStore().pause(id);
    jest.advanceTimersByTime(60_000);
    expect(noticeStore().current()?.id).toBe(id);

    noticeStore().resume(id);
    jest.advanceTimersByTime(Limits.noticeDurationMs - 3000 - 1);
    expect(noticeStore().current()?.id).toBe(id);
    jest.advanceTimersByTime(1);
    expect(noticeStore().current()).toBeNull();
  });

  it('ignores closing or pausing a notice that was already replaced', () => {
    useNotices().success('Saved');
    const replacedId = noticeStore().current()?.id ?? 0;
    useNotices().success('Saved again');
    noticeStore().pause(replacedId);
    noticeStore().close(replacedId);
    expect(noticeStore().current()?.title).toBe('Saved again');
    jest.advanceTimersByTime(Limits.noticeDurationMs);
    expect(noticeStore().current()).toBeNull();
  });
});

describe('one store across module copies', () => {
  it("shows a notice from a remote's copy of web-kit in the shell's store, and replaces the shell's", async () => {
    useNotices().success('Saved by the shell');
    let remoteCopy: { notices: typeof import('./notices.js'); store: typeof import('./notice-store.js') } | undefined;
    await jest.isolateModulesAsync(async () => {
      remoteCopy = { notices: await import('./notices.js'), store: await import('./notice-store.js') };
    });
    if (remoteCopy === undefined) throw new Error('The second copy of web-kit did not load.');
    expect(remoteCopy.notices.useNotices).not.toBe(useNotices);

    remoteCopy.notices.useNotices().error('Refund failed', new Error('offline'));
    expect(noticeStore().current()?.title).toBe('Refund failed');
    expect(remoteCopy.store.noticeStore()).toBe(noticeStore());
  });
});
