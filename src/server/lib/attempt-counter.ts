import type { Redis } from "ioredis";

/** How many attempts a key has made in the current window, and when the window ends. */
export type AttemptCount = { count: number; resetInMs: number };

/**
 * Counts events per key in a fixed window (failed sign-ins per account and per address,
 * reset links per e-mail). Unlike a request rate limit it counts only what the caller reports
 * (a failure), and can be read without counting and cleared (a successful sign-in).
 */
export type AttemptCounter = {
  get(key: string): Promise<AttemptCount>;
  hit(key: string): Promise<AttemptCount>;
  clear(key: string): Promise<void>;
};

/** This process's memory: the default, and the fallback while Redis is unreachable. */
export function memoryAttemptCounter(windowMs: number, maxKeys = 100_000): AttemptCounter {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const prune = (now: number) => {
    for (const [key, entry] of entries) if (entry.resetAt <= now) entries.delete(key);
    // Still full of live keys (a flood of distinct keys): forget the oldest rather than grow.
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  };
  return {
    async get(key) {
      const now = Date.now();
      const entry = live(key, now);
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now } : { count: 0, resetInMs: 0 };
    },
    async hit(key) {
      const now = Date.now();
      let entry = live(key, now);
      if (!entry) {
        if (entries.size >= maxKeys) prune(now);
        entry = { count: 0, resetAt: now + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - now };
    },
    async clear(key) {
      entries.delete(key);
    },
  };
}

// INCR, start the window on the first hit, and answer the count with the time left.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }`;

/**
 * Counts in Redis so that every instance sees the same failures (DESIGN D14), and in memory
 * while Redis does not answer (`fallback`, which the caller shares with its other counters).
 */
export function redisAttemptCounter(
  redis: Redis,
  prefix: string,
  windowMs: number,
  onFailure: (error: unknown) => void,
): AttemptCounter {
  const local = memoryAttemptCounter(windowMs);
  const attempt = async <T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (redis.status !== "ready") {
      onFailure(new Error(`Redis connection is ${redis.status}`));
      return fallback();
    }
    try {
      return await remote();
    } catch (error) {
      onFailure(error);
      return fallback();
    }
  };
  return {
    get: (key) =>
      attempt(
        async () => {
          const [[, count], [, ttl]] = (await redis
            .multi()
            .get(prefix + key)
            .pttl(prefix + key)
            .exec()) as [[unknown, string | null], [unknown, number]];
          return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
        },
        () => local.get(key),
      ),
    hit: (key) =>
      attempt(
        async () => {
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
          return { count, resetInMs: ttl };
        },
        () => local.hit(key),
      ),
    clear: (key) =>
      attempt(
        async () => {
          await redis.del(prefix + key);
          await local.clear(key);
        },
        () => local.clear(key),
      ),
  };
}
