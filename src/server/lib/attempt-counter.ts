import type { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterRedis,
  type RateLimiterAbstract,
  type RateLimiterRes,
} from "rate-limiter-flexible";

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

/**
 * The limiters' own limit is not used: the counters only add (`penalty`, which never refuses),
 * read and delete, and the callers compare the count with their own maximum.
 */
const unlimited = Number.MAX_SAFE_INTEGER;

const countOf = (res: RateLimiterRes | null): AttemptCount =>
  res ? { count: res.consumedPoints, resetInMs: Math.max(0, res.msBeforeNext) } : { count: 0, resetInMs: 0 };

function counterOver(limiter: RateLimiterAbstract): AttemptCounter {
  return {
    get: async (key) => countOf(await limiter.get(key)),
    hit: async (key) => countOf(await limiter.penalty(key, 1)),
    clear: async (key) => {
      await limiter.delete(key);
    },
  };
}

/**
 * Whole seconds: rate-limiter-flexible counts windows in seconds (the callers' are 15 minutes and
 * an hour).
 */
function windowSeconds(windowMs: number): number {
  if (windowMs % 1000 !== 0 || windowMs <= 0) throw new Error(`attempt window must be whole seconds: ${windowMs} ms`);
  return windowMs / 1000;
}

/**
 * This process's memory (rate-limiter-flexible's RateLimiterMemory): the default without
 * REDIS_URL. Each key leaves when its window ends (the library keeps no maximum number of keys);
 * what can add keys is itself limited per address (sign-in per minute, the link routes 10 per
 * 15 minutes) and a failed sign-in costs an argon2 verification.
 */
export function memoryAttemptCounter(windowMs: number): AttemptCounter {
  return counterOver(new RateLimiterMemory({ points: unlimited, duration: windowSeconds(windowMs) }));
}

/**
 * The memory a Redis counter falls back on (its `insuranceLimiter`); the library calls it only
 * when Redis did not answer, so each call reports the outage (`onFailure`, which logs it once).
 */
class FallbackMemory extends RateLimiterMemory {
  constructor(
    duration: number,
    private readonly onFailure: (error: unknown) => void,
    points = unlimited,
  ) {
    super({ points, duration });
  }

  #report(): void {
    this.onFailure(new Error("Redis did not answer an attempt counter; counting in memory"));
  }

  override get(key: string | number, options?: Record<string, unknown>) {
    this.#report();
    return super.get(key, options);
  }

  override penalty(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.#report();
    return super.penalty(key, points, options);
  }

  override consume(key: string | number, points?: number, options?: Record<string, unknown>) {
    this.#report();
    return super.consume(key, points, options);
  }

  override set(key: string | number, points: number, secDuration: number, options?: Record<string, unknown>) {
    this.#report();
    return super.set(key, points, secDuration, options);
  }

  /** Forgets a key without reporting (a clear that Redis answered clears this memory too). */
  forget(key: string): Promise<boolean> {
    return super.delete(key);
  }

  override delete(key: string | number, options?: Record<string, unknown>) {
    this.#report();
    return super.delete(key, options);
  }
}

/**
 * Counts in Redis (rate-limiter-flexible's RateLimiterRedis: one atomic script per hit) so that
 * every instance sees the same failures (DESIGN D14), and in this process's memory while Redis is
 * not connected or a command fails (its `insuranceLimiter`). Keys are `keyPrefix:key`.
 */
export function redisAttemptCounter(
  redis: Redis,
  keyPrefix: string,
  windowMs: number,
  onFailure: (error: unknown) => void,
): AttemptCounter {
  const duration = windowSeconds(windowMs);
  const fallback = new FallbackMemory(duration, onFailure);
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: unlimited,
    duration,
    // Not connected: straight to memory, without waiting for a command to fail.
    rejectIfRedisNotReady: true,
    insuranceLimiter: fallback,
  });
  return {
    ...counterOver(limiter),
    clear: async (key) => {
      await limiter.delete(key);
      // What was counted in memory during an outage is forgotten too, as Redis's count is.
      await fallback.forget(key);
    },
  };
}

/**
 * One attempt per key at a time, and none while the key is held (the growing delays after failed
 * passwords): `claim` takes the key's attempt atomically, so requests racing at the moment a delay
 * ends get one attempt between them, not one each; `hold` makes the key wait `holdMs` from now.
 */
export type AttemptGate = {
  /** Takes the key's attempt, holding it `holdMs` (until the attempt's outcome holds or clears it). */
  claim(key: string, holdMs: number): Promise<{ allowed: true } | { allowed: false; retryInMs: number }>;
  hold(key: string, holdMs: number): Promise<void>;
  clear(key: string): Promise<void>;
};

const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * A gate over a limiter of one point per key: a claim consumes it (creating the key for `holdMs`,
 * rate-limiter-flexible's `customDuration`), a hold sets it used for `holdMs`; a claim while the
 * point is used is refused with the time left.
 */
function gateOver(limiter: RateLimiterAbstract, clear: (key: string) => Promise<void>): AttemptGate {
  return {
    claim: async (key, holdMs) => {
      try {
        await limiter.consume(key, 1, { customDuration: wholeSeconds(holdMs) });
        return { allowed: true };
      } catch (refusal) {
        if (refusal instanceof Error) throw refusal;
        return { allowed: false, retryInMs: Math.max(1, (refusal as RateLimiterRes).msBeforeNext) };
      }
    },
    hold: async (key, holdMs) => {
      await limiter.set(key, 1, wholeSeconds(holdMs));
    },
    clear,
  };
}

/** The gate in this process's memory (without REDIS_URL). */
export function memoryAttemptGate(): AttemptGate {
  const limiter = new RateLimiterMemory({ points: 1, duration: 1 });
  return gateOver(limiter, async (key) => {
    await limiter.delete(key);
  });
}

/**
 * The gate in Redis, shared by every instance, and in memory while Redis does not answer (as
 * `redisAttemptCounter`). Keys are `keyPrefix:key`.
 */
export function redisAttemptGate(redis: Redis, keyPrefix: string, onFailure: (error: unknown) => void): AttemptGate {
  const fallback = new FallbackMemory(1, onFailure, 1);
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points: 1,
    duration: 1,
    rejectIfRedisNotReady: true,
    insuranceLimiter: fallback,
  });
  return gateOver(limiter, async (key) => {
    await limiter.delete(key);
    await fallback.forget(key);
  });
}
