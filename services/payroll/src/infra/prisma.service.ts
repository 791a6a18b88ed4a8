import { prismaService } from '@medtutor/nest-kit';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

/** The one Prisma client of the process; repositories are its only users. It connects on first use. */
export class PrismaService extends prismaService(PrismaClient, PrismaPg) {}
