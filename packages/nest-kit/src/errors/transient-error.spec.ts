import { describe, expect, it } from '@jest/globals';
import { isTransientError } from './transient-error.js';

/**
 * Prisma 7 with @prisma/adapter-pg, as recorded from the services' clients: the driver adapter's
 * error travels in `meta.driverAdapterError.cause` (the real-database cases are in
 * test/transient-error.int-spec.ts).
 */
const prismaError = (code: string, cause: Record<string, unknown>) =>
  Object.assign(new Error('Invalid `prisma.$queryRawUnsafe()` invocation'), {
    name: 'PrismaClientKnownRequestError',
    code,
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause } },
  });

describe('isTransientError with Prisma errors', () => {
  it('treats an unreachable database, a dropped connection and a write conflict as transient', () => {
    expect(isTransientError(prismaError('P2010', { kind: 'DatabaseNotReachable', host: 'db', port: 5432 }))).toBe(true);
    expect(isTransientError(prismaError('P1001', { kind: 'DatabaseNotReachable' }))).toBe(true);
    expect(isTransientError(prismaError('P2010', { kind: 'postgres', originalCode: '57P01', code: '57P01' }))).toBe(
      true,
    );
    expect(isTransientError(prismaError('P2010', { kind: 'ConnectionClosed' }))).toBe(true);
    expect(isTransientError(prismaError('P2034', { kind: 'TransactionWriteConflict' }))).toBe(true);
    expect(isTransientError(Object.assign(new Error('Timed out fetching a new connection'), { code: 'P2024' }))).toBe(
      true,
    );
  });

  it('treats a broken query or constraint as permanent', () => {
    expect(isTransientError(prismaError('P2010', { kind: 'postgres', originalCode: '22012', code: '22012' }))).toBe(
      false,
    );
    expect(isTransientError(prismaError('P2010', { kind: 'TableDoesNotExist', table: 'x' }))).toBe(false);
    expect(isTransientError(prismaError('P2002', { kind: 'UniqueConstraintViolation' }))).toBe(false);
    expect(isTransientError(Object.assign(new Error('Record not found'), { code: 'P2025' }))).toBe(false);
  });
});
