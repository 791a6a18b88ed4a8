import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One email as the identity service writes it when SMTP_URL is unset. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The folder the system under test writes to: MAIL_OUTBOX_DIR, default `<repo>/.var/mail-outbox`. */
export const outboxDir = (): string => process.env.MAIL_OUTBOX_DIR ?? path.join(repoRoot, '.var', 'mail-outbox');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readMail(file: string): Promise<OutboxMail | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as OutboxMail;
  } catch {
    // A file still being written, or not one of ours: look again on the next poll.
    return null;
  }
}

/**
 * Waits for the newest email to `to` written at or after `since`. File names start with an ISO
 * timestamp, so sorting them by name sorts them by time.
 */
export async function waitForMail(to: string, since: Date, timeoutMs = 20_000): Promise<OutboxMail> {
  const dir = outboxDir();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .reverse()) {
      const mail = await readMail(path.join(dir, name));
      if (mail && mail.to.toLowerCase() === to.toLowerCase() && new Date(mail.createdAt) >= since) return mail;
    }
    await sleep(250);
  }
  throw new Error(`No email to ${to} appeared in ${dir} within ${timeoutMs} ms.`);
}

/** The reset link in the email text, as a path on the site under test (its origin is PUBLIC_BASE_URL). */
export function resetLinkPath(mail: OutboxMail): string {
  const match = /https?:\/\/\S+\/reset-password\?token=[^\s"'<>]+/.exec(mail.text);
  if (!match) throw new Error(`The email "${mail.subject}" holds no reset link.`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}
