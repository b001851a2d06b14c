import type { Redis } from 'ioredis';
import type { RequestHandler } from 'express';
import { CommonErrorCode } from '@gleba/contracts';
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
 * Fixed-window counters in Redis, per client IP and per signed-in account, in one round trip.
 * When Redis is unreachable the gateway lets requests through (and logs): availability first,
 * services still enforce their own brute-force limits on login and password reset.
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  return async (req, res, next) => {
    const window = Math.floor(Date.now() / options.windowMs);
    const ipKey = `${options.prefix}:rl:ip:${req.ip ?? 'unknown'}:${window}`;
    const accountKey = req.auth ? `${options.prefix}:rl:acct:${req.auth.userId}:${window}` : null;
    try {
      const pipeline = options.redis.multi().incr(ipKey).pexpire(ipKey, options.windowMs);
      if (accountKey) pipeline.incr(accountKey).pexpire(accountKey, options.windowMs);
      const results = (await pipeline.exec()) ?? [];
      const ipCount = Number(results[0]?.[1] ?? 0);
      const accountCount = accountKey ? Number(results[2]?.[1] ?? 0) : 0;
      const overIp = ipCount > options.ipLimit;
      const overAccount = accountKey !== null && accountCount > options.accountLimit;
      const limit = accountKey ? options.accountLimit : options.ipLimit;
      const used = accountKey ? accountCount : ipCount;
      res.setHeader('RateLimit-Limit', String(limit));
      res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - used)));
      if (overIp || overAccount) {
        const retryAfter = Math.ceil((options.windowMs - (Date.now() % options.windowMs)) / 1000);
        res.setHeader('Retry-After', String(retryAfter));
        res
          .status(429)
          .json(errorBody(429, CommonErrorCode.rateLimited, 'Too many requests, try again later', req.requestId, requestLanguage(req)));
        return;
      }
    } catch (error) {
      options.logger.warn({ err: error }, 'rate limiter unavailable; request let through');
    }
    next();
  };
}
