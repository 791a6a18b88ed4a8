import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailConfig } from './mail-config.js';

/** A file sent with an email; text only (a calendar invitation), kept in the outbox as JSON. */
export interface MailAttachment {
  filename: string;
  /** The MIME type with its parameters, e.g. `text/calendar; method=REQUEST`. */
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** `text/calendar; method=REQUEST` → `REQUEST`; undefined for anything that is not an iTIP calendar. */
const calendarMethodOf = (contentType: string): string | undefined => {
  const [type, ...parameters] = contentType.split(';').map((part) => part.trim());
  if (type?.toLowerCase() !== 'text/calendar') return undefined;
  const method = parameters.find((parameter) => /^method=/i.test(parameter));
  return method?.slice('method='.length).replace(/^"|"$/g, '').toUpperCase() || undefined;
};

/**
 * The message as nodemailer takes it. The first calendar attachment with a METHOD becomes nodemailer's
 * `icalEvent`: sent both as a `text/calendar; method=…` alternative and as an .ics attachment, the
 * shape Gmail, Outlook and Apple Mail read as an invitation with Accept/Decline (or a cancellation).
 * Other attachments stay plain attachments.
 */
export function nodemailerMessage(message: MailMessage): SendMailOptions {
  const { attachments = [], ...rest } = message;
  const invitation = attachments.find((attachment) => calendarMethodOf(attachment.contentType));
  const others = attachments.filter((attachment) => attachment !== invitation);
  return {
    ...rest,
    ...(invitation
      ? {
          icalEvent: {
            method: calendarMethodOf(invitation.contentType),
            filename: invitation.filename,
            content: invitation.content,
          },
        }
      : {}),
    ...(others.length
      ? { attachments: others.map(({ filename, contentType, content }) => ({ filename, contentType, content })) }
      : {}),
  };
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
    await this.transporter.sendMail(nodemailerMessage(message));
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * Local runs without an SMTP server: each message becomes a JSON file, whose path is logged, so a
 * developer (or a browser test) can open it and follow a reset link.
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
      {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        createdAt,
      },
      null,
      2,
    );
    await mkdir(this.dir, { recursive: true });
    // Write then rename, so a reader polling the folder never sees half a file.
    const temporary = join(this.dir, `.${name}.tmp`);
    await writeFile(temporary, body, { mode: 0o600 });
    await rename(temporary, join(this.dir, name));
    // Where to read it; not its links, which hold live tokens that logs redact in every environment,
    // nor its recipient (no personal data in logs, even locally).
    this.logger.info({ file: join(this.dir, name) }, `local mail outbox: "${message.subject}"`);
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
