import type { Redis } from 'ioredis';

/**
 * Takes one attempt from every counter given, or none: when any counter (KEYS[i]) has reached its
 * limit (ARGV[i + 1]) nothing changes and the script answers 0; otherwise each counter is
 * incremented (a new one gets the window ARGV[1] as its expiry) and the script answers 1. One
 * script runs atomically in Redis, so parallel attempts can never pass a check together.
 */
const TAKE_SCRIPT = `
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then return 0 end
end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('EXPIRE', key, ARGV[1]) end
end
return 1
`;

/** Gives one attempt back (a counter that expired meanwhile is left alone, never made negative). */
const GIVE_BACK_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return n
`;

type LimiterRedis = Redis & {
  glebaTakeAttempt(keys: number, ...args: (string | number)[]): Promise<number>;
  glebaGiveBackAttempt(key: string): Promise<number>;
};

/** Fixed-window counters in Redis, shared by every instance of identity. */
export class RateLimiter {
  private readonly redis: LimiterRedis;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.redis = redis as LimiterRedis;
    if (typeof this.redis.glebaTakeAttempt !== 'function') {
      redis.defineCommand('glebaTakeAttempt', { lua: TAKE_SCRIPT });
      redis.defineCommand('glebaGiveBackAttempt', { lua: GIVE_BACK_SCRIPT, numberOfKeys: 1 });
    }
  }

  private key(name: string): string {
    return `${this.prefix}:identity:rl:${name}`;
  }

  /** Counts one more hit and returns the count in the current window. */
  async hit(name: string, windowSeconds: number): Promise<number> {
    const key = this.key(name);
    const [[, count]] = (await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [
      [unknown, number],
    ];
    return count;
  }

  /**
   * Takes an attempt from each named counter before the attempt is made, atomically: false (and
   * nothing counted) when one of them is already at its limit. A check-then-count would let every
   * request of a parallel burst pass the check before any of them counted.
   */
  async take(counters: { name: string; limit: number }[], windowSeconds: number): Promise<boolean> {
    const result = await this.redis.glebaTakeAttempt(
      counters.length,
      ...counters.map((c) => this.key(c.name)),
      windowSeconds,
      ...counters.map((c) => c.limit),
    );
    return result === 1;
  }

  /** Gives back an attempt taken by `take` (a successful one that should not count). */
  async giveBack(name: string): Promise<void> {
    await this.redis.glebaGiveBackAttempt(this.key(name));
  }

  async count(name: string): Promise<number> {
    return Number((await this.redis.get(this.key(name))) ?? 0);
  }

  async reset(name: string): Promise<void> {
    await this.redis.del(this.key(name));
  }
}
