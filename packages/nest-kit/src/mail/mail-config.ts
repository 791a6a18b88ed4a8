import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// src/mail and dist/mail both sit four levels below the repository root.
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEFAULT_MAIL_OUTBOX_DIR = resolve(REPO_ROOT, '.var/mail-outbox');

/** `SMTP_URL=` in an env file means "not set", not "invalid". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The variables of every service that sends email; spread into the service's env schema. */
export const mailEnvShape = {
  /** e.g. smtps://user:pass@smtp.example.com; nodemailer options may ride in the query string. */
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: z.string().trim().min(1, 'is required (e.g. "MedPath Tutoring <no-reply@example.com>")'),
  MAIL_OUTBOX_DIR: optional(z.string()),
};

type MailEnv = {
  NODE_ENV: string;
  SMTP_URL?: string | undefined;
  MAIL_FROM: string;
  MAIL_OUTBOX_DIR?: string | undefined;
};

export type MailTransportConfig = { kind: 'smtp'; url: string } | { kind: 'folder'; dir: string };
export interface MailConfig {
  from: string;
  transport: MailTransportConfig;
}

/**
 * Why an SMTP URL would let mail travel in clear text (undefined: it will not). Implicit TLS
 * (`smtps://`, or `secure=true`) or STARTTLS made mandatory (`?requireTLS=true`: nodemailer then
 * refuses a server that does not offer it). A plain `smtp://` only upgrades when the server offers
 * STARTTLS, and an attacker on the path strips that offer, then reads every password-reset link.
 * A certificate nobody checks (`tls.rejectUnauthorized=false`) is no better against that attacker.
 */
export function smtpTlsProblem(smtpUrl: string): string | undefined {
  if (!URL.canParse(smtpUrl)) return undefined; // the schema reports the URL itself
  const url = new URL(smtpUrl);
  const query = url.searchParams;
  if (query.get('tls.rejectUnauthorized') === 'false')
    return 'must verify the server certificate in production: remove tls.rejectUnauthorized=false';
  if (query.get('ignoreTLS') === 'true') return 'must not skip TLS in production: remove ignoreTLS=true';
  const implicitTls = url.protocol === 'smtps:' ? query.get('secure') !== 'false' : query.get('secure') === 'true';
  if (implicitTls || query.get('requireTLS') === 'true') return undefined;
  return 'must use TLS in production: an smtps:// URL (port 465), or smtp://…:587?requireTLS=true for STARTTLS';
}

/**
 * For the env schema's superRefine: production sends real mail, never into a local folder, and
 * never over a connection that can fall back to clear text.
 */
export function checkMailEnv(env: MailEnv, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV !== 'production') return;
  if (!env.SMTP_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_URL'],
      message: 'is required in production (the mail-outbox folder is for local runs)',
    });
    return;
  }
  const problem = smtpTlsProblem(env.SMTP_URL);
  if (problem) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: problem });
}

/** SMTP when SMTP_URL is set; otherwise the local mail-outbox folder (MAIL_OUTBOX_DIR or .var/mail-outbox). */
export const mailConfig = (env: MailEnv): MailConfig => ({
  from: env.MAIL_FROM,
  transport: env.SMTP_URL
    ? { kind: 'smtp', url: env.SMTP_URL }
    : { kind: 'folder', dir: resolve(env.MAIL_OUTBOX_DIR ?? DEFAULT_MAIL_OUTBOX_DIR) },
});
