import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, type MicroserviceOptions, NatsContext, Payload, Transport } from '@nestjs/microservices';
import {
  catalogDto,
  type CatalogDto,
  CreateDiscountCodeBodySchema,
  type DiscountCodeDto,
  ErrorCodes,
  Fixtures,
  GetUserRequestSchema,
  type HealthReply,
  HealthSubjects,
  RegisterBodySchema,
  RequestPasswordResetRequestSchema,
  ResetPasswordRequestSchema,
  type Role,
  type RpcMeta,
  ServerMessages,
  Subjects,
  type UserDto,
  VerifyCredentialsRequestSchema,
} from '@medtutor/contracts';
import { DomainError, parseRequest, RpcErrorFilter } from '@medtutor/nest-kit';
import { testActorGuard } from '@medtutor/nest-kit/testing';
import { pino } from 'pino';
import { map, NEVER, type Observable, timer } from 'rxjs';

const FAKE = Symbol('FAKE_SERVICES');

export interface ReceivedRequest {
  subject: string;
  meta: RpcMeta;
  data: unknown;
}

/**
 * In-memory stand-ins for identity and the other services' health subjects, speaking the contract
 * subjects and error codes over a real NATS (and Nest's real transport), so the gateway is tested on
 * its own. Tests read what arrived in `received` and make subjects go quiet with `silent`.
 */
export class FakeServices {
  readonly received: ReceivedRequest[] = [];
  /** Subjects that never answer (a hung service). */
  readonly silent = new Set<string>();
  /** Subjects that do their work but whose answer never arrives (a reply lost or late). */
  readonly replyLost = new Set<string>();
  /** Subjects whose database is unreachable: the platform's error filter answers COMMON.SERVICE_UNAVAILABLE. */
  readonly databaseDown = new Set<string>();
  /** Subjects that answer after this many milliseconds (a slow request in flight). */
  readonly delayMs = new Map<string, number>();
  /** identity's per-user "sessions valid after" (epoch ms), set by a password reset. */
  readonly sessionsValidAfter = new Map<number, number>();
  readonly resetTokens = new Map<string, number>();
  /** Discount codes created through the fake catalog-payments, by code. */
  readonly discountCodes = new Map<string, number>();
  private readonly users = new Map<number, { user: UserDto; password: string }>();
  private nextId = Fixtures.userDto.id;

  addUser(fields: { email: string; password: string; username?: string; role?: Role }): UserDto {
    const id = this.nextId++;
    const role = fields.role ?? 'student';
    const user: UserDto = {
      ...Fixtures.userDto,
      id,
      email: fields.email.toLowerCase(),
      username: fields.username ?? `user${id}`,
      role,
      isAdmin: role === 'admin',
    };
    this.users.set(id, { user, password: fields.password });
    return user;
  }

  deleteUser(id: number): void {
    this.users.delete(id);
  }

  /** An admin's change of someone's role, as identity would record it. */
  setRole(id: number, role: Role): void {
    const found = this.users.get(id);
    if (found) found.user = { ...found.user, role, isAdmin: role === 'admin' };
  }

  lastRequest(subject: string): ReceivedRequest | undefined {
    return this.received.findLast((request) => request.subject === subject);
  }

  register(payload: unknown): UserDto {
    const { data } = parseRequest(RegisterBodySchema, payload);
    const existing = [...this.users.values()].map(({ user }) => user);
    if (existing.some((user) => user.email === data.email.toLowerCase())) {
      throw new DomainError(ErrorCodes.emailTaken, ServerMessages.emailTaken);
    }
    if (existing.some((user) => user.username === data.username)) {
      throw new DomainError(ErrorCodes.usernameTaken, ServerMessages.usernameTaken);
    }
    return this.addUser(data);
  }

  verifyCredentials(payload: unknown): UserDto & { totpEnabled: boolean } {
    const { data } = parseRequest(VerifyCredentialsRequestSchema, payload);
    const found = [...this.users.values()].find(({ user }) => user.email === data.email.toLowerCase());
    if (!found || found.password !== data.password) {
      throw new DomainError(ErrorCodes.invalidCredentials, ServerMessages.invalidCredentials);
    }
    return { ...found.user, totpEnabled: false };
  }

  sessionValidity(payload: unknown): { sessionsValidAfter: string | null } {
    const { data } = parseRequest(GetUserRequestSchema, payload);
    if (!this.users.has(data.userId)) throw new DomainError(ErrorCodes.notFound, ServerMessages.notFound);
    const validAfter = this.sessionsValidAfter.get(data.userId);
    return { sessionsValidAfter: validAfter === undefined ? null : new Date(validAfter).toISOString() };
  }

