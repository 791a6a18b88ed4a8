import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { loadConfig, NodeEnvSchema } from '../config/load-config.js';
import { checkMailEnv, mailConfig, mailEnvShape } from './mail-config.js';

const schema = z
  .object({ NODE_ENV: NodeEnvSchema, ...mailEnvShape })
  .superRefine(checkMailEnv)
  .transform((env) => mailConfig(env));
const MAIL_FROM = 'MedPath <no-reply@medpath.example.com>';
const load = (env: Record<string, string>) => loadConfig(schema, { MAIL_FROM, ...env });
const inProduction = (SMTP_URL: string) => load({ NODE_ENV: 'production', SMTP_URL });

describe('mail configuration', () => {
  it('accepts implicit TLS or mandatory STARTTLS in production', () => {
    for (const url of [
      'smtps://user:secret@smtp.example.com:465',
      'smtps://user:secret@smtp.example.com',
      'smtp://user:secret@smtp.example.com:587?requireTLS=true',
      'smtp://user:secret@smtp.example.com:465?secure=true',
    ]) {
      expect(inProduction(url).transport).toEqual({ kind: 'smtp', url });
    }
  });

  it('stops a production start on an SMTP URL that a STARTTLS strip downgrades to clear text', () => {
    // The attack: a man in the middle removes STARTTLS from the server's greeting, and a plain
    // smtp:// transport sends the password-reset link (and the relay password) unencrypted.
    expect(() => inProduction('smtp://user:secret@smtp.example.com:587')).toThrow(
      'SMTP_URL: must use TLS in production: an smtps:// URL (port 465), or smtp://…:587?requireTLS=true for STARTTLS',
    );
    expect(() => inProduction('smtp://user:secret@smtp.example.com:587?requireTLS=false')).toThrow(
      'SMTP_URL: must use TLS in production',
    );
    expect(() => inProduction('smtps://user:secret@smtp.example.com:465?secure=false')).toThrow(
      'SMTP_URL: must use TLS in production',
    );
    expect(() => inProduction('smtp://user:secret@smtp.example.com:587?requireTLS=true&ignoreTLS=true')).toThrow(
      'SMTP_URL: must not skip TLS in production: remove ignoreTLS=true',
    );
    expect(() => inProduction('smtps://user:secret@smtp.example.com:465?tls.rejectUnauthorized=false')).toThrow(
      'SMTP_URL: must verify the server certificate in production: remove tls.rejectUnauthorized=false',
    );
  });

  it('never repeats the URL, which carries the relay password, in its message', () => {
    let message = '';
    try {
      inProduction('smtp://user:relayPassword@smtp.example.com:587');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('SMTP_URL');
    expect(message).not.toContain('relayPassword');
  });

  it('still requires SMTP_URL in production, and lets local runs use a plain relay or the folder', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow('SMTP_URL: is required in production');
    expect(load({ NODE_ENV: 'development', SMTP_URL: 'smtp://mailpit:1025' }).transport).toEqual({
      kind: 'smtp',
      url: 'smtp://mailpit:1025',
    });
    expect(load({ NODE_ENV: 'test', SMTP_URL: '' }).transport.kind).toBe('folder');
  });
});
