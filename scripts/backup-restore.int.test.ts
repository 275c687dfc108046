import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDatabase } from "#server/db/database.ts";
import { signUpCustomer } from "#tests/helpers/accounts.ts";
import { freshPostgresDatabase } from "#tests/helpers/app.ts";
import { confirm, createIntent, payByCard } from "#tests/helpers/checkout.ts";
import { insertPaidOrderWithInvoice } from "#tests/helpers/orders.ts";
import { seedDemoData } from "./lib/demo-data.ts";

/**
 * `npm run backup` while the server runs and `npm run restore` into an empty store (issue 36),
 * as an operator runs them: every table comes back row for row, a backup taken while leads
 * arrive holds each lead with its e-mails or not at all, and a server on the restored store
 * serves. PGlite always; PostgreSQL with TEST_DATABASE_URL, and in CI (where it must not skip).
 */

const run = promisify(execFile);
const postgresUrl =
  process.env.TEST_DATABASE_URL ?? (process.env.CI === "true" ? "postgres://postgres@127.0.0.1:5432/postgres" : "");

type Target = { env: Record<string, string>; dataDir?: string };

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

async function freshTarget(kind: "pglite" | "postgres"): Promise<Target> {
  if (kind === "postgres") return { env: { DATABASE_URL: await freshPostgresDatabase(postgresUrl) } };
  const dataDir = folder("backup-db-");
  return { env: { DATABASE_URL: "", DATA_DIR: dataDir }, dataDir };
}

/** The npm scripts, as `npm run backup` / `npm run restore` run them. */
const script = (name: string, args: string[], target: Target) =>
  run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: "./data", ...target.env },
  });

/** Orders (paid through the sandbox, with invoices), leads, accounts, sessions and outbox rows. */
async function fill(target: Target) {
  const app = await buildApp(
    loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: target.dataDir ?? "./data",
      ...target.env,
      BACKGROUND_JOBS: "false",
      LEADS_PER_MINUTE: "1000",
      CHECKOUTS_PER_MINUTE: "1000",
      SIGNUPS_PER_HOUR: "1000",
      SANDBOX_WEBHOOK_DUPLICATE_RATE: "0",
    }),
  );
  await app.ready();
  try {
    await seedDemoData(app.db, { users: 60, orders: 40, leads: 20 }, { passwordHash: "$argon2id$demo" });
    const customer = await signUpCustomer(app);
    await signUpCustomer(app);
    const paid = [];
    for (const email of ["reem.buyer@example.sa", "faisal.buyer@example.sa"]) {
      const intent = (await createIntent(app, { email }, customer.bearer)).json();
      await payByCard(app, intent.redirectUrl, "4111111111111111");
      const confirmed = (await confirm(app, intent.paymentIntentId)).json();
      expect(confirmed.order.status).toBe("paid");
      paid.push({ reference: intent.orderReference as string, email });
    }
    await insertPaidOrderWithInvoice(app.db);
    for (const name of ["Sara Al-Qahtani", "نورة السعود"]) {
      const lead = await app.inject({
        method: "POST",
        url: "/api/inquiries",
        payload: { name, email: "lead@example.sa", message: "Twenty bowls for Eid, please." },
      });
      expect(lead.statusCode).toBe(201);
    }
    const counts = await countRows(app.db, ["orders", "invoices", "inquiries", "users", "sessions", "outbox"]);
    for (const [table, rows] of Object.entries(counts)) expect(rows, table).toBeGreaterThan(0);
    return { customer, paid };
  } finally {
    await app.close();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function countRows(db: Db, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    counts[table] = Number(rowsOf(await db.execute(sql.raw(`select count(*) as n from "${table}"`)))[0]!.n);
  }
  return counts;
}

