import type { Server } from "node:http";
import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import { cachedFor, createMetrics, startMetricsServer, type Metrics } from "../lib/metrics.ts";
import { routeOf } from "../lib/route-label.ts";
import { outboxDepth } from "../modules/notifications/outbox-depth.ts";
import { countOrdersByStatus } from "../modules/orders/count-orders-by-status.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The app's Prometheus metrics (lib/metrics.ts), or null when they are off (METRICS_PORT=0):
     * plugins then add no hook and wrap nothing.
     */
    readonly metrics: Metrics | null;
  }
}

export type MetricsPluginOptions = {
  /** METRICS_PORT; 0: no metrics at all. */
  port: number;
  host: string;
  /** METRICS_TOKEN: the scraper must send it as a Bearer token. */
  token?: string | undefined;
  /** How long a scrape-time count (outbox, orders, jobs) is reused (default 2 s; tests use 0). */
  cacheMs?: number;
};

/**
 * A scrape-time read that a failure (the database away) leaves out of the scrape instead of
 * failing it: the process's own metrics still answer. Logged once per outage.
 */
function orNothing<T>(what: string, log: FastifyBaseLogger, load: () => Promise<T>): () => Promise<T | undefined> {
  let failing = false;
  return async () => {
    try {
      const value = await load();
      failing = false;
      return value;
    } catch (error) {
      if (!failing) log.warn({ err: error, metric: what }, "metrics: could not read; left out of the scrape");
      failing = true;
      return undefined;
    }
  };
}

/**
 * Metrics in the Prometheus text format (issue 36) on a port of their own (`/metrics` on
 * METRICS_HOST:METRICS_PORT, never the site's port), opened when the site listens. Registered
 * first, so that the plugins after it find `app.metrics` and observe their part (database
 * statements, rate-limit refusals, provider calls, font analyses). Requests are counted and timed
 * here by route pattern; the front door counts its own answers with one increment each.
 */
export default fp<MetricsPluginOptions>(
  async (app, options) => {
    if (options.port === 0) {
      app.decorate("metrics", null);
      return;
    }
    const metrics = createMetrics();
    app.decorate("metrics", metrics);

    app.addHook("onResponse", (request, reply, done) => {
      metrics.request(request.method, routeOf(request), reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    // Read when scraped; what sits in the database is read at most once per cacheMs.
    const cacheMs = options.cacheMs ?? 2000;
    const log = app.log;
    const stored = <T>(what: string, load: () => Promise<T>) => orNothing(what, log, cachedFor(cacheMs, load));
    metrics.sources.frontDoor = () => app.frontDoor.servedByKind();
    metrics.sources.draining = () => app.drain.active;
    metrics.sources.connections = () => app.database.connections();
    metrics.sources.outbox = stored("outbox", () => outboxDepth(app.db));
    metrics.sources.orders = stored("orders", () => countOrdersByStatus(app.db));
    metrics.sources.jobs = stored("jobs", () => app.jobs.status());
    metrics.sources.fontQueue = () => app.fontRecognizer.queue();

    let server: Server | undefined;
    app.addHook("onListen", async () => {
      try {
        server = await startMetricsServer({
          registry: metrics.registry,
          host: options.host,
          port: options.port,
          token: options.token,
          onError: (error) => log.error({ err: error }, "metrics: scrape failed"),
        });
        log.info({ host: options.host, port: options.port }, "metrics listening");
      } catch (error) {
        // The site serves without its metrics rather than not at all; the scraper sees it down.
        log.error(
          { err: error, port: options.port },
          "metrics: cannot listen on METRICS_PORT; serving without metrics",
        );
      }
    });
    app.addHook("onClose", async () => {
      if (!server) return;
      const closing = server;
      server = undefined;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    });
  },
  { name: "metrics" },
);
