import type { Prisma, PrismaClient } from '../generated/prisma/client.js';

/** The client or a transaction on it: repository methods take either, so callers choose the transaction. */
export type Db = PrismaClient | Prisma.TransactionClient;
