import { createServer } from "node:net";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PURGE_ACCOUNTS_JOB } from "#server/plugins/auth.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { createIntent } from "#tests/helpers/checkout.ts";
import { createStaticFixture } from "#tests/helpers/static-fixture.ts";

const TOKEN = "scrape-token-of-the-test-0123456789";

/** A port free right now on the loopback interface, for the metrics server. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Sample = { name: string; labels: Record<string, string>; value: number };

/**
 * Reads the Prometheus text exposition format (version 0.0.4): `# HELP`/`# TYPE` lines and
 * samples `name{label="value",…} number`. Throws on any line that is neither, so a malformed
 * answer fails the test.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  // Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan").
  const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|(?:nan|[+-]inf))$/i;
  const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith("# HELP ")) continue;
    const sample = sampleLine.exec(line);
    if (!sample) throw new Error(`not in the exposition format: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? "").matchAll(labelPair)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: sample[1]!, labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

let app: FastifyInstance;
let metricsPort: number;
let site: string;

/** A scrape with the token, another one, or (null) none. */
const scrape = async (token: string | null = TOKEN) =>
  fetch(
    `http://127.0.0.1:${metricsPort}/metrics`,
    token === null ? {} : { headers: { authorization: `Bearer ${token}` } },
  );

/** The value of one sample (0 when the series is absent, as Prometheus reads a missing counter). */
async function valueOf(name: string, labels: Record<string, string> = {}): Promise<number> {
  const { samples } = parseExposition(await (await scrape()).text());
  const matching = samples.filter(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
  return matching.reduce((sum, sample) => sum + sample.value, 0);
}

beforeAll(async () => {
  metricsPort = await freePort();
  app = await createTestApp(
    {
      STATIC_DIR: createStaticFixture(),
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      LEADS_PER_MINUTE: "1",
      CHECKOUTS_PER_MINUTE: "1000",
      SANDBOX_WEBHOOK_DUPLICATE_RATE: "0",
    },
    { metricsCacheMs: 0 },
  );
  site = await app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await app.close();
});

describe("the metrics port", () => {
  it("answers the Prometheus text format with the process's and the app's metrics", async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const { types, samples } = parseExposition(await response.text());
    expect(samples.length).toBeGreaterThan(50);
    expect(types.get("http_request_duration_seconds")).toBe("histogram");
    expect(types.get("http_requests_total")).toBe("counter");
    for (const gauge of [
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_eventloop_utilization_ratio",
      "nodejs_heap_size_used_bytes",
      "nodejs_heap_size_limit_bytes",
      "process_resident_memory_bytes",
      "studio_db_connections",
      "studio_outbox_oldest_pending_age_seconds",
      "studio_orders",
    ]) {
      expect(types.get(gauge), gauge).toBe("gauge");
      expect(
        samples.some((sample) => sample.name === gauge),
        gauge,
      ).toBe(true);
    }
    expect(await valueOf("studio_db_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    // The statements of the start (migrations checked, catalog seeded, jobs) were timed.
    expect(await valueOf("studio_db_query_duration_seconds_count")).toBeGreaterThan(0);
  });

  it("requires the token when METRICS_TOKEN is set", async () => {
    expect((await scrape(null)).status).toBe(401);
    const wrong = await scrape("not-the-token-of-the-test-0123456789");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    expect(await wrong.text()).not.toContain("http_requests_total");
    expect((await scrape()).status).toBe(200);
  });

  it("serves nothing else", async () => {
    const other = await fetch(`http://127.0.0.1:${metricsPort}/`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(other.status).toBe(404);
  });

  it("is not on the public port, where /metrics is the 404 page", async () => {
    const response = await fetch(`${site}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toContain("Page Not Found");
    expect(body).not.toContain("http_requests_total");
  });
});

describe("request metrics", () => {
  it("count and time an API request under its route's pattern, not its URL", async () => {
    const route = { route: "/api/orders/:reference" };
    const before = await valueOf("http_requests_total", route);
    const timedBefore = await valueOf("http_request_duration_seconds_count", route);
    const response = await fetch(`${site}/api/orders/MNT-000042?access=nope`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await valueOf("http_requests_total", { ...route, method: "GET", status: String(response.status) })).toBe(
      before + 1,
    );
    expect(await valueOf("http_request_duration_seconds_count", { ...route, status_class: "4xx" })).toBe(
      timedBefore + 1,
    );
    const { samples } = parseExposition(await (await scrape()).text());
    expect(samples.some((sample) => (sample.labels.route ?? "").includes("MNT-000042"))).toBe(false);
  });

  it("count the front door's answers as one route per kind", async () => {
    const held = app.frontDoor.paths();
    for (const [kind, path] of [
      ["page", held.find((path) => path !== "/" && !path.startsWith("/assets/") && !path.startsWith("/api/"))],
      ["asset", held.find((path) => path.startsWith("/assets/"))],
    ] as const) {
      const labels = { route: `front-door:${kind}`, method: "GET", status: "200" };
      const before = await valueOf("http_requests_total", labels);
      const response = await fetch(`${site}${path}`);
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
      expect(await valueOf("http_requests_total", labels), path).toBe(before + 1);
    }
  });
});

describe("state read at scrape time", () => {
  const lead = { name: "Sara Al-Qahtani", email: "sara@example.sa", message: "Twenty bowls for Eid gifts, please." };
  const postLead = () =>
    fetch(`${site}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(lead),
    });

  it("counts a 429 of a rate limit by route, and a lead's e-mails in the outbox", async () => {
    const route = { route: "/api/inquiries" };
    const refusedBefore = await valueOf("studio_rate_limit_rejections_total", route);
    const pendingBefore = await valueOf("studio_outbox_messages", { status: "pending" });
    expect((await postLead()).status).toBe(201);
    // Without SMTP_URL the lead's two e-mails wait in the outbox.
    expect(await valueOf("studio_outbox_messages", { status: "pending" })).toBe(pendingBefore + 2);
    expect(await valueOf("studio_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
    expect((await postLead()).status).toBe(429);
    expect(await valueOf("studio_rate_limit_rejections_total", route)).toBe(refusedBefore + 1);
    expect(await valueOf("http_requests_total", { ...route, status: "429" })).toBe(1);
  });

  it("reports a scheduled job's last success once it has run", async () => {
    const job = { job: PURGE_ACCOUNTS_JOB, scheduled: "true" };
    // Jobs start when the app is ready; the purge runs at once on a fresh database.
    await expect
      .poll(() => valueOf("studio_job_last_success_timestamp_seconds", job), { timeout: 10_000 })
      .toBeGreaterThan(Date.now() / 1000 - 120);
    expect(await valueOf("studio_job_runs_total", { job: PURGE_ACCOUNTS_JOB })).toBeGreaterThanOrEqual(1);
    expect(await valueOf("studio_job_period_seconds", job)).toBe(3600);
  });

  it("counts orders by status and the sandbox's calls by provider and operation", async () => {
    const created = { provider: "sandbox", operation: "create", outcome: "ok" };
    const ordersBefore = await valueOf("studio_orders");
    const callsBefore = await valueOf("studio_payment_provider_calls_total", created);
    const response = await createIntent(app);
    expect(response.statusCode).toBe(201);
    expect(await valueOf("studio_orders")).toBe(ordersBefore + 1);
    expect(await valueOf("studio_orders", { status: "pending" })).toBeGreaterThanOrEqual(0);
    expect(await valueOf("studio_payment_provider_calls_total", created)).toBe(callsBefore + 1);
    expect(
      await valueOf("studio_payment_provider_call_duration_seconds_count", {
        provider: "sandbox",
        operation: "create",
      }),
    ).toBeGreaterThanOrEqual(1);
  });
});

describe("metrics off (METRICS_PORT=0)", () => {
  it("builds no registry, so nothing observes or listens", async () => {
    const plain = await createTestApp({ METRICS_PORT: "0" });
    try {
      expect(plain.metrics).toBeNull();
      expect((await plain.inject("/healthz")).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
