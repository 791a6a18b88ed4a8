import { Inject, Injectable } from '@nestjs/common';
import type { Role, UserDto } from '@medtutor/contracts';
import { RedisStore } from 'connect-redis';
import type { Request, RequestHandler, Response } from 'express';
import session, { type SessionData } from 'express-session';
import type { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { REDIS, redisKeys } from '../redis/redis.module.js';
import type { PendingSecondFactor, SessionEndReason } from './session-data.js';
import { isPastAbsoluteExpiry, sessionCookieOptions, sessionTtlSeconds } from './session-policy.js';

/** Deletes every session listed in a user's index, and the index, in one atomic step. */
const END_ALL_SESSIONS = `
local ids = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(ids) do redis.call('DEL', ARGV[1] .. id) end
redis.call('DEL', KEYS[1])
return #ids`;

/**
 * Ends every session listed in a user's index at once, keeping each one's key (until its own expiry)
 * with only its cookie settings and the reason, so the cookie's next request can be told why. A
 * record that cannot be read is deleted. The index goes: those sessions belong to nobody now.
 */
const END_ALL_SESSIONS_WITH_REASON = `
local ids = redis.call('SMEMBERS', KEYS[1])
for _, id in ipairs(ids) do
  local key = ARGV[1] .. id
  local raw = redis.call('GET', key)
  if raw then
    local ttl = redis.call('PTTL', key)
    local ok, data = pcall(cjson.decode, raw)
    if ok and type(data) == 'table' and ttl > 0 then
      redis.call('SET', key, cjson.encode({ cookie = data.cookie, endedBecause = ARGV[2] }), 'PX', ttl)
    else
      redis.call('DEL', key)
    end
  end
end
redis.call('DEL', KEYS[1])
return #ids`;

/**
 * express-session pushes a session's idle expiry in Redis on every answer (`rolling`). This store
 * pushes it at most once per tenth of the idle window (at most a minute) per session and replica:
 * a signed-in page view then costs one Redis round trip, not two, and a session idle for its whole
 * window still ends within that tenth of its time.
 */
class ThrottledTouchStore extends RedisStore {
  private readonly touchedAt = new Map<string, number>();

  constructor(
    options: ConstructorParameters<typeof RedisStore>[0],
    private readonly touchIntervalMs: number,
  ) {
    super(options);
  }

  override async touch(sid: string, sess: SessionData, cb?: (error?: unknown) => void): Promise<void> {
    const now = Date.now();
    const last = this.touchedAt.get(sid);
    if (last !== undefined && now - last < this.touchIntervalMs) {
      cb?.();
      return;
    }
    // Bounded: a cleared map only means one more touch per session.
    if (this.touchedAt.size >= 100_000) this.touchedAt.clear();
    this.touchedAt.set(sid, now);
    await super.touch(sid, sess, cb);
  }
}

/**
 * Server-side sessions in Redis. Besides express-session's own key per session, each user has a set
 * of their session ids, so a password reset can end all of them.
 */
@Injectable()
export class SessionsService {
  private readonly keys: ReturnType<typeof redisKeys>;
  private readonly store: RedisStore;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.keys = redisKeys(config.redisKeyPrefix);
    const { idleMs, absoluteMs } = config.session;
    this.store = new ThrottledTouchStore(
      {
        client: redis,
        prefix: this.keys.sessionPrefix,
        ttl: (data) => sessionTtlSeconds(data.createdAt, Date.now(), idleMs, absoluteMs),
      },
      Math.min(60_000, idleMs / 10),
    );
  }

  /** express-session, then the absolute-lifetime check. */
  middleware(): RequestHandler[] {
    const { session: policy, sessionSecret, previousSessionSecrets } = this.config;
    return [
      session({
        name: policy.cookieName,
        // express-session signs with the first secret and accepts cookies signed by any of them.
        secret: [sessionSecret, ...previousSessionSecrets],
        store: this.store,
        // The default id generator (uid-safe, 24 random bytes = 192 bits) is opaque and unguessable.
        resave: false,
        saveUninitialized: false,
        // Each response pushes the idle expiry forward, in the cookie and in Redis.
        rolling: true,
        cookie: { ...sessionCookieOptions(policy), maxAge: policy.idleMs },
      }),
      this.enforceAbsoluteExpiry,
    ];
  }

  /** Starts a signed-in session under a fresh id, so an id planted before login is worthless. */
  async signIn(req: Request, user: { id: number; role: Role }): Promise<void> {
    const previousUserId = req.session.userId;
    const previousId = req.sessionID;
    await new Promise<void>((resolve, reject) =>
      req.session.regenerate((error) => (error ? reject(error) : resolve())),
    );
    Object.assign(req.session, { userId: user.id, role: user.role, createdAt: Date.now() });
    await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
    const index = this.keys.userSessions(user.id);
    const update = this.redis
      .multi()
      .sadd(index, req.sessionID)
      .expire(index, Math.ceil(this.config.session.absoluteMs / 1000));
    if (previousUserId) update.srem(this.keys.userSessions(previousUserId), previousId);
    await update.exec();
  }

  /**
   * The password step passed but a second one is due: a fresh id (as at sign-in) holding only the
   * pending step, so every guard still sees a visitor.
   */
  async beginSecondFactor(req: Request, user: UserDto, stage: PendingSecondFactor['stage']): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      req.session.regenerate((error) => (error ? reject(error) : resolve())),
    );
    req.session.secondFactor = { stage, user, since: Date.now() };
    await new Promise<void>((resolve, reject) => req.session.save((error) => (error ? reject(error) : resolve())));
  }

  /** Destroys the current session in Redis and clears the cookie; harmless when signed out. */
  async signOut(req: Request, res: Response): Promise<void> {
    const userId = req.session?.userId;
    const sessionId = req.sessionID;
    if (req.session) {
      await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
    }
    if (userId) await this.redis.srem(this.keys.userSessions(userId), sessionId);
    res.clearCookie(this.config.session.cookieName, sessionCookieOptions(this.config.session));
  }

  /**
   * Ends the current signed-in session for `reason`, keeping it as a visitor's that remembers why
   * (as `endAllForUserBecause` leaves each one); signing in again starts a fresh one.
   */
  async endBecause(req: Request, reason: SessionEndReason): Promise<void> {
    const userId = req.session.userId;
    delete req.session.userId;
    delete req.session.role;
    delete req.session.createdAt;
    delete req.session.secondFactor;
    req.session.endedBecause = reason;
    if (userId) await this.redis.srem(this.keys.userSessions(userId), req.sessionID);
  }

  /** Ends every session of a user (after a password reset); returns how many were listed. */
  async endAllForUser(userId: number): Promise<number> {
    const ended = await this.redis.eval(END_ALL_SESSIONS, 1, this.keys.userSessions(userId), this.keys.sessionPrefix);
    return Number(ended);
  }

  /**
   * Ends every session of a user for `reason` (a tutor's deactivation), in one atomic step: no
   * request of theirs, on any gateway replica, finds a signed-in session afterwards.
   */
  async endAllForUserBecause(userId: number, reason: SessionEndReason): Promise<number> {
    const ended = await this.redis.eval(
      END_ALL_SESSIONS_WITH_REASON,
      1,
      this.keys.userSessions(userId),
      this.keys.sessionPrefix,
      reason,
    );
    return Number(ended);
  }

  private readonly enforceAbsoluteExpiry: RequestHandler = (req, res, next) => {
    const current = req.session;
    if (!current?.userId || !isPastAbsoluteExpiry(current.createdAt, Date.now(), this.config.session.absoluteMs)) {
      next();
      return;
    }
    this.signOut(req, res).then(() => next(), next);
  };
}
