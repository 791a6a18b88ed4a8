import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { type Actor, ActorSchema } from '@medtutor/contracts';
import { calculateJwkThumbprint, errors as joseErrors, exportJWK, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * Signed actor assertions: the gateway states who is asking in a short-lived EdDSA JWT per request,
 * and a service believes `meta.actor` only when that token verifies. Without it any process on NATS
 * could claim to be an admin.
 */
export const ActorAssertion = {
  issuer: 'gateway',
  algorithm: 'EdDSA',
  /** Covers the gateway's RPC timeout (5 s) with room for clock skew; a stolen token soon dies. */
  lifetimeSeconds: 30,
  /** The longest lifetime a service accepts, whatever `exp` says. */
  maxLifetimeSeconds: 60,
  clockToleranceSeconds: 5,
  /**
   * How long the gateway sends one token again for the same actor and subject: signing costs an
   * EdDSA operation per request otherwise. A reused token still has most of its life left (15 s of
   * 30), more than any RPC deadline.
   */
  reuseSeconds: 15,
} as const;

/** Bounds the caches below: at the limit they are simply emptied (each entry lives seconds anyway). */
const CACHE_LIMIT = 20_000;

/** Why an assertion was refused; logged by the service, never sent to the caller. */
export class ActorAssertionError extends Error {
  override name = 'ActorAssertionError';
}

/** The key id: the key's RFC 7638 thumbprint, so a key and its id can never disagree. */
export async function actorKeyId(key: KeyObject): Promise<string> {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return calculateJwkThumbprint(await exportJWK(publicKey));
}

/** Signs the actor of one request for one NATS subject; the subject's first segment is the audience. */
export class ActorAssertionSigner {
  private readonly kid: Promise<string>;
  private readonly issued = new Map<string, { token: string; reuseUntil: number }>();

  constructor(
    private readonly privateKey: KeyObject,
    private readonly now: () => number = Date.now,
  ) {
    this.kid = actorKeyId(privateKey);
  }

  /** A token for this actor and subject: the one signed in the last `reuseSeconds`, or a new one. */
  async sign(actor: Actor, subject: string): Promise<string> {
    const key = `${actor.userId}:${actor.role}:${subject}`;
    const reusable = this.issued.get(key);
    if (reusable && this.now() < reusable.reuseUntil) return reusable.token;
    const token = await this.signNew(actor, subject);
    if (this.issued.size >= CACHE_LIMIT) this.issued.clear();
    this.issued.set(key, { token, reuseUntil: this.now() + ActorAssertion.reuseSeconds * 1000 });
    return token;
  }

  private async signNew(actor: Actor, subject: string): Promise<string> {
    const audience = subject.slice(0, subject.indexOf('.'));
    if (!audience) throw new Error(`cannot sign for subject "${subject}": not <service>.<verb>`);
    return new SignJWT({ role: actor.role, rpc: subject })
      .setProtectedHeader({ alg: ActorAssertion.algorithm, kid: await this.kid })
      .setIssuer(ActorAssertion.issuer)
      .setSubject(String(actor.userId))
      .setAudience(audience)
      .setIssuedAt(Math.floor(this.now() / 1000))
      .setExpirationTime(Math.floor(this.now() / 1000) + ActorAssertion.lifetimeSeconds)
      .sign(this.privateKey);
  }
}

/** Verifies assertions addressed to `audience` (a service name) with the trusted public keys. */
export class ActorAssertionVerifier {
  private readonly keys: Promise<Map<string, KeyObject>>;
  /**
   * Tokens already verified, with what they assert and until when that holds (their expiry, without
   * the clock tolerance): the gateway sends one token many times, and the same bytes verify the same.
   */
  private readonly verified = new Map<string, { actor: Actor; rpc: unknown; validUntil: number }>();

  constructor(
    publicKeys: readonly KeyObject[],
    private readonly audience: string | string[],
    private readonly now: () => number = Date.now,
  ) {
    this.keys = Promise.all(publicKeys.map(async (key) => [await actorKeyId(key), key] as const)).then(
      (entries) => new Map(entries),
    );
  }

  /** The actor the token asserts for `subject`; throws ActorAssertionError with the reason otherwise. */
  async verify(token: unknown, subject: string): Promise<Actor> {
    if (typeof token !== 'string' || token === '') throw new ActorAssertionError('no actor assertion');
    const known = this.verified.get(token);
    if (known && this.now() < known.validUntil) return this.actorFor(known, subject);
    const keys = await this.keys;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(
        token,
        (header) => {
          const key = keys.get(header.kid ?? '');
          if (!key) throw new ActorAssertionError(`unknown key id ${JSON.stringify(header.kid ?? null)}`);
          return key;
        },
        {
          algorithms: [ActorAssertion.algorithm],
          issuer: ActorAssertion.issuer,
          audience: this.audience,
          maxTokenAge: ActorAssertion.maxLifetimeSeconds,
          clockTolerance: ActorAssertion.clockToleranceSeconds,
          requiredClaims: ['sub', 'iat', 'exp'],
          currentDate: new Date(this.now()),
        },
      ));
    } catch (error) {
      if (error instanceof ActorAssertionError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new ActorAssertionError(`${error.code}: ${error.message}`);
      throw new ActorAssertionError(`unreadable assertion: ${(error as Error).message}`);
    }
    if (typeof payload.exp === 'number' && typeof payload.iat === 'number') {
      if (payload.exp - payload.iat > ActorAssertion.maxLifetimeSeconds) {
        throw new ActorAssertionError('lifetime longer than allowed');
      }
    }
    const actor = ActorSchema.safeParse({ userId: Number(payload.sub), role: payload.role });
    if (!actor.success) throw new ActorAssertionError('the asserted actor is malformed');
    const entry = {
      actor: actor.data,
      rpc: payload.rpc,
      // jwtVerify required both; the earlier of expiry and the longest lifetime allowed.
      validUntil: Math.min(payload.exp as number, (payload.iat as number) + ActorAssertion.maxLifetimeSeconds) * 1000,
    };
    if (this.verified.size >= CACHE_LIMIT) this.verified.clear();
    this.verified.set(token, entry);
    return this.actorFor(entry, subject);
  }

  private actorFor(verified: { actor: Actor; rpc: unknown }, subject: string): Actor {
    if (verified.rpc !== subject) throw new ActorAssertionError(`asserted for ${String(verified.rpc)}, not ${subject}`);
    return verified.actor;
  }
}

