/**
 * `npm run bench:admin`: the admin dashboard's budget (issue 11): `GET /api/admin/dashboard` with
 * 10,000 users, 5,000 orders and 5,000 leads answers at p95 <= 150 ms on PGlite and <= 50 ms on
 * PostgreSQL. Build first (`npm run build`). For each database (a fresh PGlite folder, and with
 * `--database-url` also a fresh database on that PostgreSQL server) the script seeds the demo data,
 * starts the built server with an admin (ADMIN_EMAIL/ADMIN_PASSWORD), signs in, and sends requests
 * one after another for `--seconds`: the dashboard, then the users list (first page and a search).
 * It prints p50/p95/p99 for each and whether the dashboard met its budget.
 *
 *   npm run bench:admin -- [--seconds 10] [--users 10000] [--orders 5000] [--leads 5000] [--database-url postgres://…]
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#server/db/database.ts";
import { seedCatalog } from "#server/db/seed-catalog.ts";
import { hashPassword } from "#server/modules/accounts/passwords.ts";
import { seedDemoData } from "./lib/demo-data.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    users: { type: "string", default: "10000" },
    orders: { type: "string", default: "5000" },
    leads: { type: "string", default: "5000" },
    "database-url": { type: "string", default: process.env.BENCH_DATABASE_URL ?? "" },
    port: { type: "string", default: process.env.BENCH_PORT ?? "3230" },
  },
});
const seconds = Number(values.seconds);
const counts = { users: Number(values.users), orders: Number(values.orders), leads: Number(values.leads) };
const port = Number(values.port);
const serverEntry = "dist/server/server.js";
if (!existsSync(serverEntry)) {
  console.error(`${serverEntry} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const admin = { email: "bench-admin@example.test", password: randomBytes(18).toString("base64url") };
const base = `http://127.0.0.1:${port}`;
const budgets = { pglite: 150, postgres: 50 } as const;

type Target = { kind: "pglite" | "postgres"; env: Record<string, string>; cleanup: () => Promise<void> };

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-admin-"));
  return {
    kind: "pglite",
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(serverUrl: string): Promise<Target> {
  const pg = (await import("pg")).default;
  const name = `bench_admin_${Date.now()}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    kind: "postgres",
    env: { DATABASE_URL: url.toString() },
    cleanup: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

async function seed(target: Target): Promise<void> {
  const started = performance.now();
  const database = await openDatabase({
    url: target.env.DATABASE_URL || undefined,
    dataDir: target.env.DATA_DIR ?? "./data",
  });
  try {
    await seedCatalog(database.db);
    const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
    const added = await seedDemoData(database.db, counts, { passwordHash, domain: "bench.example" });
    console.log(
      `  seeded ${added.users} users, ${added.orders} orders, ${added.leads} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

async function startServer(target: Target) {
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      ...target.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      PAYMENT_GATEWAY: "sandbox",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      BACKGROUND_JOBS: "false",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    stop: async () => {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Sends `path` one request after another for `ms` (after a short warm-up); the latencies in ms. */
async function measure(path: string, token: string, ms: number): Promise<number[]> {
  const get = async () => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i += 1) await get();
  const latencies: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) latencies.push(await get());
  return latencies.sort((a, b) => a - b);
}

const report = (label: string, latencies: number[]) =>
  `  ${label.padEnd(34)} n=${String(latencies.length).padStart(5)}  p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${percentile(latencies, 95).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms`;

const targets: (() => Promise<Target>)[] = [pgliteTarget];
if (values["database-url"]) targets.push(() => postgresTarget(values["database-url"]!));

console.log(
  `bench:admin: ${counts.users} users, ${counts.orders} orders, ${counts.leads} leads; ${seconds} s per measurement; load average ${loadavg()[0]!.toFixed(2)}`,
);
let failed = false;
for (const makeTarget of targets) {
  const target = await makeTarget();
  console.log(`${target.kind === "pglite" ? "PGlite" : "PostgreSQL"}:`);
  try {
    await seed(target);
    const server = await startServer(target);
    try {
      const signIn = await fetch(`${base}/api/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(admin),
      });
      if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
      const { token } = (await signIn.json()) as { token: string };
      const dashboard = await measure("/api/admin/dashboard", token, seconds * 1000);
      console.log(report("GET /api/admin/dashboard", dashboard));
      console.log(report("GET /api/admin/users", await measure("/api/admin/users", token, (seconds * 1000) / 2)));
      console.log(
        report(
          "GET /api/admin/users?search=qahtani",
          await measure("/api/admin/users?search=qahtani", token, (seconds * 1000) / 2),
        ),
      );
      const p95 = percentile(dashboard, 95);
      const budget = budgets[target.kind];
      console.log(`  dashboard p95 ${p95.toFixed(1)} ms, budget ${budget} ms: ${p95 <= budget ? "met" : "NOT met"}`);
      if (p95 > budget) failed = true;
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}
process.exit(failed ? 1 : 0);
