import { defineConfig } from 'prisma/config';

// `prisma generate` needs no database; a placeholder keeps it working when the variable is unset.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.TUTORING_DATABASE_URL ?? 'postgresql://placeholder' },
});
