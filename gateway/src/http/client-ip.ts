import type { Request } from 'express';

/** The caller's address; behind an ingress this relies on `trust proxy` (TRUST_PROXY). */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';
