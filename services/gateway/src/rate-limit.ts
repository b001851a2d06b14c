import type { Redis } from 'ioredis';
import type { RequestHandler } from 'express';
import { CommonErrorCode, IdentityErrorCode, revokedSessionKey, suspendedAccountKey } from '@gleba/contracts';
import { errorBody, requestLanguage, type Logger } from '@gleba/platform';

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

/**
 * Fixed-window counters in Redis, per client IP and per signed-in account, in one command (a
 * script sent once and then run by its hash). When Redis is unreachable the gateway lets requests
 * through (and logs): availability first, services still enforce their own brute-force limits on
 * login and password reset.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const redis = options.redis as CountingRedis;
  if (typeof redis.glebaRateCount !== 'function')
    redis.defineCommand('glebaRateCount', { lua: COUNT_SCRIPT });
  const ipLimit = String(options.ipLimit);
  const accountLimit = String(options.accountLimit);
  return async (req, res, next) => {
    const window = Math.floor(Date.now() / options.windowMs);
    const ipKey = `${options.prefix}:rl:ip:${req.ip ?? 'unknown'}:${window}`;
    const accountKey = req.auth ? `${options.prefix}:rl:acct:${req.auth.userId}:${window}` : null;
    try {
      const sessionId = req.auth?.sessionId;
      const [ipCount, accountCount, suspended, sessionEnded] = accountKey
        ? sessionId
          ? await redis.glebaRateCount(
              4,
              ipKey,
              accountKey,
              suspendedAccountKey(options.prefix, req.auth!.userId),
              revokedSessionKey(options.prefix, sessionId),
              options.windowMs,
            )
          : await redis.glebaRateCount(
              3,
              ipKey,
              accountKey,
              suspendedAccountKey(options.prefix, req.auth!.userId),
              options.windowMs,
            )
        : await redis.glebaRateCount(1, ipKey, options.windowMs);
      if (suspended === 1) {
        // A token issued before the account was suspended: refused here at once.
        res
          .status(403)
          .json(
            errorBody(
              403,
              IdentityErrorCode.accountSuspended,
              'Account suspended, contact the administrator',
              req.requestId,
              requestLanguage(req),
            ),
          );
        return;
      }
      if (sessionEnded === 1) {
        // A token of a session that ended (logout, password change or reset) before it expired.
        res
          .status(401)
          .json(
            errorBody(
              401,
              IdentityErrorCode.reauthenticate,
              'Please re-authenticate',
              req.requestId,
              requestLanguage(req),
            ),
          );
        return;
      }
      const overIp = ipCount > options.ipLimit;
      const overAccount = accountKey !== null && accountCount > options.accountLimit;
      const used = accountKey ? accountCount : ipCount;
      const limit = accountKey ? options.accountLimit : options.ipLimit;
      res.setHeader('RateLimit-Limit', accountKey ? accountLimit : ipLimit);
      res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - used)));
      if (overIp || overAccount) {
        const retryAfter = Math.ceil((options.windowMs - (Date.now() % options.windowMs)) / 1000);
        res.setHeader('Retry-After', String(retryAfter));
        res
          .status(429)
          .json(
            errorBody(
              429,
              CommonErrorCode.rateLimited,
              'Too many requests, try again later',
              req.requestId,
              requestLanguage(req),
            ),
          );
        return;
      }
    } catch (error) {
      options.logger.warn({ err: error }, 'rate limiter unavailable; request let through');
    }
    next();
  };
}
