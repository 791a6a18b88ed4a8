import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * The two outside services the platform talks to, small enough to own here (the gateway's tests may
 * not import the services' test code): an SMTP server that keeps every message, and a Stripe API
 * stand-in for PaymentIntents that hands out client secrets like Stripe's.
 */

export interface MailSink {
  /** SMTP_URL for nodemailer; the listener offers no TLS. */
  url: string;
  /** Each message as received, headers and body, soft line breaks undone. */
  messages: string[];
  close(): Promise<void>;
}

/** Just enough SMTP for nodemailer: greeting, EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
export async function startMailSink(): Promise<MailSink> {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          // Quoted-printable soft breaks and escapes, so a long link reads as one string.
          messages.push(
            buffer
              .slice(0, end)
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          );
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
}

export interface StripeStandIn {
  url: string;
  intents: Map<string, Intent>;
  close(): Promise<void>;
}

/** PaymentIntents create, retrieve and cancel, form-encoded in, JSON out, like api.stripe.com. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, Intent>();
  const reply = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
    });
    res.end(JSON.stringify(body));
  };
  const server = createHttpServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: Intent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
        currency: form.currency ?? 'gbp',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
        ),
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      return reply(res, 200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(\/cancel)?$/.exec(path);
    const intent = match ? intents.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!intent)
      return reply(res, 404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
    if (match?.[2]) intent.status = 'canceled';
    return reply(res, 200, intent);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
