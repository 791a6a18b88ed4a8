import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailConfig } from './mail-config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Bounded so one stuck SMTP server cannot hold a relay claim past its lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

class SmtpTransport implements MailTransport {
  private readonly transporter;

  constructor(url: string, from: string) {
    // Options in the URL's query string (e.g. ?ignoreTLS=true) take precedence over these defaults.
    this.transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }, { from });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail(message);
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Local runs without an SMTP server: each message becomes a JSON file, and its links are logged,
 * so a developer (or a browser test) can follow a reset link.
 */
class FolderTransport implements MailTransport {
  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const createdAt = new Date().toISOString();
    // Colons are not portable in file names; the name still sorts by time.
    const name = `${createdAt.replace(/:/g, '-')}-${randomBytes(4).toString('hex')}.json`;
    const body = JSON.stringify(
      { to: message.to, subject: message.subject, text: message.text, html: message.html, createdAt },
      null,
      2,
    );
    await mkdir(this.dir, { recursive: true });
    // Write then rename, so a reader polling the folder never sees half a file.
    const temporary = join(this.dir, `.${name}.tmp`);
    await writeFile(temporary, body, { mode: 0o600 });
    await rename(temporary, join(this.dir, name));
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.logger.info(
      { file: join(this.dir, name), to: message.to },
      `local mail outbox: "${message.subject}" ${links.join(' ')}`.trim(),
    );
  }

  close(): void {}
}

/** Sends mail through SMTP when SMTP_URL is set, otherwise into the local mail-outbox folder. */
export class Mailer {
  private readonly transport: MailTransport;

  constructor({ transport, from }: MailConfig, logger: Logger) {
    this.transport =
      transport.kind === 'smtp' ? new SmtpTransport(transport.url, from) : new FolderTransport(transport.dir, logger);
  }

  send(message: MailMessage): Promise<void> {
    return this.transport.send(message);
  }

  close(): void {
    this.transport.close();
  }
}
