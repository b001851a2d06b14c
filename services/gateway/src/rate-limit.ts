import type { Redis } from 'ioredis';
import type { RequestHandler } from 'express';
import { CommonErrorCode, IdentityErrorCode, revokedSessionKey, suspendedAccountKey } from '@gleba/contracts';
import { errorBody, requestLanguage, type AuthContext, type Logger } from '@gleba/platform';

export interface RateLimitOptions {
  redis: Redis;
  prefix: string;
  ipLimit: number;
  accountLimit: number;
  windowMs: number;
  logger: Logger;
}

/**
 * Both counters in one Redis command: increments the IP's window (KEYS[1]) and, when a signed-in
 * account is given, the account's (KEYS[2]), whether identity marked it suspended (KEYS[3]) and
 * whether it marked the token's session ended (KEYS[4]: logout, password change or reset); a
 * counter gets its expiry when it is created (the script runs atomically, so no counter is ever
 * left without one). Replies `[ipCount, accountCount, suspended, sessionEnded]`.
 */
const COUNT_SCRIPT = `
local ip = redis.call('INCR', KEYS[1])
if ip == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local account = 0
local suspended = 0
local ended = 0
if #KEYS > 1 then
  account = redis.call('INCR', KEYS[2])
  if account == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[1]) end
  suspended = redis.call('EXISTS', KEYS[3])
  if #KEYS > 3 then ended = redis.call('EXISTS', KEYS[4]) end
end
return {ip, account, suspended, ended}
`;

type CountingRedis = Redis & {
  glebaRateCount(keys: number, ...args: (string | number)[]): Promise<[number, number, number, number]>;
};

/** What the limiter decided: headers to answer with, and a refusal (status, code, message) or none. */
export interface RateVerdict {
  headers: [string, string][];
  refusal?: { status: number; code: string; message: string };
}

/**
 * Fixed-window counters in Redis, per client IP and per signed-in account, in one command (a
 * script sent once and then run by its hash). When Redis is unreachable the gateway lets requests
 * through (and logs): availability first, services still enforce their own brute-force limits on
 * login and password reset. `log` gives the logger with the request's ids for that warning.
 */
export function rateCounter(
  options: RateLimitOptions,
): (ip: string | undefined, auth: AuthContext | undefined, log: () => Logger) => Promise<RateVerdict> {
  const redis = options.redis as CountingRedis;
  if (typeof redis.glebaRateCount !== 'function')
    redis.defineCommand('glebaRateCount', { lua: COUNT_SCRIPT });
  const ipLimit = String(options.ipLimit);
  const accountLimit = String(options.accountLimit);
  const windowMs = String(options.windowMs);
  return async (ip, auth, log) => {
    const window = Math.floor(Date.now() / options.windowMs);
    const ipKey = `${options.prefix}:rl:ip:${ip ?? 'unknown'}:${window}`;
    try {
      let ipCount: number;
      let accountCount = 0;
      let suspended = 0;
      let sessionEnded = 0;
      if (!auth) {
        [ipCount] = await redis.glebaRateCount(1, ipKey, windowMs);
      } else {
        const accountKey = `${options.prefix}:rl:acct:${auth.userId}:${window}`;
        const suspendedKey = suspendedAccountKey(options.prefix, auth.userId);
        [ipCount, accountCount, suspended, sessionEnded] = auth.sessionId
          ? await redis.glebaRateCount(
              4,
              ipKey,
              accountKey,
              suspendedKey,
              revokedSessionKey(options.prefix, auth.sessionId),
              windowMs,
            )
          : await redis.glebaRateCount(3, ipKey, accountKey, suspendedKey, windowMs);
      }
      // A token issued before the account was suspended: refused here at once.
      if (suspended === 1)
        return {
          headers: [],
          refusal: {
            status: 403,
            code: IdentityErrorCode.accountSuspended,
            message: 'Account suspended, contact the administrator',
          },
        };
      // A token of a session that ended (logout, password change or reset) before it expired.
      if (sessionEnded === 1)
        return {
          headers: [],
          refusal: { status: 401, code: IdentityErrorCode.reauthenticate, message: 'Please re-authenticate' },
        };
      const used = auth ? accountCount : ipCount;
      const limit = auth ? options.accountLimit : options.ipLimit;
      const headers: [string, string][] = [
        ['RateLimit-Limit', auth ? accountLimit : ipLimit],
        ['RateLimit-Remaining', String(Math.max(0, limit - used))],
      ];
      if (ipCount > options.ipLimit || (auth !== undefined && accountCount > options.accountLimit)) {
        const retryAfter = Math.ceil((options.windowMs - (Date.now() % options.windowMs)) / 1000);
        headers.push(['Retry-After', String(retryAfter)]);
        return {
          headers,
          refusal: {
            status: 429,
            code: CommonErrorCode.rateLimited,
            message: 'Too many requests, try again later',
          },
        };
      }
      return { headers };
    } catch (error) {
      log().warn({ err: error }, 'rate limiter unavailable; request let through');
      return { headers: [] };
    }
  };
}

/** `rateCounter` as express middleware (the gateway's express stack: the CMS and odd API paths). */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const count = rateCounter(options);
  return async (req, res, next) => {
    const log = () =>
      options.logger.child({ correlationId: res.getHeader('x-correlation-id'), requestId: req.requestId });
    const verdict = await count(req.ip, req.auth, log);
    for (const [name, value] of verdict.headers) res.setHeader(name, value);
    if (verdict.refusal) {
      const { status, code, message } = verdict.refusal;
      res.status(status).json(errorBody(status, code, message, req.requestId, requestLanguage(req)));
      return;
    }
    next();
  };
}
