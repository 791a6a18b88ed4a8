import { ServerMessages } from '@medtutor/contracts';
import { serverMessage } from './api-client.js';
import { noticeStore } from './notice-store.js';

export interface NoticeApi {
  success(title: string, description?: string): void;
  /** Shows the server's message when the error carries one, otherwise `fallback`. */
  error(title: string, error: unknown, fallback?: string): void;
}

/**
 * The one place where outcomes become notices, shown by the shell's NoticeViewport for 5 s (Limits),
 * one at a time: a new notice replaces the one on screen. Failures are painted in the error colours
 * so they read as destructive.
 */
const notices: NoticeApi = {
  success: (title, description) => noticeStore().show('success', title, description),
  error: (title, error, fallback = ServerMessages.internal) =>
    noticeStore().show('error', title, serverMessage(error) ?? fallback),
};

/** A hook, as it was when notices came from antd's App context: the call sites stay as they are. */
export const useNotices = (): NoticeApi => notices;
