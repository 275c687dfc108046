import rateLimit from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import fp from "fastify-plugin";

/**
 * Rate limits, in memory by default; with REDIS_URL in Redis so that several instances agree
 * (DESIGN D14). Routes opt in with `config: { rateLimit: { max, timeWindow } }`.
 */
export default fp<{ redisUrl?: string; perMinute: number }>(
  async (app, options) => {
    let redis: Redis | undefined;
    if (options.redisUrl) {
      const { Redis } = await import("ioredis");
      redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: false });
      app.addHook("onClose", async () => {
        await redis?.quit();
      });
    }
    await app.register(rateLimit, {
      global: false,
      max: options.perMinute,
      timeWindow: "1 minute",
      ...(redis ? { redis, nameSpace: "studio-rate-limit:" } : {}),
    });
  },
  { name: "rate-limit" },
);