/** Every table of the application and of the migrator, each as its rows in a stable order. */
async function everyTable(target: Target): Promise<Record<string, string[]>> {
  const database = await openDatabase({ url: target.env.DATABASE_URL || undefined, dataDir: target.dataDir ?? "" });
  try {
    const tables = rowsOf(
      await database.db.execute(
        sql`select table_schema as schema, table_name as name from information_schema.tables
            where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
      ),
    );
    const contents: Record<string, string[]> = {};
    for (const { schema, name } of tables) {
      const rows = rowsOf(
        await database.db.execute(sql.raw(`select row_to_json(t)::text as row from "${schema}"."${name}" t`)),
      );
      contents[`${schema}.${name}`] = rows.map((row) => String(row.row)).sort();
    }
    return contents;
  } finally {
    await database.close();
  }
}

/** The server process (as in server.int.test.ts), once it listens. */
async function startServer(target: Target) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      // Nothing but the test's requests changes a row: the comparison sees the backup's work alone.
      BACKGROUND_JOBS: "false",
      LEADS_PER_MINUTE: "100000",
      DATA_DIR: "./data",
      ...target.env,
    },
  });
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`the server exited with ${code}: ${output.slice(-2000)}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

const postLead = (base: string, index: number) =>
  fetch(`${base}/api/inquiries`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: `Writer ${index}`, email: `writer${index}@example.sa`, message: "A bowl, please." }),
  });

const kinds = postgresUrl ? (["pglite", "postgres"] as const) : (["pglite"] as const);

describe.each(kinds)("npm run backup and npm run restore on %s", (kind) => {
  it("backs up the running server, restores every table row for row, and the restored server serves", async () => {
    const source = await freshTarget(kind);
    const { customer, paid } = await fill(source);
    const files = folder("backups-");

    const server = await startServer(source);
    let calm: Awaited<ReturnType<typeof script>>;
    let busy: Awaited<ReturnType<typeof script>>;
    const during: { status: number; id?: string; reference?: string }[] = [];
    try {
      calm = await script("backup", ["--out", join(files, "calm")], source);
      // A second backup while leads keep arriving: it must hold each lead with its e-mails, or neither.
      let writing = true;
      const writer = (async () => {
        for (let index = 0; writing; index++) {
          const response = await postLead(server.base, index);
          const body = response.ok ? ((await response.json()) as { id: string; reference: string }) : {};
          during.push({ status: response.status, ...body });
        }
      })();
      busy = await script("backup", ["--out", join(files, "busy")], source);
      writing = false;
      await writer;
    } finally {
      expect(await server.stop()).toBe(0);
    }
    for (const made of [calm, busy])
      expect(made.stdout).toMatch(kind === "pglite" ? /taken by the running server/ : /pg_dump/);
    expect(calm.stdout).toMatch(/It holds the database as it was at \d{4}-\d\d-\d\dT/);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((lead) => lead.status === 201)).toBe(true);

    // The calm backup: the source as the server left it (nothing wrote after it but the leads,
    // which the comparison leaves out), table by table, row by row.
    const restored = await freshTarget(kind);
    const restoring = await script("restore", [join(files, "calm")], restored);
    expect(restoring.stdout).toContain("Restored");
    const writerIds = new Set(during.map((lead) => lead.id));
    const writerMarks = during.flatMap((lead) => [lead.id!, `"${lead.reference!}"`]);
    const withoutWriters = (tables: Record<string, string[]>) =>
      Object.fromEntries(
        Object.entries(tables).map(([table, rows]) => [
          table,
          rows.filter((row) => !writerMarks.some((mark) => row.includes(mark))),
        ]),
      );
    const before = await everyTable(source);
    const after = await everyTable(restored);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of [
      "public.orders",
      "public.invoices",
      "public.outbox",
      "public.sessions",
      "drizzle.__drizzle_migrations",
    ]) {
      expect(after[table]?.length, table).toBeGreaterThan(0);
    }
    expect(withoutWriters(after)).toEqual(withoutWriters(before));
    // The calm backup was taken before any writer's lead.
    expect(after["public.inquiries"]!.some((row) => row.includes('"Writer '))).toBe(false);

    // A restore refuses a store that is not empty.
    await expect(script("restore", [join(files, "calm")], restored)).rejects.toMatchObject({
      stderr: expect.stringMatching(/not empty|tables already/),
    });

    // The busy backup: each lead it holds has both its e-mails (studio and customer).
    const busyTarget = await freshTarget(kind);
    await script("restore", [join(files, "busy")], busyTarget);
    const busyTables = await everyTable(busyTarget);
    const heldLeads = busyTables["public.inquiries"]!.map((row) => JSON.parse(row) as { id: string; name: string });
    const heldWriters = heldLeads.filter((lead) => lead.name.startsWith("Writer "));
    // The backup script takes a moment to start: leads arrived before its snapshot.
    expect(heldWriters.length).toBeGreaterThan(0);
    for (const lead of heldWriters) {
      expect(
        busyTables["public.outbox"]!.filter((row) => row.includes(lead.id)),
        lead.name,
      ).toHaveLength(2);
    }
    expect(heldWriters.every((lead) => writerIds.has(lead.id))).toBe(true);

    // A server on the restored store starts and serves: ready, a guest's order look-up, and a
    // session signed in before the backup.
    const again = await startServer(restored);
    try {
      expect((await fetch(`${again.base}/readyz`)).status).toBe(200);
      const lookup = await fetch(`${again.base}/api/orders/lookup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(paid[0]),
      });
      expect(lookup.status).toBe(200);
      const found = (await lookup.json()) as { order: { reference: string; status: string } };
      expect(found.order).toMatchObject({ reference: paid[0]!.reference, status: "paid" });
      const me = await fetch(`${again.base}/api/auth/me`, { headers: customer.bearer });
      expect(me.status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 300_000);
});