  getUser(payload: unknown): UserDto {
    const { meta, data } = parseRequest(GetUserRequestSchema, payload);
    if (meta.actor?.userId !== data.userId && meta.actor?.role !== 'admin') {
      throw new DomainError(ErrorCodes.forbidden, ServerMessages.forbidden);
    }
    const found = this.users.get(data.userId);
    if (!found) throw new DomainError(ErrorCodes.notFound, ServerMessages.notFound);
    return found.user;
  }

  requestPasswordReset(payload: unknown): { accepted: true } {
    parseRequest(RequestPasswordResetRequestSchema, payload);
    return { accepted: true };
  }

  createDiscountCode(payload: unknown): DiscountCodeDto {
    const { meta, data } = parseRequest(CreateDiscountCodeBodySchema, payload);
    if (meta.actor?.role !== 'admin') throw new DomainError(ErrorCodes.forbidden, ServerMessages.forbidden);
    const code = `FAKE${String(this.discountCodes.size + 1).padStart(4, '0')}`;
    this.discountCodes.set(code, data.discountPrice);
    return { code, discountPrice: data.discountPrice };
  }

  resetPassword(payload: unknown): { userId: number } {
    const { data } = parseRequest(ResetPasswordRequestSchema, payload);
    const userId = this.resetTokens.get(data.token);
    const found = userId === undefined ? undefined : this.users.get(userId);
    if (!found) throw new DomainError(ErrorCodes.resetTokenInvalid, ServerMessages.resetTokenInvalid);
    this.resetTokens.delete(data.token);
    found.password = data.password;
    this.sessionsValidAfter.set(found.user.id, Date.now());
    return { userId: found.user.id };
  }
}

@Controller()
class FakeServicesController {
  constructor(@Inject(FAKE) private readonly fake: FakeServices) {}

  @MessagePattern(Subjects.identity.register)
  register(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.register(payload));
  }

  @MessagePattern(Subjects.identity.verifyCredentials)
  verifyCredentials(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.verifyCredentials(payload));
  }

  @MessagePattern(Subjects.identity.sessionValidity)
  sessionValidity(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.sessionValidity(payload));
  }

  @MessagePattern(Subjects.identity.getUser)
  getUser(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.getUser(payload));
  }

  @MessagePattern(Subjects.identity.requestPasswordReset)
  requestPasswordReset(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.requestPasswordReset(payload));
  }

  @MessagePattern(Subjects.identity.resetPassword)
  resetPassword(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.resetPassword(payload));
  }

  @MessagePattern(Subjects.catalogPayments.getCatalog)
  getCatalog(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, (): CatalogDto => catalogDto());
  }

  @MessagePattern(Subjects.catalogPayments.createDiscountCode)
  createDiscountCode(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    return this.answer(ctx, payload, () => this.fake.createDiscountCode(payload));
  }

  @MessagePattern(Object.values(HealthSubjects))
  health(@Payload() payload: unknown, @Ctx() ctx: NatsContext) {
    const service = ctx.getSubject().replace(/\.health$/, '');
    return this.answer(ctx, payload, (): HealthReply => ({ service, status: 'ok', checks: {} }));
  }

  private answer<T>(ctx: NatsContext, payload: unknown, handle: () => T): T | Observable<T> {
    const subject = ctx.getSubject();
    const { meta, data } = payload as { meta: RpcMeta; data: unknown };
    this.fake.received.push({ subject, meta, data });
    if (this.fake.silent.has(subject)) return NEVER;
    if (this.fake.databaseDown.has(subject)) {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    }
    const delay = this.fake.delayMs.get(subject);
    if (delay !== undefined) return timer(delay).pipe(map(() => handle()));
    const result = handle();
    return this.fake.replyLost.has(subject) ? NEVER : result;
  }
}

@Module({})
class FakeServicesModule {
  static with(fake: FakeServices): DynamicModule {
    return {
      module: FakeServicesModule,
      controllers: [FakeServicesController],
      providers: [{ provide: FAKE, useValue: fake }],
    };
  }
}

/** Starts the fakes as a Nest microservice with the platform's RPC error filter, like a real service. */
export async function startFakeServices(natsUrl: string): Promise<{ fake: FakeServices; stop: () => Promise<void> }> {
  const fake = new FakeServices();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(FakeServicesModule.with(fake), {
    transport: Transport.NATS,
    // Like the real services, never give up on a NATS that is away for a while (tests restart it).
    options: { servers: [natsUrl], queue: 'fake-services', maxReconnectAttempts: -1, reconnectTimeWait: 500 },
    logger: false,
  });
  app.useGlobalFilters(new RpcErrorFilter(pino({ level: 'silent' })));
  app.useGlobalGuards(testActorGuard());
  await app.listen();
  return { fake, stop: () => app.close() };
}
