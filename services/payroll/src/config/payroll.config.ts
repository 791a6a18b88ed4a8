import { actorVerifyEnvShape, loadConfig, serviceEnvSchema, serviceRuntime } from '@medtutor/nest-kit';
import type { z } from 'zod';

/** Nest injection token for the parsed `PayrollConfig`. */
export const PAYROLL_CONFIG = Symbol('PAYROLL_CONFIG');

export const PayrollEnvSchema = serviceEnvSchema('PAYROLL_DATABASE_URL')
  .extend(actorVerifyEnvShape)
  .transform((env, ctx) => serviceRuntime(env, ctx, { variable: 'PAYROLL_DATABASE_URL', leases: 0 }));

export type PayrollConfig = z.output<typeof PayrollEnvSchema>;

export const loadPayrollConfig = (env: NodeJS.ProcessEnv = process.env): PayrollConfig =>
  loadConfig(PayrollEnvSchema, env);
