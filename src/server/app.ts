import { randomUUID } from "node:crypto";
import { join } from "node:path";
import cookie from "@fastify/cookie";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import { readBuildInfo } from "./lib/build-info.ts";
import database from "./plugins/database.ts";
import errors from "./plugins/errors.ts";
import rateLimit from "./plugins/rate-limit.ts";
import security from "./plugins/security.ts";
import staticSite from "./plugins/static-site.ts";
import health from "./routes/health.ts";
import seo from "./routes/seo.ts";
import productRoutes from "./routes/api/products/index.ts";
import imageRoutes from "./routes/api/image/index.ts";
import fontRecognizer from "./plugins/font-recognizer.ts";
import analyzeFontRoutes from "./routes/api/analyze-font/index.ts";
import fontRoutes from "./routes/api/fonts/index.ts";

const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/;

/** Builds the whole application from plugins; `server.ts` only listens. Tests call this directly. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && requestIdPattern.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreDuplicateSlashes: true },
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });

  const { styleHashes = [] } = readBuildInfo(config.STATIC_DIR);
  await app.register(security, { https: config.SITE_URL.startsWith("https://"), styleHashes });
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(rateLimit, { redisUrl: config.REDIS_URL, perMinute: config.RATE_LIMIT_PER_MINUTE });
  await app.register(database, { url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await app.register(staticSite, { root: config.STATIC_DIR });
  await app.register(errors);
  await app.register(fontRecognizer, { workers: config.FONT_WORKERS, queueLimit: config.FONT_QUEUE_LIMIT });

  await app.register(health);
  await app.register(seo, { siteUrl: config.SITE_URL });
  await app.register(productRoutes);
  await app.register(imageRoutes, { mediaDir: config.MEDIA_DIR, variantsDir: join(config.STATIC_DIR, "..", "media") });
  await app.register(analyzeFontRoutes);
  await app.register(fontRoutes);

  return app;
}
