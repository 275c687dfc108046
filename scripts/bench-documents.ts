/**
 * `npm run bench:documents`: what drawing the invoice PDF costs the server (issue 35), before and
 * after PDFs were kept once drawn. The real app listens in this process on an in-memory PGlite (or
 * `--database-url`, a fresh database on that PostgreSQL server) with one paid order and its
 * invoice; one client asks for `GET /api/orders/:reference/invoice.pdf` over HTTP, one request
 * after another, while `monitorEventLoopDelay` watches the server's event loop. Phases:
 *
 * - cold: the process's first PDF (the canvas library and the fonts load);
 * - before: every request draws the PDF, as before issue 35 (the kept copy is deleted before each);
 * - after: the PDF drawn once is sent again from this process's memory;
 * - after, from the database: as another instance or a restarted one reads it from `document_pdfs`.
 *
 * It prints each phase's latency (p50/p95/max) and the event loop's delay (p99/max: how long a
 * request arriving meanwhile would have waited for its turn).
 *
 *   npm run bench:documents -- [--requests 200] [--database-url postgres://…]
 */
import { catalog } from "#content/catalog.ts";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { documentPdfs } from "#server/db/schema/documents.ts";
import { forgetRecentPdfs, pdfRenderCount } from "#server/modules/invoices/document-pdf.ts";
import { orderAccessToken } from "#server/modules/orders/order-access.ts";
import { freshPostgresDatabase, dropTestDatabases } from "#tests/helpers/app.ts";
import { insertPaidOrderWithInvoice } from "#tests/helpers/orders.ts";

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "200" },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "" },
  },
});
const requests = Number(values.requests);
const databaseUrl = values["database-url"] ? await freshPostgresDatabase(values["database-url"]) : undefined;

const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
  PORT: "0",
  DATA_DIR: "memory://",
  BACKGROUND_JOBS: "false",
  DOCUMENTS_PER_MINUTE: "1000000",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const app = await buildApp(config);
await app.ready();
const address = await app.listen({ port: 0, host: "127.0.0.1" });
const { order } = await insertPaidOrderWithInvoice(
  app.db,
  { gateway: "moyasar", productId: catalog.at(-1)!.id, paymentMethod: "tabby", customerName: "ريم العتيبي" },
  app.payments.invoice,
);
const url = `${address}/api/orders/${order.reference}/invoice.pdf?lang=ar`;
// The buyer's token travels in a header, never in the URL (issue 35).
const headers = { "X-Order-Access": await orderAccessToken(app.db, order.id) };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function phase(name: string, count: number, before?: () => Promise<unknown>) {
  const latencies: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const renders = pdfRenderCount();
  let bytes = 0;
  loop.enable();
  for (let i = 0; i < count; i += 1) {
    if (before) await before();
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = new Uint8Array(await response.arrayBuffer());
    latencies.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${name}: ${response.status} ${new TextDecoder().decode(body)}`);
    bytes = body.length;
  }
  loop.disable();
  latencies.sort((a, b) => a - b);
  console.log(
    [
      name.padEnd(28),
      `${String(count).padStart(4)} requests`,
      `latency p50 ${ms(percentile(latencies, 50))}`,
      `p95 ${ms(percentile(latencies, 95))}`,
      `max ${ms(latencies.at(-1)!)}`,
      `| event loop delay p99 ${ms(loop.percentile(99) / 1e6)}`,
      `max ${ms(loop.max / 1e6)}`,
      `| drawn ${pdfRenderCount() - renders}`,
      `| ${(bytes / 1024).toFixed(0)} KB`,
    ].join("  "),
  );
}

console.log(`invoice PDF (Arabic first) on ${databaseUrl ? "PostgreSQL" : "PGlite"}, ${address}`);
/** Forgets every copy, so the next request draws as every request did before issue 35. */
const forgetAll = async () => {
  forgetRecentPdfs(app.db);
  await app.db.delete(documentPdfs);
};
await phase("cold (first PDF of process)", 1, forgetAll);
await phase("before: drawn per request", Math.min(requests, 60), forgetAll);
await phase("after: drawn once, kept", requests);
// Another instance (or this one after a restart) reads the kept copy from the database.
await phase("after: read from the database", Math.min(requests, 60), async () => forgetRecentPdfs(app.db));

await app.close();
if (databaseUrl) await dropTestDatabases();
