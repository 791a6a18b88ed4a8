import { generateKeyPairSync } from 'node:crypto';
import { type Actor, type RpcMeta, type RpcRequest, ServiceNames } from '@medtutor/contracts';
import { pino } from 'pino';
import { ActorAssertionSigner, ActorAssertionVerifier } from '../rpc/actor-assertion.js';
import { ActorAssertionGuard } from '../rpc/actor-assertion.guard.js';

const pair = generateKeyPairSync('ed25519');

/**
 * One Ed25519 pair per test process, generated at load (nothing to leak): the gateway under test
 * signs with it and every service under test trusts it. `env` gives it to processes and configs.
 */
export const testActorKeys = {
  privateKey: pair.privateKey,
  publicKey: pair.publicKey,
  env: {
    ACTOR_SIGNING_KEY: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ACTOR_VERIFY_KEYS: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  },
};

const signer = new ActorAssertionSigner(pair.privateKey);

/** `meta` as the gateway sends it on `subject`: the actor with its signed assertion (none for visitors). */
export async function signedMeta(subject: string, actor: Actor | null, correlationId = 'test'): Promise<RpcMeta> {
  if (!actor) return { correlationId, actor: null };
  return { correlationId, actor, actorAssertion: await signer.sign(actor, subject) };
}

/** A whole request envelope as the gateway sends it. */
export async function signedRequest<T>(
  subject: string,
  data: T,
  actor: Actor | null,
  correlationId?: string,
): Promise<RpcRequest<T>> {
  return { meta: await signedMeta(subject, actor, correlationId), data };
}

/**
 * The guard every real service runs, trusting the test pair, for stand-ins that answer several
 * services' subjects (the gateway's fakes): what reaches their handlers was verified as in production.
 */
export function testActorGuard(): ActorAssertionGuard {
  return new ActorAssertionGuard(
    new ActorAssertionVerifier([testActorKeys.publicKey], [...ServiceNames]),
    pino({ level: 'silent' }),
  );
}
