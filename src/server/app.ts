import { createServer } from "node:http";
import cookie from "@fastify/cookie";
import compress from "@fastify/compress";
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from "fastify";
import type { DestinationStream } from "pino";
import type { Config } from "./config.ts";
import { adminRefusalMessage, createAdmin } from "./modules/accounts/create-admin.ts";
import { zodValidatorCompiler } from "./lib/zod-validation.ts";
import auth from "./plugins/auth.ts";
import backgroundJobs from "./plugins/background-jobs.ts";
import catalogCache from "./plugins/catalog-cache.ts";
import { clientErrors, frameworkErrors, ResponsesByConnection } from "./lib/early-errors.ts";
import { compressThreshold } from "./lib/accept-encoding.ts";
import { Drain } from "./lib/drain.ts";
import { FrontDoor } from "./lib/front-door.ts";
import { requestIdOf } from "./lib/request-id.ts";
import { requestLine, requestLoggerFactory } from "./lib/request-logger.ts";
import { loggableUrl, neverLoggedHeaders } from "./lib/redact.ts";
import { securityHeaders } from "./lib/security-headers.ts";
import database from "./plugins/database.ts";
import errors from "./plugins/errors.ts";
import fontRecognizer from "./plugins/font-recognizer.ts";
import i18n from "./plugins/i18n.ts";
import jsonBody from "./plugins/json-body.ts";
import metrics from "./plugins/metrics.ts";
import outbox from "./plugins/outbox.ts";
import payments from "./plugins/payments.ts";
import rateLimit from "./plugins/rate-limit.ts";
import security from "./plugins/security.ts";
import staticSite from "./plugins/static-site.ts";
import apiRoutes from "./routes/api/index.ts";
import applePayDomain from "./routes/apple-pay-domain.ts";
import health from "./routes/health.ts";
import seo from "./routes/seo.ts";
import { studio } from "#content/studio.ts";

/**
 * Fastify's own hop count trusts no one (it cannot tell a proxy from a client), so a count
 * becomes "the nearest `hops` peers are our proxies": the client address is the entry that many
 * steps from the right of X-Forwarded-For, and a spoofed leftmost entry is never read.
 */
