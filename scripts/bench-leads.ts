/**
 * `npm run bench:leads`: the lead API under load, and its promise that nothing accepted is lost
 * (issue 10). Build first (`npm run build`); the script starts the built server
 * (`node dist/server/server.js`) on a fresh PGlite folder, or on a fresh database of a
 * PostgreSQL server with `--database-url`, with a local SMTP server that counts what arrives and
 * the per-address lead limit raised.
 *
 * `--concurrency` clients (default 100) send contact inquiries for `--seconds` (default 10); the
 * script prints requests/s, p50/p99 latency and the 5xx count, waits for the outbox to drain,
 * stops the server and then counts: every 201 has its stored lead, and each lead's two e-mails
 * arrived exactly once. With `--kill` it SIGKILLs the server halfway, starts it again on the same
 * data, and checks the same (requests in flight at the kill may be stored without a 201; e-mails
 * in mid-send at the kill may arrive twice, with the same Message-ID: decision 13).
 *
 * `--client http` (default) sends with node:http and a keep-alive agent; `--client fetch` with
 * Node's fetch, which saturates this script's own thread at about 600 requests/s on 2 cores
 * (scripts/lib/bench-client.ts): its figures measure the client more than the server.
 *
 *   npm run bench:leads -- [--seconds 10] [--concurrency 100] [--kill] [--client http|fetch]
 *                          [--database-url postgres://…]
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "#server/db/database.ts";
import { inquiries, outbox } from "#server/db/schema.ts";
import { benchClient } from "./lib/bench-client.ts";
import { freshBenchDatabase } from "./lib/bench-database.ts";
import { spawnMailingBenchServer } from "./lib/bench-server.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "100" },
    kill: { type: "boolean", default: false },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "3220" },
    client: { type: "string", default: "http" },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const port = Number(values.port);
const serverEntry = "dist/server/server.js";
if (!existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

// --- a local mail server that only counts (Message-ID and subject of each message) ---------------
const received: { messageId: string; subject: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  closeTimeout: 200,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
      const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
      received.push({ messageId: header("Message-ID"), subject: header("Subject") });
      callback();
    });
  },
});
smtp.listen(0, "127.0.0.1");
await once(smtp.server, "listening");
const smtpPort = (smtp.server.address() as AddressInfo).port;

// --- the database: a fresh PGlite folder or a fresh PostgreSQL database --------------------------
const { dataDir, databaseUrl } = await freshBenchDatabase("leads", values["database-url"] || undefined);

const base = `http://127.0.0.1:${port}`;
if (values.client !== "http" && values.client !== "fetch") {
  console.error("--client is http or fetch");
  process.exit(1);
}
const send = benchClient(base, values.client, concurrency);

function startServer(): Promise<ChildProcess> {
  return spawnMailingBenchServer({ port, smtpPort, dataDir, databaseUrl, env: { LEADS_PER_MINUTE: "100000000" } });
}

// --- the load -------------------------------------------------------------------------------------
const latencies: number[] = [];
const statuses = new Map<number, number>();
const accepted = new Set<string>();
let networkErrors = 0;
let sequence = 0;

async function client(until: number): Promise<void> {
  while (performance.now() < until) {
    const n = sequence++;
    const started = performance.now();
    try {
      const response = await send("/api/inquiries", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: `Bench Visitor ${n}`,
          email: `visitor${n}@bench.test`,
          message: `Benchmark inquiry number ${n}, please ignore.`,
        }),
      });
      const body = JSON.parse(response.body) as { reference?: string };
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 201 && body.reference) accepted.add(body.reference);
    } catch {
      networkErrors++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

let server = await startServer();
const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(" ");
console.log(
  `bench:leads: ${concurrency} clients (${values.client}) for ${seconds} s${values.kill ? ", SIGKILL halfway" : ""}; ${databaseUrl ? "PostgreSQL" : "PGlite"}; load average ${load}`,
);
const started = performance.now();
const until = started + seconds * 1000;
const clients = Array.from({ length: concurrency }, () => client(until));
let restartMs = 0;
if (values.kill) {
  await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 2));
  server.kill("SIGKILL");
  await once(server, "exit");
  const restarting = performance.now();
  server = await startServer();
  restartMs = performance.now() - restarting;
}
await Promise.all(clients);
const elapsed = (performance.now() - started) / 1000;

// --- wait for the outbox to drain, then stop the server --------------------------------------------
const expected = accepted.size * 2;
let last = -1;
let stableSince = performance.now();
while (received.length < expected || performance.now() - stableSince < 1000) {
  if (received.length !== last) {
    last = received.length;
    stableSince = performance.now();
  }
  if (performance.now() - stableSince > 60_000) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
server.kill("SIGTERM");
await once(server, "exit");

// --- count ----------------------------------------------------------------------------------------
const database = await openDatabase({ url: databaseUrl, dataDir: dataDir ?? "./data" });
const stored = await database.db.select({ reference: inquiries.reference }).from(inquiries);
const mail = await database.db.select({ status: outbox.status }).from(outbox);
await database.close();

const storedReferences = new Set(stored.map((row) => row.reference));
const missing = [...accepted].filter((reference) => !storedReferences.has(reference));
const unanswered = stored.length - [...storedReferences].filter((reference) => accepted.has(reference)).length;
const perMessageId = new Map<string, number>();
for (const message of received) perMessageId.set(message.messageId, (perMessageId.get(message.messageId) ?? 0) + 1);
const duplicates = [...perMessageId.values()].filter((n) => n > 1).length;
const mailedReferences = new Map<string, number>();
for (const message of received) {
  const reference = /MNT-\d{6}/.exec(message.subject)?.[0];
  if (reference) mailedReferences.set(reference, (mailedReferences.get(reference) ?? 0) + 1);
}
const notMailed = [...accepted].filter((reference) => (mailedReferences.get(reference) ?? 0) < 2);
const outboxStatus = Object.fromEntries(
  ["pending", "sending", "sent", "failed"].map((status) => [status, mail.filter((m) => m.status === status).length]),
);

const sorted = [...latencies].sort((a, b) => a - b);
const quantile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const fivexx = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
console.log(`\n== load (${elapsed.toFixed(1)} s) ==`);
console.log(
  `requests: ${latencies.length} answered, ${(latencies.length / elapsed).toFixed(0)}/s; p50 ${quantile(0.5).toFixed(1)} ms, p99 ${quantile(0.99).toFixed(1)} ms`,
);
console.log(
  `statuses: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(", ")}; 5xx: ${fivexx}; network errors: ${networkErrors}`,
);
if (values.kill) console.log(`restart after SIGKILL: ${(restartMs / 1000).toFixed(2)} s until /readyz`);
console.log("\n== nothing lost ==");
console.log(
  `201 answers: ${accepted.size}; stored leads: ${stored.length}; 201s without a stored lead: ${missing.length}; stored without a 201 (in flight at a kill): ${unanswered}`,
);
console.log(
  `e-mails: expected ${expected}, received ${received.length}; leads not fully mailed: ${notMailed.length}; Message-IDs received twice: ${duplicates}`,
);
console.log(`outbox: ${JSON.stringify(outboxStatus)}`);
const ok =
  missing.length === 0 &&
  notMailed.length === 0 &&
  fivexx === 0 &&
  (values.kill || (duplicates === 0 && unanswered === 0));
console.log(ok ? "\nOK: every 201 is stored and mailed" : "\nFAILED");

smtp.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
if (databaseUrl) {
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: values["database-url"] });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
}
process.exit(ok ? 0 : 1);
