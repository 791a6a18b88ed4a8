import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { type Actor, ErrorCodes, ServerMessages } from '@medtutor/contracts';
import type { ExecutionContext } from '@nestjs/common';
import { SignJWT } from 'jose';
import { pino } from 'pino';
import { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';
import {
  actorKeyId,
  ActorAssertionSigner,
  ActorAssertionVerifier,
  actorSigningEnvShape,
  actorVerifyEnvShape,
  checkActorKeysEnv,
  parseActorSigningKey,
  parseActorVerifyKeys,
  PUBLISHED_DEV_ACTOR_PUBLIC_KEY,
} from './actor-assertion.js';
import { ActorAssertionGuard } from './actor-assertion.guard.js';

const gatewayKeys = generateKeyPairSync('ed25519');
const otherKeys = generateKeyPairSync('ed25519');
const admin: Actor = { userId: 1, role: 'admin' };
const SUBJECT = 'identity.list_users';

const signer = new ActorAssertionSigner(gatewayKeys.privateKey);
const verifier = new ActorAssertionVerifier([gatewayKeys.publicKey], 'identity');

/** A token shaped like the gateway's, with any part changed, signed by `key` under `kid`. */
async function craft(
  changes: { claims?: Record<string, unknown>; kid?: string; key?: KeyObject; iat?: number; exp?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'admin', rpc: SUBJECT, iss: 'gateway', aud: 'identity', sub: '1', ...changes.claims })
    .setProtectedHeader({ alg: 'EdDSA', kid: changes.kid ?? (await actorKeyId(gatewayKeys.publicKey)) })
    .setIssuedAt(changes.iat ?? now)
    .setExpirationTime(changes.exp ?? now + 30)
    .sign(changes.key ?? gatewayKeys.privateKey);
}

