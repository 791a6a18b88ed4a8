import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { ErrorCodes, type RpcMeta, type RpcRequest, Subjects } from '@medtutor/contracts';
import { ActorAssertionSigner, inRpcClientSpan, type SpanFailure } from '@medtutor/nest-kit';
import type { MsgHdrs, NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Request } from 'express';
import type { Logger } from 'pino';
import { firstValueFrom, timeout } from 'rxjs';
import type { z } from 'zod';
import { actorOf } from '../auth/actor.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { ApiError, ApiErrors } from '../filters/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { rpcOutcomeOfFailure, timeRpc } from '../metrics/gateway-metrics.js';
import { blamesService, type BrokerConnection, isUnavailable, mapRpcFailure } from './rpc-failure.js';
import { ServiceBreakers } from './service-breakers.js';

export const NATS_CLIENT = Symbol('NATS_CLIENT');

/** Subjects whose service calls the payment provider while the caller waits: they get RPC_PROVIDER_TIMEOUT_MS. */
const PROVIDER_SUBJECTS: ReadonlySet<string> = new Set([
  Subjects.catalogPayments.createPaymentIntent,
  Subjects.catalogPayments.getPayment,
  Subjects.catalogPayments.refundPayment,
]);

/**
 * The personal-data export's sections (issue 26): each reads every row a service holds about a user,
 * while the user waits for a download, so they get RPC_EXPORT_TIMEOUT_MS rather than the interactive deadline.
 */
const EXPORT_SUBJECTS: ReadonlySet<string> = new Set(
  Object.values(Subjects).map((service) => service.exportPersonalData),
);

/** A failed call on its span: the code the client gets; the fault is the server's for a 5xx. */
const spanFailureOf = (error: unknown): SpanFailure =>
  error instanceof ApiError
    ? { code: error.code, serverFault: error.statusCode >= 500 }
    : { code: ErrorCodes.internal, serverFault: true };

/**
 * Request/reply to the services over NATS, in the contract envelope, with a deadline and a circuit
 * breaker per service. Also the gateway's view of its NATS connection, for readiness.
 */
@Injectable()
export class ServiceClient implements OnApplicationBootstrap {
  private readonly signer: ActorAssertionSigner;
  private readonly breakers: ServiceBreakers;
  private readonly broker: BrokerConnection = { connected: false };
  private connectionLost = false;
  /** Core subscriptions the gateway keeps (public read models' events), made on each new connection. */
  private readonly listeners: { subject: string; onMessage: () => void; subscription?: Subscription }[] = [];
  private readonly connectedListeners: (() => void)[] = [];

  constructor(
    @Inject(NATS_CLIENT) private readonly nats: ClientProxy,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.signer = new ActorAssertionSigner(config.actorSigningKey);
    this.breakers = new ServiceBreakers(
      config.circuitBreaker,
      (error) => blamesService(error, this.broker, Date.now()),
      logger,
    );
  }

  onApplicationBootstrap(): void {
    this.nats.status.subscribe((status) => {
      const connected = status === 'connected';
      if (connected === this.broker.connected) return;
      this.broker.connected = connected;
      if (connected && this.connectionLost) this.broker.backSince = Date.now();
      this.connectionLost ||= !connected;
      if (connected) {
        this.logger.info('NATS connected');
        this.subscribeListeners();
        for (const listener of this.connectedListeners) listener();
      } else this.logger.warn({ status }, 'NATS connection lost: reconnecting (forever)');
    });
    // Connect early but don't block start-up: the readiness probe reports NATS until it is reachable.
    this.nats.connect().catch((error: unknown) => this.logger.warn({ err: error }, 'NATS not reachable yet'));
  }

  /**
   * Sends `data` on behalf of the HTTP request: its correlation id and signed-in actor go in `meta`,
   * and the request's trace goes on in a client span whose context travels in the NATS headers.
   */
  async send<S extends z.ZodType>(subject: string, data: unknown, req: Request, reply: S): Promise<z.output<S>> {
    return this.call(subject, data, { correlationId: req.correlationId, actor: actorOf(req) }, reply);
  }