function trustedProxies(setting: Config["TRUST_PROXY"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** One log line per answered request, when it is answered (Fastify writes two by default). */
class OneLinePerRequest extends LogController {
  readonly #frontDoor: FrontDoor;

  constructor(frontDoor: FrontDoor) {
    super();
    this.#frontDoor = frontDoor;
  }

  override incomingRequest(): void {}

  // Fastify's own 404 line names the URL: without its query (issue 35).
  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${loggableUrl(request.url, false)} not found`);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = requestLine(request, reply);
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    // Pages, assets and the other answers that are the same for everyone (those the front door
    // holds) are the bulk of the traffic and the least telling: they are logged at debug; other
    // API calls and anything that went wrong at info.
    else if (reply.statusCode < 400 && (!request.url.startsWith("/api/") || this.#frontDoor.holds(request.url))) {
      reply.log.debug(line, "request completed");
    } else reply.log.info(line, "request completed");
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Answers the same for everyone, served before the app (lib/front-door.ts). */
    readonly frontDoor: FrontDoor;
    /** Set when shutdown begins: /readyz says 503 and answers close their connection (lib/drain.ts). */
    readonly drain: Drain;
  }
}

/** Builds the whole application from plugins; `server.ts` only listens. Tests call this directly. */
export type BuildOptions = {
  /** Called for every route as it is added (tests list the routes of a subtree with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Registers more plugins before the app's own routes (tests add probe routes with it). */
  extend?: (app: FastifyInstance) => Promise<void>;
  /** Where the log goes (server.ts passes a buffered stdout); Fastify's default otherwise. */
  logStream?: DestinationStream;
  /** How long the metrics reuse a count read from the database (default 2 s; tests pass 0). */
  metricsCacheMs?: number;
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const securityOptions = {
    https: config.SITE_URL.startsWith("https://"),
    siteUrl: config.SITE_URL,
  };
  // The same headers as every other answer, for the refusals Fastify makes before any hook runs.
  const headers = securityHeaders(securityOptions);
  // Pages and assets, answered as the app answers them, before the app (lib/front-door.ts).
  const frontDoor = new FrontDoor({ enabled: config.LOG_LEVEL !== "debug" && config.LOG_LEVEL !== "trace" });
  const responses = new ResponsesByConnection();
  const drain = new Drain();
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // Credentials never reach the log, whichever code logs a request or its headers (issue 35).
      redact: { paths: neverLoggedHeaders, censor: "***" },
      // A request that some code logs whole (`{ req }`) shows its path, never its query.
      serializers: {
        req: (request: { method?: string; url?: string }) => ({
          method: request.method,
          url: loggableUrl(request.url ?? "", false),
        }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new OneLinePerRequest(frontDoor),
    // A request's pino child is made when it first logs, not for every request (most log nothing).
    childLoggerFactory: requestLoggerFactory,
    // Opening the embedded database and migrating it can take longer than Fastify's 10 s on a
    // busy machine; /readyz says when the app is ready, so waiting longer costs nothing.
    pluginTimeout: 120_000,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // The HTTP server, made here with the front door first (Fastify then sets no timeout of its
    // own). Slow or stalled clients (one byte every few seconds) are cut off instead of holding
    // sockets and buffers for ever; Node checks the request and header deadlines every second.
    serverFactory: (handler) => {
      const server = createServer(
        {
          requestTimeout: config.REQUEST_TIMEOUT_MS,
          // Node refuses a header deadline later than the request's.
          headersTimeout:
            config.REQUEST_TIMEOUT_MS > 0
              ? Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS)
              : config.HEADERS_TIMEOUT_MS,
          connectionsCheckingInterval: 1000,
        },
        (request, response) => {
          // Draining (server.ts, on SIGTERM): every answer, the front door's too, ends its
          // connection, so a kept-alive client opens its next one to another instance.
          if (drain.active) response.setHeader("connection", "close");
          if (frontDoor.serve(request, response)) return;
          responses.note(request, response);
          handler(request, response);
        },
      );
      server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
      server.setTimeout(config.CONNECTION_TIMEOUT_MS);
      return server;
    },
    // Form and payment bodies are small; a route that takes more (an image) says so itself.
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers["x-request-id"]),
    routerOptions: { ignoreDuplicateSlashes: true },
    // Refusals that come before any hook runs get the same headers and error shape as the rest.
    frameworkErrors: frameworkErrors(headers),
    clientErrorHandler: clientErrors(headers, responses),
  });

  app.decorate("frontDoor", frontDoor);
  app.decorate("drain", drain);
  app.setValidatorCompiler(zodValidatorCompiler);
  if (options.onRoute) app.addHook("onRoute", options.onRoute);

  // Metrics first: the plugins below observe their part through `app.metrics` when it is on.
  await app.register(metrics, {
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
    token: config.METRICS_TOKEN,
    ...(options.metricsCacheMs !== undefined ? { cacheMs: options.metricsCacheMs } : {}),
  });
  // The request pipeline, in order: language, error rendering, security headers, bodies.
  await app.register(i18n);
  await app.register(errors);
  await app.register(security, securityOptions);
  await app.register(jsonBody);
  await app.register(cookie);
  await app.register(rateLimit, { redisUrl: config.REDIS_URL, perMinute: config.RATE_LIMIT_PER_MINUTE });

  // What the routes use.
  await app.register(database, {
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  await app.register(backgroundJobs, { enabled: config.BACKGROUND_JOBS });
  await app.register(outbox, {
    smtpUrl: config.SMTP_URL,
    from: config.SMTP_FROM ?? `${studio.name.en} <${config.STUDIO_EMAIL}>`,
    settings: {
      maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
      retryBaseMs: config.OUTBOX_RETRY_SECONDS * 1000,
      claimTimeoutMs: config.OUTBOX_CLAIM_TIMEOUT_SECONDS * 1000,
    },
  });
  await app.register(auth, { https: securityOptions.https, passwordQueue: config.PASSWORD_CHECK_QUEUE });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const admin = { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD };
    app.addHook("onReady", async () => {
      const result = await createAdmin(app.db, admin);
      const { outcome } = result;
      if (result.outcome === "promoted") {
        app.log.warn(
          { email: admin.email, outcome, sessionsEnded: result.sessionsEnded },
          "admin account from ADMIN_EMAIL: an existing verified account was made admin; its password is now ADMIN_PASSWORD and its sessions were ended",
        );
      } else if (result.outcome === "refused") {
        // The site still starts: refusing to would let whoever signed up first keep it down.
        app.log.error({ email: admin.email, outcome }, `ADMIN_EMAIL: ${adminRefusalMessage(admin.email)}`);
      } else app.log.info({ email: admin.email, outcome }, "admin account from ADMIN_EMAIL");
    });
  }
  await app.register(catalogCache);
  await app.register(payments, { config });
  await app.register(staticSite, { root: config.STATIC_DIR });
  await app.register(fontRecognizer, { workers: config.FONT_WORKERS, queueLimit: config.FONT_QUEUE_LIMIT });

  // Unknown paths get the 404 page (or the API's JSON 404) before any body is read.
  app.addHook("onRequest", (request, reply, done) => {
    if (request.is404) app.sendNotFoundPage(request, reply);
    else done();
  });
  app.setNotFoundHandler((request, reply) => app.sendNotFoundPage(request, reply));

  // The dynamic answers, in a scope of their own: only they are compressed per request, and only
  // when that saves a network packet. Pages and assets are sent as the build compressed them
  // (plugins/static-site.ts), without the compression hooks' cost.
  await app.register(async (dynamic) => {
    await dynamic.register(compress, { global: true, threshold: compressThreshold, encodings: ["br", "gzip"] });
    if (options.extend) await options.extend(dynamic);
    await dynamic.register(health);
    await dynamic.register(seo, { siteUrl: config.SITE_URL });
    await dynamic.register(applePayDomain, { file: config.APPLE_PAY_DOMAIN_ASSOCIATION });
    // The pages a provider serves on this site itself (the sandbox's hosted page).
    for (const pages of app.payments.gateways.pages) await dynamic.register(pages);
    await dynamic.register(apiRoutes, {
      prefix: "/api",
      mediaDir: config.MEDIA_DIR,
      staticDir: config.STATIC_DIR,
      accounts: {
        mail: { studio: { email: config.STUDIO_EMAIL, phone: config.STUDIO_PHONE, siteUrl: config.SITE_URL } },
        limits: {
          signUpsPerHour: config.SIGNUPS_PER_HOUR,
          signInPerMinute: config.SIGNIN_PER_MINUTE,
          failuresPerAccount: config.SIGNIN_FAILURES_PER_ACCOUNT,
          failuresPerAddress: config.SIGNIN_FAILURES_PER_ADDRESS,
          failureMaxDelayMs: config.SIGNIN_FAILURES_MAX_DELAY_SECONDS * 1000,
          failureWindowMs: config.SIGNIN_FAILURES_WINDOW_MINUTES * 60 * 1000,
        },
      },
      payment: {
        checkoutsPerMinute: config.CHECKOUTS_PER_MINUTE,
        confirmsPerMinute: config.PAYMENT_CONFIRMS_PER_MINUTE,
        applePaySessionsPerMinute: config.APPLE_PAY_SESSIONS_PER_MINUTE,
      },
      orders: { lookupsPerMinute: config.ORDER_LOOKUPS_PER_MINUTE },
      documents: { documentsPerMinute: config.DOCUMENTS_PER_MINUTE },
      leads: {
        perMinute: config.LEADS_PER_MINUTE,
        acknowledgementsPerDay: config.LEAD_ACKNOWLEDGEMENTS_PER_DAY,
        mail: {
          notify: config.STUDIO_EMAIL,
          studio: { email: config.STUDIO_EMAIL, phone: config.STUDIO_PHONE, siteUrl: config.SITE_URL },
        },
      },
    });
  });

  return app;
}