const refusal = (token: unknown, subject = SUBJECT) =>
  verifier.verify(token, subject).then(
    (actor) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(actor)}`);
    },
    (error: Error) => `${error.name}: ${error.message}`,
  );

describe('actor assertions', () => {
  it('verify what the gateway signed: the actor, for that subject and service', async () => {
    const token = await signer.sign(admin, SUBJECT);
    expect(await verifier.verify(token, SUBJECT)).toEqual(admin);
    expect(await verifier.verify(await craft(), SUBJECT)).toEqual(admin);
  });

  it('refuse a missing or empty assertion', async () => {
    expect(await refusal(undefined)).toBe('ActorAssertionError: no actor assertion');
    expect(await refusal('')).toBe('ActorAssertionError: no actor assertion');
  });

  it('refuse an expired one', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await refusal(await craft({ iat: now - 50, exp: now - 10 }))).toContain('ERR_JWT_EXPIRED');
  });

  it('refuse one addressed to another service or another subject', async () => {
    const forTutoring = await signer.sign(admin, 'tutoring.set_usage');
    expect(await refusal(forTutoring, 'tutoring.set_usage')).toContain('ERR_JWT_CLAIM_VALIDATION_FAILED');
    expect(await refusal(forTutoring, 'tutoring.set_usage')).toContain('"aud"');
    const forGetUser = await signer.sign(admin, 'identity.get_user');
    expect(await refusal(forGetUser)).toBe(
      'ActorAssertionError: asserted for identity.get_user, not identity.list_users',
    );
  });

  it('refuse one from another issuer', async () => {
    expect(await refusal(await craft({ claims: { iss: 'reviews' } }))).toContain('"iss"');
  });

  it('refuse one signed with another key under a trusted key id', async () => {
    expect(await refusal(await craft({ key: otherKeys.privateKey }))).toContain(
      'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    );
  });

  it('refuse an unknown key id', async () => {
    const token = await new ActorAssertionSigner(otherKeys.privateKey).sign(admin, SUBJECT);
    expect(await refusal(token)).toBe(`ActorAssertionError: unknown key id "${await actorKeyId(otherKeys.publicKey)}"`);
  });

  it('refuse a tampered payload (a student who promotes itself)', async () => {
    const [header, payload, signature] = (await signer.sign({ userId: 7, role: 'student' }, SUBJECT)).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const promoted = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(await refusal(`${header}.${promoted}.${signature}`)).toContain('ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
  });

  it('refuse a lifetime beyond 60 s and a malformed actor', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await refusal(await craft({ iat: now, exp: now + 3600 }))).toBe(
      'ActorAssertionError: lifetime longer than allowed',
    );
    expect(await refusal(await craft({ claims: { role: 'owner' } }))).toBe(
      'ActorAssertionError: the asserted actor is malformed',
    );
  });

  it('refuse an unsigned token (alg none)', async () => {
    const [, payload] = (await signer.sign(admin, SUBJECT)).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect(await refusal(`${header}.${payload}.`)).toContain('ActorAssertionError');
  });

  it('accept the old key while rotating: the verifier trusts every key it is given', async () => {
    const both = new ActorAssertionVerifier([otherKeys.publicKey, gatewayKeys.publicKey], 'identity');
    const fromOld = await new ActorAssertionSigner(otherKeys.privateKey).sign(admin, SUBJECT);
    expect(await both.verify(fromOld, SUBJECT)).toEqual(admin);
    expect(await both.verify(await signer.sign(admin, SUBJECT), SUBJECT)).toEqual(admin);
  });
});

/** What the guard sees for one message on `subject`. */
function rpcContext(payload: unknown, subject = SUBJECT): ExecutionContext {
  return {
    getType: () => 'rpc',
    switchToRpc: () => ({ getData: () => payload, getContext: () => ({ getSubject: () => subject }) }),
  } as unknown as ExecutionContext;
}

describe('actor assertions reused within their lifetime', () => {
  /** A clock the test moves: both sides read it, so expiry is tested without waiting. */
  const clock = (start = Date.now()) => {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('sign one token per actor and subject for 15 s, then a new one', async () => {
    const time = clock();
    const reusing = new ActorAssertionSigner(gatewayKeys.privateKey, time.now);
    const first = await reusing.sign(admin, SUBJECT);
    expect(await reusing.sign(admin, SUBJECT)).toBe(first);
    expect(await reusing.sign(admin, 'identity.get_user')).not.toBe(first);
    expect(await reusing.sign({ userId: 2, role: 'admin' }, SUBJECT)).not.toBe(first);
    expect(await reusing.sign({ userId: 1, role: 'student' }, SUBJECT)).not.toBe(first);
    time.advance(14_999);
    expect(await reusing.sign(admin, SUBJECT)).toBe(first);
    time.advance(1_000);
    time.advance(1_000);
    const second = await reusing.sign(admin, SUBJECT);
    expect(second).not.toBe(first);
    // The new token is dated now: a full lifetime ahead of it.
    const verifying = new ActorAssertionVerifier([gatewayKeys.publicKey], 'identity', time.now);
    time.advance(25_000);
    expect(await verifying.verify(second, SUBJECT)).toEqual(admin);
  });

  it('verify a token again from memory, still for its own subject only, and never past its expiry', async () => {
    const time = clock();
    const verifying = new ActorAssertionVerifier([gatewayKeys.publicKey], 'identity', time.now);
    const token = await new ActorAssertionSigner(gatewayKeys.privateKey, time.now).sign(admin, SUBJECT);
    expect(await verifying.verify(token, SUBJECT)).toEqual(admin);
    expect(await verifying.verify(token, SUBJECT)).toEqual(admin);
    await expect(verifying.verify(token, 'identity.delete_user')).rejects.toThrow(
      `asserted for ${SUBJECT}, not identity.delete_user`,
    );
    time.advance(29_000);
    expect(await verifying.verify(token, SUBJECT)).toEqual(admin);
    // Past `exp` and the clock tolerance the remembered answer no longer counts: the token is checked again.
    time.advance(7_000);
    await expect(verifying.verify(token, SUBJECT)).rejects.toThrow('ERR_JWT_EXPIRED');
  });
});

describe('ActorAssertionGuard', () => {
  const guard = new ActorAssertionGuard(verifier, pino({ level: 'silent' }));
  const forbidden = async (payload: unknown) => {
    const error = await guard.canActivate(rpcContext(payload)).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).toRpcError()).toEqual({
      code: ErrorCodes.forbidden,
      message: ServerMessages.forbidden,
    });
  };

  it('lets a visitor through untouched', async () => {
    const payload = { meta: { correlationId: 'c', actor: null }, data: {} };
    expect(await guard.canActivate(rpcContext(payload))).toBe(true);
    expect(payload.meta).toEqual({ correlationId: 'c', actor: null });
  });

  it('replaces the actor with the verified one and drops the token', async () => {
    const payload = { meta: { correlationId: 'c', actor: admin, actorAssertion: await signer.sign(admin, SUBJECT) } };
    expect(await guard.canActivate(rpcContext(payload))).toBe(true);
    expect(payload.meta).toEqual({ correlationId: 'c', actor: admin });
  });

  it('refuses an actor without an assertion, with a forged one, or one that differs from it', async () => {
    await forbidden({ meta: { correlationId: 'c', actor: admin } });
    const forged = await new ActorAssertionSigner(otherKeys.privateKey).sign(admin, SUBJECT);
    await forbidden({ meta: { correlationId: 'c', actor: admin, actorAssertion: forged } });
    const student = await signer.sign({ userId: 7, role: 'student' }, SUBJECT);
    await forbidden({ meta: { correlationId: 'c', actor: { userId: 7, role: 'admin' }, actorAssertion: student } });
    await forbidden({ meta: { correlationId: 'c', actor: null, actorAssertion: student } });
  });
});

describe('actor key configuration', () => {
  const pem = (key: KeyObject) =>
    key.export({ type: key.type === 'private' ? 'pkcs8' : 'spki', format: 'pem' }).toString();
  const env = z
    .object({ NODE_ENV: z.string(), ...actorSigningEnvShape, ...actorVerifyEnvShape })
    .partial({ ACTOR_SIGNING_KEY: true })
    .superRefine(checkActorKeysEnv);

  it('reads PEM (also with escaped newlines) and JWK forms', async () => {
    const escaped = pem(gatewayKeys.privateKey).replace(/\n/g, '\\n');
    expect(parseActorSigningKey(escaped).equals(gatewayKeys.privateKey)).toBe(true);
    const jwk = gatewayKeys.privateKey.export({ format: 'jwk' });
    expect(parseActorSigningKey(JSON.stringify(jwk)).equals(gatewayKeys.privateKey)).toBe(true);
    const twoPems = parseActorVerifyKeys(`${pem(otherKeys.publicKey)}${pem(gatewayKeys.publicKey)}`);
    expect(twoPems.map((key) => key.equals(gatewayKeys.publicKey))).toEqual([false, true]);
    const jwks = { keys: [{ ...gatewayKeys.publicKey.export({ format: 'jwk' }), kid: 'k1' }] };
    expect(parseActorVerifyKeys(JSON.stringify(jwks))[0]!.equals(gatewayKeys.publicKey)).toBe(true);
  });

  it('names the variable and the problem when a key is missing or unusable', () => {
    const problems = (values: Record<string, string>) =>
      env
        .safeParse({ NODE_ENV: 'development', ...values })
        .error?.issues.map((issue) => `${issue.path}: ${issue.message}`);
    expect(problems({})?.[0]).toMatch(/^ACTOR_VERIFY_KEYS: is required: Ed25519 public keys/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    expect(problems({ ACTOR_VERIFY_KEYS: pem(rsa) })?.[0]).toMatch(/^ACTOR_VERIFY_KEYS: is a rsa key, not Ed25519/);
    expect(problems({ ACTOR_VERIFY_KEYS: 'nonsense' })?.[0]).toMatch(/^ACTOR_VERIFY_KEYS: holds no public key/);
    const broken = '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----';
    expect(problems({ ACTOR_VERIFY_KEYS: broken })?.[0]).toMatch(/^ACTOR_VERIFY_KEYS: holds an unreadable key \(/);
    expect(problems({ ACTOR_VERIFY_KEYS: pem(gatewayKeys.publicKey), ACTOR_SIGNING_KEY: 'x' })?.[0]).toMatch(
      /^ACTOR_SIGNING_KEY: is not a readable private key \(/,
    );
    const privateJwk = JSON.stringify({ keys: [gatewayKeys.privateKey.export({ format: 'jwk' })] });
    expect(problems({ ACTOR_VERIFY_KEYS: privateJwk })?.[0]).toMatch(/holds a private key/);
  });

  it('refuses the published development key in production only', () => {
    const devKeys = { ACTOR_VERIFY_KEYS: PUBLISHED_DEV_ACTOR_PUBLIC_KEY };
    expect(env.safeParse({ NODE_ENV: 'development', ...devKeys }).success).toBe(true);
    const issues = env.safeParse({ NODE_ENV: 'production', ...devKeys }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path.join('.'))).toEqual(['ACTOR_VERIFY_KEYS']);
    expect(issues[0]?.message).toContain('published development key');
    expect(env.safeParse({ NODE_ENV: 'production', ACTOR_VERIFY_KEYS: pem(gatewayKeys.publicKey) }).success).toBe(true);
  });
});
