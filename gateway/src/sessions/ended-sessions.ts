import type { Request } from 'express';
import type { SessionEndReason } from './session-data.js';

/**
 * Requests whose session the gateway has just ended, and why: the request goes on as a visitor's,
 * and a route that needs a signed-in user answers 401 with the reason's message instead of the
 * generic one, so a dismissed tutor is told they were dismissed.
 */
const ended = new WeakMap<Request, SessionEndReason>();

export const markSessionEnded = (req: Request, reason: SessionEndReason): void => void ended.set(req, reason);

export const sessionEndedBecause = (req: Request): SessionEndReason | undefined => ended.get(req);
