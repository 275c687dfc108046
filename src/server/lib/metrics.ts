import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { performance } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * What the metrics read when they are scraped, each answered by the part of the app that knows it
 * (plugins/metrics.ts wires them). Anything left unset is simply not reported.
 */
export type MetricSources = {
  /** Requests the front door answered by kind, since start (lib/front-door.ts). */
  frontDoor?: () => Record<string, number>;
  draining?: () => boolean;
  /** Database connections: PostgreSQL's pool, or PGlite's one. */
  connections?: () => { total: number; idle?: number; waiting?: number };
  /** Stored state, read when scraped; undefined (left out of the scrape) when it cannot be read. */
  outbox?: () => Promise<
    { pending: number; sending: number; failed: number; oldestPendingSeconds: number } | undefined
  >;
  orders?: () => Promise<Record<string, number> | undefined>;
  jobs?: () => Promise<
    | {
        name: string;
        /** Runs once per period across the instances (decision 0041), not in each process. */
        exclusive: boolean;
        everyMs: number;
        running: boolean;
        runs: number;
        failures: number;
        lastRunAt: Date | null;
        lastSuccessAt: Date | null;
      }[]
    | undefined
  >;
  /** The font recognizer's queue; undefined before its model has loaded. */
  fontQueue?: () => { waiting: number; limit: number; inFlight: number } | undefined;
};

/** The outcome label of a timed call. */
export type Outcome = "ok" | "error";

/**
 * The registry and every metric of the app (issue 36), in the Prometheus text format. Counters and
 * histograms are moved where things happen (a hook, a decorator, an observer a module takes);
 * gauges of stored state (the outbox, orders, jobs) are read when scraped, from `sources`.
 */