  /** A call the gateway makes on its own account, outside any HTTP request and with no actor (read models). */
  async sendAsGateway<S extends z.ZodType>(subject: string, data: unknown, reply: S): Promise<z.output<S>> {
    return this.call(subject, data, { correlationId: randomUUID(), actor: null }, reply);
  }

  /**
   * Calls `onMessage` for every message on `subject`, a plain core NATS subscription: nothing is
   * delivered while the connection is down, so pair it with `onConnected` to catch up.
   */
  listen(subject: string, onMessage: () => void): void {
    this.listeners.push({ subject, onMessage });
    if (this.broker.connected) this.subscribeListeners();
  }

  /** Calls `listener` each time the NATS connection is (re)established. */
  onConnected(listener: () => void): void {
    this.connectedListeners.push(listener);
  }

  private subscribeListeners(): void {
    // A reconnect keeps the client and its subscriptions; only a new client (after Nest's ClientNats
    // gave up and connected afresh) needs them made again.
    const connection = this.nats.unwrap<NatsConnection>();
    for (const listener of this.listeners) {
      if (listener.subscription && !listener.subscription.isClosed()) continue;
      listener.subscription = connection.subscribe(listener.subject, {
        callback: (error) => {
          if (error) this.logger.warn({ err: error, subject: listener.subject }, 'subscription failed');
          else listener.onMessage();
        },
      });
    }
  }

  private call<S extends z.ZodType>(subject: string, data: unknown, meta: RpcMeta, reply: S): Promise<z.output<S>> {
    return inRpcClientSpan(
      subject,
      (headers) => this.breakers.call(subject, () => this.request(subject, data, meta, reply, headers)),
      spanFailureOf,
    );
  }

  /**
   * An actor always travels with the gateway's signed assertion of it, made here for this subject:
   * services refuse an actor without one. The reply is parsed with the contract schema, which also
   * strips fields the contract does not name, so a service can never leak more than the contract promises.
   */
  private async request<S extends z.ZodType>(
    subject: string,
    data: unknown,
    meta: Omit<RpcMeta, 'actorAssertion'>,
    reply: S,
    headers: MsgHdrs | undefined,
  ): Promise<z.output<S>> {
    const timeoutMs = PROVIDER_SUBJECTS.has(subject)
      ? this.config.rpcProviderTimeoutMs
      : EXPORT_SUBJECTS.has(subject)
        ? this.config.rpcExportTimeoutMs
        : this.config.rpcTimeoutMs;
    const actorAssertion = meta.actor ? await this.signer.sign(meta.actor, subject) : undefined;
    const envelope: RpcRequest = { meta: actorAssertion ? { ...meta, actorAssertion } : meta, data };
    let answer: unknown;
    const timed = timeRpc(subject);
    try {
      const message = headers ? new NatsRecordBuilder(envelope).setHeaders(headers).build() : envelope;
      answer = await firstValueFrom(this.nats.send(subject, message).pipe(timeout(timeoutMs)));
    } catch (error) {
      const mapped = mapRpcFailure(error);
      timed(rpcOutcomeOfFailure(mapped));
      if (mapped.code === ErrorCodes.internal) {
        this.logger.error(
          { err: error, subject, correlationId: meta.correlationId },
          'service request failed unexpectedly',
        );
      } else if (isUnavailable(mapped)) {
        this.logger.warn({ subject, correlationId: meta.correlationId }, 'service unavailable');
      }
      throw mapped;
    }
    const parsed = reply.safeParse(answer);
    timed(parsed.success ? 'ok' : 'error');
    if (!parsed.success) {
      this.logger.error(
        { subject, correlationId: meta.correlationId, issues: parsed.error.issues },
        'service reply breaks the contract',
      );
      throw ApiErrors.internal();
    }
    return parsed.data;
  }

  /**
   * Readiness of NATS: connected now (a lost connection fails at once, without waiting for a
   * timeout) and answering a round trip. Connects first if the gateway has never reached NATS.
   */
  async checkNats(): Promise<void> {
    await this.nats.connect();
    if (!this.broker.connected) throw new Error('NATS connection is down');
    await this.nats.unwrap<NatsConnection>().flush();
  }
}