/** PEM newlines often arrive as a literal `\n` (one-line env files, compose defaults). */
const unescapeNewlines = (value: string) => value.replace(/\\n/g, '\n').trim();

const ed25519Only = (key: KeyObject): KeyObject => {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`is a ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
};

/** Node's decoder errors (`error:1E08010C:DECODER routines::unsupported`) say nothing to an operator. */
const readable = <T>(read: () => T, problem: string): T => {
  try {
    return read();
  } catch {
    throw new Error(problem);
  }
};

/** The gateway's private key: PKCS#8 PEM or a private JWK. */
export function parseActorSigningKey(value: string): KeyObject {
  const text = unescapeNewlines(value);
  if (text.startsWith('{')) {
    const jwk = readable(() => JSON.parse(text) as Record<string, unknown>, 'is not valid JSON');
    if (typeof jwk.d !== 'string') throw new Error('is a JWK without its private part "d"');
    return ed25519Only(readable(() => createPrivateKey({ key: jwk as never, format: 'jwk' }), 'is not a valid JWK'));
  }
  return ed25519Only(readable(() => createPrivateKey(text), 'is not a readable private key'));
}

/** The public keys services trust: one or more SPKI PEM blocks, or a JWKS `{"keys": [...]}`. */
export function parseActorVerifyKeys(value: string): KeyObject[] {
  const text = unescapeNewlines(value);
  const keys = text.startsWith('{')
    ? (readable(() => JSON.parse(text) as { keys?: unknown }, 'is not valid JSON').keys ?? null)
    : text.match(/-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/g);
  if (!Array.isArray(keys) || keys.length === 0) throw new Error('holds no public key');
  return keys.map((key: unknown) => {
    if (typeof key === 'string') return ed25519Only(readable(() => createPublicKey(key), 'holds an unreadable key'));
    const { d: _private, ...publicPart } = key as Record<string, unknown>;
    if (_private !== undefined) throw new Error('holds a private key; give services only public keys');
    return ed25519Only(
      readable(() => createPublicKey({ key: publicPart as never, format: 'jwk' }), 'holds an invalid JWK'),
    );
  });
}

const HOW_TO = 'see "Actor keys" in README.md (npm start generates a pair into .var/)';

const keySchema = <T>(parse: (value: string) => T, what: string) =>
  z.string({ error: `is required: ${what}; ${HOW_TO}` }).transform((value, ctx): T => {
    try {
      return parse(value);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `${(error as Error).message || 'is not readable'} (${what}; ${HOW_TO})`,
      });
      return z.NEVER;
    }
  });

/** The gateway's variable: the Ed25519 private key it signs actor assertions with. */
export const actorSigningEnvShape = {
  ACTOR_SIGNING_KEY: keySchema(parseActorSigningKey, 'the Ed25519 private key, PKCS#8 PEM or JWK'),
};

/** Every service's variable: the public keys of the gateway it trusts (several while rotating). */
export const actorVerifyEnvShape = {
  ACTOR_VERIFY_KEYS: keySchema(parseActorVerifyKeys, 'Ed25519 public keys, PEM blocks or a JWKS'),
};

/**
 * The development pair in docker-compose.yml is public, so anyone could sign with it: refused in
 * production on both sides.
 */
export const PUBLISHED_DEV_ACTOR_PUBLIC_KEY =
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAEJNTZ5SBEDU97W+6Dzp/PF2cnEOh1EE2qibtvJg4xWg=\n-----END PUBLIC KEY-----';

const isPublishedDevKey = (key: KeyObject): boolean => {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return publicKey.equals(createPublicKey(PUBLISHED_DEV_ACTOR_PUBLIC_KEY));
};

/** superRefine step: refuses the published development key in production. */
export function checkActorKeysEnv(
  env: { NODE_ENV: string; ACTOR_SIGNING_KEY?: KeyObject; ACTOR_VERIFY_KEYS?: readonly KeyObject[] },
  ctx: z.RefinementCtx,
): void {
  if (env.NODE_ENV !== 'production') return;
  const message = 'holds the published development key of docker-compose.yml; generate your own for production';
  if (env.ACTOR_SIGNING_KEY && isPublishedDevKey(env.ACTOR_SIGNING_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['ACTOR_SIGNING_KEY'], message });
  }
  if (env.ACTOR_VERIFY_KEYS?.some(isPublishedDevKey)) {
    ctx.addIssue({ code: 'custom', path: ['ACTOR_VERIFY_KEYS'], message });
  }
}