export type Metrics = {
  readonly registry: Registry;
  readonly sources: MetricSources;
  /** One answered request: its route pattern (never the raw URL), method, status and time. */
  request(method: string, route: string, status: number, seconds: number): void;
  rateLimited(route: string): void;
  query(seconds: number, outcome: Outcome): void;
  providerCall(provider: string, operation: string, seconds: number, outcome: Outcome): void;
  fontAnalysis(seconds: number, outcome: "ok" | "busy" | "refused" | "error"): void;
};

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** Creates the registry with the process's default metrics, the event loop's and the app's own. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const sources: MetricSources = {};
  const registers = [registry];
  // process_* and nodejs_*: CPU, memory, handles, GC, heap spaces, and the event loop's lag from
  // monitorEventLoopDelay (min, mean, p50, p90, p99 since the previous scrape).
  collectDefaultMetrics({ register: registry });

  let utilization = performance.eventLoopUtilization();
  new Gauge({
    name: "nodejs_eventloop_utilization_ratio",
    help: "Share of time the event loop was busy since the previous scrape (0-1).",
    registers,
    collect() {
      const now = performance.eventLoopUtilization();
      this.set(performance.eventLoopUtilization(now, utilization).utilization);
      utilization = now;
    },
  });
  new Gauge({
    name: "nodejs_heap_size_limit_bytes",
    help: "The V8 heap's size limit (--max-old-space-size or V8's default).",
    registers,
    collect() {
      this.set(getHeapStatistics().heap_size_limit);
    },
  });

  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by route pattern (front-door:page/asset/api for those the front door answers), method and status.",
    labelNames: ["method", "route", "status"] as const,
    registers,
    collect() {
      // The front door counts with one increment per answer; its tallies are added here, at scrape.
      const served = sources.frontDoor?.();
      if (!served) return;
      for (const [kind, count] of Object.entries(served)) {
        const labels = { method: "GET", route: `front-door:${kind}`, status: "200" };
        const delta = count - (frontDoorSeen.get(kind) ?? 0);
        frontDoorSeen.set(kind, count);
        this.inc(labels, delta);
      }
    },
  });
  const frontDoorSeen = new Map<string, number>();
  const requestSeconds = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern, method and status class (the front door's answers are not timed).",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const rateLimited = new Counter({
    name: "studio_rate_limit_rejections_total",
    help: "Requests refused with 429 by a route's rate limit, by route pattern.",
    labelNames: ["route"] as const,
    registers,
  });
  new Gauge({
    name: "studio_draining",
    help: "1 while the instance drains after SIGTERM (/readyz answers 503), else 0.",
    registers,
    collect() {
      this.set(sources.draining?.() ? 1 : 0);
    },
  });

  const querySeconds = new Histogram({
    name: "studio_db_query_duration_seconds",
    help: "Time of one database statement as the driver ran it (PostgreSQL: on a pooled connection; PGlite: including its wait for the one connection).",
    labelNames: ["outcome"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers,
  });
  new Gauge({
    name: "studio_db_connections",
    help: "Database connections: total and idle (PostgreSQL's pool; PGlite is one connection).",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const connections = sources.connections?.();
      if (!connections) return;
      this.set({ state: "total" }, connections.total);
      if (connections.idle !== undefined) this.set({ state: "idle" }, connections.idle);
    },
  });
  new Gauge({
    name: "studio_db_pool_waiting",
    help: "Queries waiting for a free pooled connection (PostgreSQL).",
    registers,
    collect() {
      const waiting = sources.connections?.().waiting;
      if (waiting !== undefined) this.set(waiting);
    },
  });

  new Gauge({
    name: "studio_outbox_messages",
    help: "E-mails in the outbox not yet sent, by status (pending, sending, failed).",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const depth = await sources.outbox?.();
      if (!depth) return;
      for (const status of ["pending", "sending", "failed"] as const) this.set({ status }, depth[status]);
    },
  });
  new Gauge({
    name: "studio_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest pending e-mail (0 when none is pending).",
    registers,
    async collect() {
      const depth = await sources.outbox?.();
      if (depth) this.set(depth.oldestPendingSeconds);
    },
  });

  new Gauge({
    name: "studio_orders",
    help: "Orders by status.",
    labelNames: ["status"] as const,
    registers,
    async collect() {
      const counts = await sources.orders?.();
      if (!counts) return;
      for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
    },
  });

  // `scheduled`: once per period across the instances ("true") or a worker in each process ("false").
  const scheduled = (job: { exclusive: boolean }) => (job.exclusive ? "true" : "false");
  const jobTimes = (name: string, help: string, field: "lastRunAt" | "lastSuccessAt") =>
    new Gauge({
      name,
      help,
      labelNames: ["job", "scheduled"] as const,
      registers,
      async collect() {
        for (const job of (await sources.jobs?.()) ?? []) {
          const at = job[field];
          if (at) this.set({ job: job.name, scheduled: scheduled(job) }, at.getTime() / 1000);
        }
      },
    });
  jobTimes(
    "studio_job_last_success_timestamp_seconds",
    "When a background job's run last ended without an error (scheduled jobs: in any instance, from job_leases).",
    "lastSuccessAt",
  );
  jobTimes(
    "studio_job_last_run_timestamp_seconds",
    "When a background job's latest run started (scheduled jobs: in any instance).",
    "lastRunAt",
  );
  new Gauge({
    name: "studio_job_period_seconds",
    help: "A background job's period (scheduled jobs) or pause between runs.",
    labelNames: ["job", "scheduled"] as const,
    registers,
    async collect() {
      for (const job of (await sources.jobs?.()) ?? []) {
        this.set({ job: job.name, scheduled: scheduled(job) }, job.everyMs / 1000);
      }
    },
  });
  const jobCounter = (name: string, help: string, field: "runs" | "failures") => {
    const seen = new Map<string, number>();
    return new Counter({
      name,
      help,
      labelNames: ["job"] as const,
      registers,
      async collect() {
        for (const job of (await sources.jobs?.()) ?? []) {
          this.inc({ job: job.name }, job[field] - (seen.get(job.name) ?? 0));
          seen.set(job.name, job[field]);
        }
      },
    });
  };
  jobCounter("studio_job_runs_total", "Runs of a background job in this process.", "runs");
  jobCounter("studio_job_failures_total", "Runs of a background job in this process that failed.", "failures");

  const providerCalls = new Counter({
    name: "studio_payment_provider_calls_total",
    help: "Calls to a payment provider, by provider, operation and outcome (error: refused, failed or timed out).",
    labelNames: ["provider", "operation", "outcome"] as const,
    registers,
  });
  const providerSeconds = new Histogram({
    name: "studio_payment_provider_call_duration_seconds",
    help: "Time of a call to a payment provider, by provider and operation.",
    labelNames: ["provider", "operation"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers,
  });

  const fontSeconds = new Histogram({
    name: "studio_font_analysis_duration_seconds",
    help: "Time of a font analysis, its wait for a worker included, by outcome (busy: the queue was full; refused: the image, e.g. no text).",
    labelNames: ["outcome"] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 30],
    registers,
  });
  const fontQueue = (name: string, help: string, field: "waiting" | "limit" | "inFlight") =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const queue = sources.fontQueue?.();
        if (queue) this.set(queue[field]);
      },
    });
  fontQueue("studio_font_analysis_queue_length", "Font analyses waiting for a worker.", "waiting");
  fontQueue(
    "studio_font_analysis_queue_limit",
    "Font analyses that may wait before further ones get 503 (FONT_QUEUE_LIMIT).",
    "limit",
  );
  fontQueue("studio_font_analyses_in_flight", "Font analyses waiting or running.", "inFlight");

  return {
    registry,
    sources,
    request(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      requestSeconds.observe({ method, route, status_class: statusClass(status) }, seconds);
    },
    rateLimited(route) {
      rateLimited.inc({ route });
    },
    query(seconds, outcome) {
      querySeconds.observe({ outcome }, seconds);
    },
    providerCall(provider, operation, seconds, outcome) {
      providerCalls.inc({ provider, operation, outcome });
      providerSeconds.observe({ provider, operation }, seconds);
    },
    fontAnalysis(seconds, outcome) {
      fontSeconds.observe({ outcome }, seconds);
    },
  };
}

