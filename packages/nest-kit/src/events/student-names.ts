import { ErasedStudentName, type StudentNameChangedV1 } from '@medtutor/contracts';
import type { RawSqlExecutor } from './prisma-like.js';

/** The slice of a Prisma client that reads rows with raw SQL. */
export interface RawSqlQuerier {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
}

/*
 * The `student_names` read model that tutoring and payroll each keep in their own database from
 * identity.student_name_changed.v1 (issue 25): one statement each, shared so the two services apply
 * the version rule the same way. Each service's schema.prisma declares the table (`StudentName`).
 */

/** Applies a name unless this version or a later one is known already (events arrive in any order). */
export async function recordStudentName(tx: RawSqlExecutor, student: StudentNameChangedV1): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO student_names (user_id, name, version, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, version = EXCLUDED.version, updated_at = now()
     WHERE student_names.version < EXCLUDED.version`,
    student.userId,
    student.name,
    student.version,
  );
}

/** Above any version identity can reach: a name event arriving after the erasure changes nothing. */
const ERASED_VERSION = 2_147_483_647;

/**
 * The student's account was erased (identity.user_erased.v1, issue 26): the name is replaced for
 * good by a tombstone (no personal data, just "Erased student"), whatever version arrives later,
 * so timesheet lines and package lists still read sensibly without naming anyone.
 */
export async function eraseStudentName(tx: RawSqlExecutor, userId: number): Promise<void> {
  await tx.$executeRawUnsafe(
    `INSERT INTO student_names (user_id, name, version, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id) DO UPDATE SET name = EXCLUDED.name, version = EXCLUDED.version, updated_at = now()`,
    userId,
    ErasedStudentName,
    ERASED_VERSION,
  );
}

/** The names known of these users; a user not heard of yet is absent from the map. */
export async function studentNamesOf(db: RawSqlQuerier, userIds: readonly number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db.$queryRawUnsafe<Array<{ user_id: number; name: string }>>(
    'SELECT user_id, name FROM student_names WHERE user_id = ANY($1::int[])',
    [...new Set(userIds)],
  );
  return new Map(rows.map((row) => [row.user_id, row.name]));
}
