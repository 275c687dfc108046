import rateLimit, { type FastifyRateLimitOptions, type FastifyRateLimitStore } from "@fastify/rate-limit";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import fp from "fastify-plugin";
import { withoutStack } from "../lib/api-error.ts";
import {
  memoryAttemptCounter,
  memoryAttemptGate,
  redisAttemptCounter,
  redisAttemptGate,
  type AttemptCounter,
  type AttemptGate,
} from "../lib/attempt-counter.ts";
import { routeOf } from "../lib/route-label.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * A counter of events per key over a fixed window (failed sign-ins per account, say), in the
     * same place as the rate limits: Redis when REDIS_URL is set, else memory. `name` keeps
     * counters apart.
     */
    attemptCounter(name: string, windowMs: number): AttemptCounter;
    /** One attempt per key at a time, held for a delay (sign-in after failures), in the same place. */
    attemptGate(name: string): AttemptGate;
  }
}

type Store = FastifyRateLimitStore;
type Callback = Parameters<Store["incr"]>[1];
type RouteOptions = Parameters<Store["child"]>[0];

/** The plugin hands stores its resolved settings, which carry these two flags untyped. */
function windowFlags(params: object): [continueExceeding: boolean, exponentialBackoff: boolean] {
  const flags = params as { continueExceeding?: boolean; exponentialBackoff?: boolean };
  return [flags.continueExceeding ?? false, flags.exponentialBackoff ?? false];
}

/**
 * Logs a Redis outage once, and its end: the counters carry on in memory meanwhile. Returns the
 * function the stores and counters call when a command could not reach Redis.
 */
function outageReporter(redis: Redis, log: FastifyBaseLogger) {
  let degraded = false;
  redis.on("ready", () => {
    if (!degraded) return;
    degraded = false;
    log.warn("rate limits: Redis is back, counting there again");
  });
  return (error: unknown) => {
    if (degraded) return;
    degraded = true;
    log.warn({ err: error }, "rate limits: Redis unavailable, counting in memory until it returns");
  };
}

/**
 * Counts in Redis while it answers and in this process's memory while it does not, so an outage
 * of Redis loosens the limits to one instance's share instead of taking every limited route down.
 * Commands fail at once when Redis is away (no offline queue) or slow (commandTimeout).
 */
function redisOrMemoryStore(redis: Redis, nameSpace: string, fallBack: (error: unknown) => void) {
  return class RedisOrMemoryStore {
    constructor(
      params: FastifyRateLimitOptions | RouteOptions,
      private readonly remote: Store = new RedisStore(...windowFlags(params), redis, nameSpace),
      private readonly local: Store = new LocalStore(...windowFlags(params)),
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      if (redis.status !== "ready") {
        fallBack(new Error(`Redis connection is ${redis.status}`));
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.remote.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          fallBack(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteOptions): Store {
      return new RedisOrMemoryStore(routeOptions, this.remote.child(routeOptions), this.local.child(routeOptions));
    }
  };
}

/**
 * Rate limits, in memory by default; with REDIS_URL in Redis so that several instances agree
 * (DESIGN D14), falling back to memory while Redis is unreachable. Routes opt in with
 * `config: { rateLimit: { max, timeWindow } }`; code that counts only failures uses
 * `app.attemptCounter`, and code that spaces attempts out `app.attemptGate`.
 */
export default fp<{ redisUrl?: string; perMinute: number }>(
  async (app, options) => {
    const nameSpace = "studio-rate-limit:";
    let store: ReturnType<typeof redisOrMemoryStore> | undefined;
    let counter = (_name: string, windowMs: number) => memoryAttemptCounter(windowMs);
    let gate = (_name: string) => memoryAttemptGate();
    if (options.redisUrl) {
      const { Redis } = await import("ioredis");
      const redis = new Redis(options.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: 500,
        connectTimeout: 2000,
        // Keep trying to reconnect, at most every 5 s, for as long as the process lives.
        retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
      });
      // Without a listener ioredis prints every failed reconnect; the store logs the outage once.
      redis.on("error", (error: Error) => app.log.debug({ err: error }, "redis connection error"));
      app.addHook("onClose", async () => {
        redis.disconnect();
      });
      const fallBack = outageReporter(redis, app.log);
      store = redisOrMemoryStore(redis, nameSpace, fallBack);
      // Keys stay `studio-rate-limit:<name>:<key>`: instances still on the previous code share the counts.
      counter = (name, windowMs) => redisAttemptCounter(redis, `${nameSpace}${name}`, windowMs, fallBack);
      gate = (name) => redisAttemptGate(redis, `${nameSpace}${name}`, fallBack);
    }
    app.decorate("attemptCounter", counter);
    app.decorate("attemptGate", gate);
    // With metrics on, each refusal is counted by its route's pattern.
    const metrics = app.metrics;
    await app.register(rateLimit, {
      ...(metrics ? { onExceeded: (request) => metrics.rateLimited(routeOf(request)) } : {}),
      global: false,
      // The plugin's own refusal, without the stack it would capture for every 429.
      errorResponseBuilder: (_request, context) =>
        withoutStack(() =>
          Object.assign(new Error(`Rate limit exceeded, retry in ${context.after}`), {
            statusCode: context.statusCode,
          }),
        ),
      max: options.perMinute,
      timeWindow: "1 minute",
      ...(store ? { store } : {}),
    });
  },
  { name: "rate-limit" },
);
