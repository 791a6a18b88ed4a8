import { type Actor, type RpcError, RpcErrorSchema } from '@medtutor/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { signedRequest } from './actor-assertions.js';

export interface SignedRpc {
  /** The reply to `subject`, sent as the gateway sends it: `actor` (a visitor by default) signed. */
  call(subject: string, data: unknown, actor?: Actor | null): Promise<unknown>;
  /** The error `subject` answers with; the test fails if it answers with a reply instead. */
  fail(subject: string, data: unknown, actor?: Actor | null): Promise<RpcError>;
}

/** Calls a service under test through `client` as the gateway would, each reply awaited at most `timeoutMs`. */
export function signedRpc(client: ClientProxy, correlationId: string, timeoutMs = 15_000): SignedRpc {
  const call = async (subject: string, data: unknown, actor: Actor | null = null): Promise<unknown> =>
    firstValueFrom(
      client.send(subject, await signedRequest(subject, data, actor, correlationId)).pipe(timeout(timeoutMs)),
    );
  const fail = async (subject: string, data: unknown, actor: Actor | null = null): Promise<RpcError> => {
    const failure = await call(subject, data, actor).then(
      (reply) => {
        throw new Error(`expected ${subject} to fail, got ${JSON.stringify(reply)}`);
      },
      (error: unknown) => error,
    );
    return RpcErrorSchema.parse(failure);
  };
  return { call, fail };
}
