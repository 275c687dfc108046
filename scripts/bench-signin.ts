/**
 * `npm run bench:signin`: sign-in under load (issue 11's budget: 50 concurrent clients for 10 s,
 * p99 <= 250 ms, no errors but the intended 429s, and /healthz p99 < 20 ms meanwhile, because
 * argon2 runs off the event loop).
 *
 * Seeds `--accounts` customers straight into a fresh database (PGlite folder, or a fresh database
 * of the PostgreSQL server given with `--database-url`), starts the server (the build's
 * dist/server/server.js when there is one, else the sources through tsx) with its default limits,
 * and runs `--concurrency` clients, each from its own address (X-Forwarded-For through
 * TRUST_PROXY=1), signing in to random accounts with a wrong password `--bad` of the time. At the
 * same time one client asks /healthz every 50 ms. Prints latency percentiles, the statuses (429s
 * from the per-address and per-account limits, and 429 `busy` when PASSWORD_CHECK_QUEUE checks
 * are already waiting: all expected and counted) and the budgets.
 *
 *   npm run bench:signin -- [--seconds 10] [--concurrency 50] [--accounts 500] [--bad 0.3]
 *                           [--database-url postgres://…] [--port 3230]
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { once } from "node:events";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { openDatabase } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import { freshBenchDatabase } from "./lib/bench-database.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    concurrency: { type: "string", default: "50" },
    accounts: { type: "string", default: "500" },
    bad: { type: "string", default: "0.3" },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "3230" },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const accountCount = Number(values.accounts);
const badShare = Number(values.bad);
const port = Number(values.port);
const PASSWORD = "bench password 1234";

// --- a fresh database with the accounts ------------------------------------------------------------
const { dataDir, databaseUrl } = await freshBenchDatabase("signin", values["database-url"] || undefined);

const emails = Array.from({ length: accountCount }, (_, i) => `bench${i}@bench.test`);
{
  const database = await openDatabase({ url: databaseUrl, dataDir: dataDir ?? "./data" });
  // One hash for all: the server verifies each sign-in in full whatever the hash's origin.
  const passwordHash = await hashPassword(PASSWORD);
  for (let i = 0; i < emails.length; i += 500) {
    await database.db.insert(users).values(
      emails.slice(i, i + 500).map((email, j) => ({
        email,
        firstName: `Bench${i + j}`,
        lastName: "Customer",
        country: "Saudi Arabia",
        passwordHash,
      })),
    );
  }
  await database.close();
}

// --- the server -----------------------------------------------------------------------------------
const built = existsSync("dist/server/server.js");
const base = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(
  process.execPath,
  [
    // BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
    ...(built ? ["dist/server/server.js"] : ["--import", "tsx", "src/server/server.ts"]),
  ],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      DATA_DIR: dataDir ?? "./data",
      DATABASE_URL: databaseUrl ?? "",
      TRUST_PROXY: "1",
      BACKGROUND_JOBS: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  },
);
for (;;) {
  if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
  try {
    if ((await fetch(`${base}/readyz`)).status === 200) break;
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
// The first sign-in computes the dummy hash; warm up off the clock.
await fetch(`${base}/api/auth/signin`, {
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": "198.18.255.254" },
  body: JSON.stringify({ email: emails[0], password: PASSWORD }),
});

// --- the load -------------------------------------------------------------------------------------
const latencies: number[] = [];
const checkedLatencies: number[] = [];
const statuses = new Map<number, number>();
const healthLatencies: number[] = [];
let networkErrors = 0;
let healthErrors = 0;

async function client(index: number, until: number): Promise<void> {
  const address = `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  while (performance.now() < until) {
    const email = emails[Math.floor(Math.random() * emails.length)]!;
    const password = Math.random() < badShare ? "not the password" : PASSWORD;
    const started = performance.now();
    try {
      const response = await fetch(`${base}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify({ email, password }),
      });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      latencies.push(elapsed);
      if (response.status === 200 || response.status === 401) checkedLatencies.push(elapsed);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    } catch {
      networkErrors++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

async function healthProbe(until: number): Promise<void> {
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/healthz`);
      await response.arrayBuffer();
      if (response.status === 200) healthLatencies.push(performance.now() - started);
      else healthErrors++;
    } catch {
      healthErrors++;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(" ");
console.log(
  `bench:signin: ${concurrency} clients for ${seconds} s, ${accountCount} accounts, ${Math.round(badShare * 100)}% wrong passwords; ${databaseUrl ? "PostgreSQL" : "PGlite"}; ${built ? "built server" : "sources (tsx)"}; load average ${load}`,
);
const started = performance.now();
const until = started + seconds * 1000;
await Promise.all([...Array.from({ length: concurrency }, (_, i) => client(i, until)), healthProbe(until)]);
const elapsed = (performance.now() - started) / 1000;
server.kill("SIGTERM");
await once(server, "exit");
if (dataDir) rmSync(dataDir, { recursive: true, force: true });

// --- report ---------------------------------------------------------------------------------------
function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const statusLine = [...statuses.entries()]
  .sort(([a], [b]) => a - b)
  .map(([status, count]) => `${status}: ${count}`)
  .join(", ");
const unexpected = [...statuses.entries()]
  .filter(([status]) => ![200, 401, 429].includes(status))
  .reduce((sum, [, count]) => sum + count, 0);
const p99 = percentile(latencies, 99);
const healthP99 = percentile(healthLatencies, 99);

console.log(`requests: ${latencies.length} in ${elapsed.toFixed(1)} s (${(latencies.length / elapsed).toFixed(0)}/s)`);
console.log(`statuses: ${statusLine}${networkErrors ? `; network errors: ${networkErrors}` : ""}`);
if (statuses.get(429)) {
  console.log(
    "  429s: the per-address and per-account limits, and `busy` (PASSWORD_CHECK_QUEUE checks already waiting)",
  );
}
console.log(
  `sign-in latency (all): p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, p99 ${ms(p99)}`,
);
console.log(
  `sign-in latency (password checked, 200/401): p50 ${ms(percentile(checkedLatencies, 50))}, p95 ${ms(percentile(checkedLatencies, 95))}, p99 ${ms(percentile(checkedLatencies, 99))}`,
);
console.log(
  `/healthz meanwhile: ${healthLatencies.length} probes, p50 ${ms(percentile(healthLatencies, 50))}, p99 ${ms(healthP99)}${healthErrors ? `, ${healthErrors} failed` : ""}`,
);
const budgets = [
  [`sign-in p99 <= 250 ms`, p99 <= 250],
  [
    `no errors but 429s (unexpected statuses: ${unexpected}, network errors: ${networkErrors})`,
    unexpected + networkErrors === 0,
  ],
  [`/healthz p99 < 20 ms`, healthP99 < 20 && healthErrors === 0],
] as const;
for (const [name, ok] of budgets) console.log(`${ok ? "PASS" : "FAIL"} ${name}`);
process.exit(budgets.every(([, ok]) => ok) ? 0 : 1);
