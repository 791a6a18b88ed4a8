import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HealthSubjects, type ServiceName } from '@medtutor/contracts';
import {
  createTestDatabase,
  type ServiceProcess,
  sql,
  startServiceProcess,
  type TestDatabase,
  testActorKeys,
} from '@medtutor/nest-kit/testing';

/**
 * Real services for the gateway's integration tests. The gateway may not import service code
 * (.dependency-cruiser.cjs), so they run from their builds as processes and are reached through
 * NATS, the gateway's routes, or their databases.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** A fresh database with `service`'s migrations applied. */
export function serviceDatabase(service: ServiceName, label: string): Promise<TestDatabase> {
  return createTestDatabase(label, join(REPO, 'services', service, 'prisma/migrations'));
}

/** The file a service's build starts from. */
export const serviceEntry = (service: ServiceName): string => join(REPO, 'services', service, 'dist/main.js');

/** `service`'s build (`npm run build -w services/<name>`) on `natsUrl`, once it answers its health check. */
export function startBuiltService(
  service: ServiceName,
  natsUrl: string,
  env: Record<string, string>,
): Promise<ServiceProcess> {
  return startServiceProcess({
    entry: serviceEntry(service),
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      NATS_URL: natsUrl,
      ACTOR_VERIFY_KEYS: testActorKeys.env.ACTOR_VERIFY_KEYS,
      ...env,
    },
    natsUrl,
    healthSubject: HealthSubjects[service],
  });
}

/**
 * A package in tutoring's database as the payment consumer creates it (no route makes one): all the
 * hours it was bought with, none taken back by a refund.
 */
export async function insertPackage(
  tutoringDb: TestDatabase,
  userId: number,
  totalHours = 5,
  subject = 'Medical School Interviews',
): Promise<number> {
  const [row] = await sql<{ id: number }>(
    tutoringDb,
    `INSERT INTO user_sessions
       (user_id, subject, package_name, total_hours, original_hours, used_hours, purchase_date, updated_at)
     VALUES ($1, $2, $3, $4, $4, 0, now(), now()) RETURNING id`,
    [userId, subject, `${totalHours}-hour package`, totalHours],
  );
  return row!.id;
}
