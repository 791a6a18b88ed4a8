import { prismaService } from '@medtutor/nest-kit';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

/**
 * The one Prisma client of the process; repositories are its only users. Unlike the other services'
 * it connects at start, which loads the Wasm query compiler before the first request and fails the
 * start if the database is unreachable.
 */
export class PrismaService extends prismaService(PrismaClient, PrismaPg, { connectOnStart: true }) {}
