import { Limits } from '@medtutor/contracts';

export type NoticeKind = 'success' | 'error';

export interface Notice {
  /** New for every notice shown, so a replacement is a new notice to React and to screen readers. */
  readonly id: number;
  readonly kind: NoticeKind;
  readonly title: string;
  readonly description?: string;
}

export interface NoticeStore {
  /** The notice on screen, or null. */
  current(): Notice | null;
  subscribe(listener: () => void): () => void;
  /** Replaces the notice on screen (Limits.maxNotices is 1) and closes the new one after Limits.noticeDurationMs. */
  show(kind: NoticeKind, title: string, description?: string): void;
  close(id: number): void;
  /** Holds the auto-close while the visitor points at or focuses the notice; `resume` runs the time left. */
  pause(id: number): void;
  resume(id: number): void;
}

function createNoticeStore(): NoticeStore {
  let current: Notice | null = null;
  let lastId = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timeLeftMs = 0;
  let timerStartedAt = 0;
  const listeners = new Set<() => void>();

  const publish = (notice: Notice | null) => {
    current = notice;
    for (const listener of listeners) listener();
  };
  const stopTimer = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const startTimer = (id: number) => {
    timerStartedAt = Date.now();
    timer = setTimeout(() => close(id), timeLeftMs);
  };
  const close = (id: number) => {
    if (current?.id !== id) return;
    stopTimer();
    publish(null);
  };

  return {
    current: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    show(kind, title, description) {
      stopTimer();
      lastId += 1;
      timeLeftMs = Limits.noticeDurationMs;
      startTimer(lastId);
      publish({ id: lastId, kind, title, description });
    },
    close,
    pause(id) {
      if (current?.id !== id || timer === undefined) return;
      stopTimer();
      timeLeftMs -= Date.now() - timerStartedAt;
    },
    resume(id) {
      if (current?.id !== id || timer !== undefined) return;
      startTimer(id);
    },
  };
}

const storeKey = Symbol.for('medtutor.notices');

/**
 * The shell and every remote bundle their own copy of web-kit, yet a remote's notice must replace the
 * shell's and show in the shell's viewport: the store lives on globalThis, made by whichever copy runs first.
 */
export function noticeStore(): NoticeStore {
  const scope = globalThis as typeof globalThis & { [storeKey]?: NoticeStore };
  scope[storeKey] ??= createNoticeStore();
  return scope[storeKey];
}
