import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers and MIME body. */
  raw: string;
}

export interface SmtpSink {
  /** An SMTP_URL for nodemailer; the loopback listener offers no TLS. */
  url: string;
  received: ReceivedMail[];
  /** Messages whose data transfer has begun. */
  started: () => number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives, refuses recipients matching `reject`,
 * and waits `acceptDelayMs` before accepting each message.
 */
export async function startSmtpSink(options: { reject?: RegExp; acceptDelayMs?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let started = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(options.reject?.test(address.address) ? new Error('550 mailbox unavailable') : null);
    },
    onData(stream, session, callback) {
      started += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        setTimeout(() => callback(), options.acceptDelayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    received,
    started: () => started,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable (soft line breaks, `=XX`), which nodemailer uses for long text lines. */
export const decodeQuotedPrintable = (raw: string): string =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
