import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { GATEWAY_CONFIG, type GatewayConfig, type RateLimit } from '../config/gateway-config.js';
import { ErrorCodes } from '@medtutor/contracts';
import { ApiError, ApiErrors } from '../filters/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { REDIS, redisKeys } from '../redis/redis.module.js';
import { GrowingDelay } from './growing-delay.js';
import { addressKey } from './address-key.js';

type Counter = [limiter: RateLimiterRedis, key: string];

/** Routes limited per caller (the signed-in user, else the session id) and per address, by `@RateLimited`. */
export type CallerLimit = 'paymentIntents' | 'freeTrialChecks' | 'calendarFeeds' | 'dataExports';

/** Keys by email without putting addresses into Redis: lower-cased, hashed. */
const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);

/** The first wait after the free failures; each further failure doubles it up to the configured longest. */
const LOGIN_FIRST_DELAY_MS = 15_000;
/** Failures are remembered for a day after the last one. */
const LOGIN_FAILURE_MEMORY_MS = 24 * 3_600_000;

/**
 * Counters in Redis, shared by every gateway replica.
 *
 * Login never locks an account for everyone: failures count per (email, address), with waits that
 * grow after a few free failures, and per address across emails (a looser budget). An attacker
 * hammering someone's email from one address delays only themselves; the owner signing in from
 * elsewhere is never affected. Attempts are counted up front (atomically, so parallel guesses cannot
 * slip past the check) and given back unless they failed on the credentials; a success clears the
 * (email, address) record. Second-factor codes are throttled the same way per account and address.
 * Forgot-password has its own counters, so the owner of an account under attack can still reset it:
 * requests count per (email, address), with a much higher ceiling per email, so a stranger asking
 * for someone's reset from their own address uses up only their own share.
 *
 * Every per-address counter keys on `addressKey` (IPv4 as is, IPv6 by its /64), applied here to the
 * raw client address each public method receives, so no route can count a bare IPv6 address.
 */
