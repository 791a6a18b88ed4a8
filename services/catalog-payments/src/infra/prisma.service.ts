import { prismaService } from '@medtutor/nest-kit';
import { PrismaPg } from '@prisma/adapter-pg';
import { type Prisma, PrismaClient } from '../generated/prisma/client.js';

/** The one Prisma client of the process; repositories are its only users. It connects on first use. */
export class PrismaService extends prismaService(PrismaClient, PrismaPg) {}

/** The client or a transaction on it: repository methods take either, so callers choose the transaction. */
export type Db = PrismaClient | Prisma.TransactionClient;
