import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ErrorCodes, type RpcMeta, type RpcRequest } from '@medtutor/contracts';
import { ActorAssertionSigner } from '@medtutor/nest-kit';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { firstValueFrom, timeout } from 'rxjs';
import type { z } from 'zod';
import { actorOf } from '../auth/actor.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { ApiError, ApiErrors } from '../filters/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { mapRpcFailure } from './rpc-failure.js';

export const NATS_CLIENT = Symbol('NATS_CLIENT');

/** Request/reply to the services over NATS, in the contract envelope, with a deadline. */
@Injectable()
export class ServiceClient implements OnApplicationBootstrap {
  private readonly signer: ActorAssertionSigner;

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.signer = new ActorAssertionSigner(config.actorSigningKey);
  }

  onApplicationBootstrap(): void {
    // Connect early but don't block start-up: the readiness probe reports NATS until it is reachable.
    this.nats.connect().catch((error: unknown) => this.logger.warn({ err: error }, 'NATS not reachable yet'));
  }

  /** Sends `data` on behalf of the HTTP request: its correlation id and signed-in actor go in `meta`. */
  async send<S extends z.ZodType>(subject: string, data: unknown, req: Request, reply: S): Promise<z.output<S>> {
    const meta: RpcMeta = { correlationId: req.correlationId, actor: actorOf(req) };
    try {
      return await this.request(subject, data, meta, reply, this.config.rpcTimeoutMs);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCodes.serviceUnavailable) {
        this.logger.warn({ subject, correlationId: meta.correlationId }, 'service did not answer');
      }
      throw error;
    }
  }

  /**
   * Sends with explicit `meta` (probes have no HTTP request). An actor always travels with the
   * gateway's signed assertion of it, made here for this subject: services refuse an actor without
   * one. The reply is parsed with the contract schema, which also strips fields the contract does
   * not name, so a service can never leak more than the contract promises.
   */
  async request<S extends z.ZodType>(
    subject: string,
    data: unknown,
    meta: Omit<RpcMeta, 'actorAssertion'>,
    reply: S,
    timeoutMs: number,
  ): Promise<z.output<S>> {
    const actorAssertion = meta.actor ? await this.signer.sign(meta.actor, subject) : undefined;
    const envelope: RpcRequest = { meta: actorAssertion ? { ...meta, actorAssertion } : meta, data };
    let answer: unknown;
    try {
      answer = await firstValueFrom(this.nats.send(subject, envelope).pipe(timeout(timeoutMs)));
    } catch (error) {
      const mapped = mapRpcFailure(error);
      if (mapped.code === ErrorCodes.internal) {
        this.logger.error(
          { err: error, subject, correlationId: meta.correlationId },
          'service request failed unexpectedly',
        );
      }
      throw mapped;
    }
    const parsed = reply.safeParse(answer);
    if (!parsed.success) {
      this.logger.error(
        { subject, correlationId: meta.correlationId, issues: parsed.error.issues },
        'service reply breaks the contract',
      );
      throw ApiErrors.internal();
    }
    return parsed.data;
  }

  /** The live NATS connection, connecting first if needed (readiness checks). */
  async connection(): Promise<NatsConnection> {
    await this.nats.connect();
    return this.nats.unwrap<NatsConnection>();
  }
}