/**
 * A value read at most once per `ttlMs` (concurrent reads share one load), so that scrapes from
 * several Prometheus servers, or a scrape's several gauges, cost one query.
 */
export function cachedFor<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let value: { at: number; promise: Promise<T>; settled: boolean } | undefined;
  return () => {
    if (value && (!value.settled || performance.now() - value.at < ttlMs)) return value.promise;
    const entry = { at: 0, promise: load(), settled: false };
    value = entry;
    entry.promise.then(
      () => {
        entry.settled = true;
        entry.at = performance.now();
      },
      // A failed read is not kept: the next scrape tries again.
      () => {
        if (value === entry) value = undefined;
      },
    );
    return entry.promise;
  };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The scrape endpoint: `GET /metrics` on a port of its own (never the site's), on a small
 * node:http server in the same process. With `token`, only `Authorization: Bearer <token>` gets
 * the metrics (401 otherwise). Resolves once listening.
 */
export async function startMetricsServer(options: {
  registry: Registry;
  host: string;
  port: number;
  token?: string | undefined;
  onError: (error: unknown) => void;
}): Promise<Server> {
  const { registry, token } = options;
  const server = createServer((request, response) => {
    const path = request.url?.split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found\n");
      return;
    }
    if (token !== undefined) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "");
      if (!match || !sameToken(match[1]!, token)) {
        response
          .writeHead(401, { "content-type": "text/plain; charset=utf-8", "www-authenticate": 'Bearer realm="metrics"' })
          .end("Unauthorized\n");
        return;
      }
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        options.onError(error);
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metrics unavailable\n");
      },
    );
  });
  // A scraper holds one connection open between scrapes; nothing else should linger.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}
