import { schemaWithKits } from '@medtutor/nest-kit/prisma';
import { defineConfig } from 'prisma/config';

// `prisma generate` needs no database; a placeholder keeps it working when the variable is unset.
export default defineConfig({
  // Prisma's multi-file schema: prisma/schema.prisma and the kits' models, one source in nest-kit.
  schema: schemaWithKits(`${import.meta.dirname}/prisma`, ['event-kit', 'mail-kit']),
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.TUTORING_DATABASE_URL ?? 'postgresql://placeholder' },
});