@Injectable()
export class RateLimitsService {
  private readonly loginPerEmailAndIp: GrowingDelay;
  private readonly secondFactorPerUserAndIp: GrowingDelay;
  private readonly secondFactorPerUser: GrowingDelay;
  private readonly loginPerIp: RateLimiterRedis;
  private readonly registerPerIp: RateLimiterRedis;
  private readonly forgotPasswordPerEmail: RateLimiterRedis;
  private readonly forgotPasswordPerEmailAndIp: RateLimiterRedis;
  private readonly forgotPasswordPerIp: RateLimiterRedis;
  private readonly consultationsPerIp: RateLimiterRedis;
  private readonly testimonialsPerIp: RateLimiterRedis;
  private readonly callerLimits: Record<CallerLimit, { perSession: RateLimiterRedis; perIp: RateLimiterRedis }>;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const keys = redisKeys(config.redisKeyPrefix);
    const limiter = (name: string, limit: RateLimit) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: keys.rateLimitPrefix(name),
        points: limit.points,
        duration: limit.durationSeconds,
      });
    const limits = config.rateLimits;
    // RATE_LIMIT_LOGIN_EMAIL_IP reads as <free failures>/<longest wait>.
    const delayPolicy = {
      freeFailures: limits.loginPerEmailAndIp.points,
      firstDelayMs: Math.min(LOGIN_FIRST_DELAY_MS, limits.loginPerEmailAndIp.durationSeconds * 1000),
      maxDelayMs: limits.loginPerEmailAndIp.durationSeconds * 1000,
      memoryMs: LOGIN_FAILURE_MEMORY_MS,
    };
    this.loginPerEmailAndIp = new GrowingDelay(redis, keys.rateLimitPrefix('login-delay:'), delayPolicy);
    this.secondFactorPerUserAndIp = new GrowingDelay(redis, keys.rateLimitPrefix('2fa-delay:'), delayPolicy);
    // Codes are also slowed per account across addresses (more free failures), so guesses spread over
    // many addresses cannot cover the code space. Only someone who has the password can reach this step,
    // so it cannot be used to lock strangers out.
    this.secondFactorPerUser = new GrowingDelay(redis, keys.rateLimitPrefix('2fa-user-delay:'), {
      ...delayPolicy,
      freeFailures: delayPolicy.freeFailures * 2,
    });
    this.loginPerIp = limiter('login-ip', limits.loginPerIp);
    this.registerPerIp = limiter('register-ip', limits.registerPerIp);
    this.forgotPasswordPerEmail = limiter('forgot-email', limits.forgotPasswordPerEmail);
    this.forgotPasswordPerEmailAndIp = limiter('forgot-email-ip', limits.forgotPasswordPerEmailAndIp);
    this.forgotPasswordPerIp = limiter('forgot-ip', limits.forgotPasswordPerIp);
    this.consultationsPerIp = limiter('consultations-ip', limits.consultationsPerIp);
    this.testimonialsPerIp = limiter('testimonials-ip', limits.testimonialsPerIp);
    this.callerLimits = {
      paymentIntents: {
        perSession: limiter('payment-intents-session', limits.paymentIntentsPerSession),
        perIp: limiter('payment-intents-ip', limits.paymentIntentsPerIp),
      },
      freeTrialChecks: {
        perSession: limiter('free-trial-checks-session', limits.freeTrialChecksPerSession),
        perIp: limiter('free-trial-checks-ip', limits.freeTrialChecksPerIp),
      },
      calendarFeeds: {
        perSession: limiter('calendar-feeds-session', limits.calendarFeedsPerSession),
        perIp: limiter('calendar-feeds-ip', limits.calendarFeedsPerIp),
      },
      dataExports: {
        perSession: limiter('data-exports-user', limits.dataExportsPerUser),
        perIp: limiter('data-exports-ip', limits.dataExportsPerIp),
      },
    };
  }

  async consumeLoginAttempt(email: string, address: string): Promise<void> {
    const ip = addressKey(address);
    await this.consumeDelayed(this.loginPerEmailAndIp, `${emailKey(email)}:${ip}`, ip);
  }

  async loginSucceeded(email: string, address: string): Promise<void> {
    const ip = addressKey(address);
    await this.settle([this.loginPerEmailAndIp.forgive(`${emailKey(email)}:${ip}`), this.loginPerIp.reward(ip, 1)]);
  }

  /** The attempt ended without a verdict on the credentials (e.g. a service outage): it does not count. */
  async loginInconclusive(email: string, address: string): Promise<void> {
    const ip = addressKey(address);
    await this.settle([this.loginPerEmailAndIp.giveBack(`${emailKey(email)}:${ip}`), this.loginPerIp.reward(ip, 1)]);
  }

  /** Authenticator and recovery codes, for the account waiting at the second step. */
  async consumeSecondFactorAttempt(userId: number, address: string): Promise<void> {
    const ip = addressKey(address);
    const account = String(userId);
    let waitMs: number;
    try {
      waitMs = await this.secondFactorPerUser.attempt(account);
    } catch (error) {
      this.logger.error({ err: error }, 'rate limiter store failed');
      throw ApiErrors.serviceUnavailable();
    }
    if (waitMs > 0) throw ApiErrors.rateLimited(Math.ceil(waitMs / 1000));
    try {
      await this.consumeDelayed(this.secondFactorPerUserAndIp, `${userId}:${ip}`, ip);
    } catch (error) {
      await this.settle([this.secondFactorPerUser.giveBack(account)]);
      throw error;
    }
  }

  async secondFactorSettled(userId: number, address: string, outcome: 'succeeded' | 'inconclusive'): Promise<void> {
    const ip = addressKey(address);
    const key = `${userId}:${ip}`;
    await this.settle([
      outcome === 'succeeded'
        ? this.secondFactorPerUserAndIp.forgive(key)
        : this.secondFactorPerUserAndIp.giveBack(key),
      outcome === 'succeeded'
        ? this.secondFactorPerUser.forgive(String(userId))
        : this.secondFactorPerUser.giveBack(String(userId)),
      this.loginPerIp.reward(ip, 1),
    ]);
  }

  /**
   * Runs `attempt` (a code or current-password check in identity) under the second-factor budget:
   * counted up front, a wrong answer (IDENTITY.SECOND_FACTOR_INVALID) stays counted, a success clears
   * the record and anything else (an outage) is given back.
   */
  async throttleSecondFactor<T>(userId: number, address: string, attempt: () => Promise<T>): Promise<T> {
    await this.consumeSecondFactorAttempt(userId, address);
    try {
      const result = await attempt();
      await this.secondFactorSettled(userId, address, 'succeeded');
      return result;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ErrorCodes.secondFactorInvalid)) {
        await this.secondFactorSettled(userId, address, 'inconclusive');
      }
      throw error;
    }
  }

  async consumeRegistration(address: string): Promise<void> {
    await this.consume([[this.registerPerIp, addressKey(address)]]);
  }

  /**
   * Per (email, address) first: a stranger spending their share is refused there and spends nothing
   * of the owner's per-email ceiling, which only many addresses together can reach.
   */
  async consumePasswordResetRequest(email: string, address: string): Promise<void> {
    const ip = addressKey(address);
    const account = emailKey(email);
    await this.consume([
      [this.forgotPasswordPerEmailAndIp, `${account}:${ip}`],
      [this.forgotPasswordPerIp, ip],
    ]);
    await this.consume([[this.forgotPasswordPerEmail, account]]);
  }

  /** Consultation and free-trial requests: each one emails the team, so a script must not flood it. */
  async consumeConsultation(address: string): Promise<void> {
    await this.consume([[this.consultationsPerIp, addressKey(address)]]);
  }

  async consumeTestimonial(address: string): Promise<void> {
    await this.consume([[this.testimonialsPerIp, addressKey(address)]]);
  }

  /**
   * `caller` is `user:<id>` when signed in (every session of that user shares it), else `session:<id>`.
   * A visitor without a cookie gets a fresh session id per request: the address limit is what holds them.
   * The address is counted first, so a flood refused there cannot fill Redis with one key per request.
   */
  async consumeCallerRequest(limit: CallerLimit, caller: string, address: string): Promise<void> {
    const { perSession, perIp } = this.callerLimits[limit];
    await this.consume([[perIp, addressKey(address)]]);
    await this.consume([[perSession, caller]]);
  }

  /** The growing delay first (so a refused attempt spends nothing else), then the address budget. */
  private async consumeDelayed(delay: GrowingDelay, key: string, ip: string): Promise<void> {
    let waitMs: number;
    try {
      waitMs = await delay.attempt(key);
    } catch (error) {
      this.logger.error({ err: error }, 'rate limiter store failed');
      throw ApiErrors.serviceUnavailable();
    }
    if (waitMs > 0) throw ApiErrors.rateLimited(Math.ceil(waitMs / 1000));
    try {
      await this.consume([[this.loginPerIp, ip]]);
    } catch (error) {
      await this.settle([delay.giveBack(key)]);
      throw error;
    }
  }

  /** Consumes one point on each limiter; 429 with the longest wait if any is exhausted. */
  private async consume(entries: Counter[]): Promise<void> {
    const results = await Promise.allSettled(entries.map(([limiter, key]) => limiter.consume(key)));
    let retryAfterMs: number | undefined;
    for (const result of results) {
      if (result.status === 'fulfilled') continue;
      if (!(result.reason instanceof RateLimiterRes)) {
        this.logger.error({ err: result.reason }, 'rate limiter store failed');
        throw ApiErrors.serviceUnavailable();
      }
      retryAfterMs = Math.max(retryAfterMs ?? 0, result.reason.msBeforeNext);
    }
    if (retryAfterMs !== undefined) throw ApiErrors.rateLimited(Math.ceil(retryAfterMs / 1000));
  }

  /** Bookkeeping after the fact: a Redis hiccup here must not turn a finished login into an error. */
  private async settle(operations: Array<Promise<unknown>>): Promise<void> {
    for (const result of await Promise.allSettled(operations)) {
      if (result.status === 'rejected') this.logger.warn({ err: result.reason }, 'rate limiter update failed');
    }
  }
}
