/**
 * `npm run bench:cluster`: issue 36's proof that the shop holds as several instances behind a
 * balancer. On `npm run cluster`'s topology (scripts/lib/cluster.ts: `--instances` built servers,
 * one fresh PostgreSQL database, one Redis, HAProxy, a local SMTP server) it runs a mixed open-loop
 * load (scripts/lib/cluster-load.ts: leads, sandbox checkouts create-intent → card page → 3-D
 * Secure → confirm, page views, sign-up → sign-in → /api/auth/me) for `--seconds`, SIGKILLs one
 * instance at `--kill-at`, starts it again at `--restart-at`, then restarts every instance in turn
 * (SIGTERM, wait for the exit, start, wait until HAProxy has it UP) while the load goes on.
 *
 * Then it checks, against the SMTP server and the database:
 * - all instances started together on the new database came up;
 * - leads answered 201 = leads stored, none twice, each mailed to the studio and to the visitor
 *   exactly once (a copy sent again with the same Message-ID after the SIGKILL is the SMTP limit
 *   of decision 13 and is reported, not failed);
 * - confirms answered paid = orders paid (plus only those whose confirm died with the killed
 *   instance), none created twice, each with one invoice, one paid event and its two e-mails;
 * - a session made through the balancer works on every instance; the lead limit is shared (one
 *   address sends LEADS_PER_MINUTE + 2 × instances leads: exactly LEADS_PER_MINUTE pass);
 * - each scheduled exclusive job ran once per period (every take of its lease in `job_leases` is
 *   recorded by a trigger the benchmark adds to its own database);
 * - failures (no answer, 5xx, an unexpected status) only for requests HAProxy had sent to the
 *   killed instance before the SIGKILL (its request log names the server), none at all during the
 *   rolling restart or otherwise.
 * It prints rates and p50/p95/p99 per kind, failures per phase, and the same load on ONE instance
 * (no kill, no restart) beside it (`--no-single` skips that run). Exits 1 when a check fails.
 *
 *   npm run bench:cluster -- [--instances 3] [--seconds 30] [--kill-at 10] [--restart-at 20]
 *                            [--rates lead=140,checkout=48,page=350,account=4] [--confirm-delay 2000]
 *                            [--short] [--no-single] [--json] [--database-url postgres://…] [--keep]
 *                            [--server-maxconn 32]
 *
 * `--short` is CI's version: 12 s at lower rates, kill at 4 s, restart at 8 s, then the rolling
 * restart. `--json` prints the figures and checks as JSON on stdout (the text goes to stderr).
 */
import { request } from "node:http";
import { readFileSync, rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { startCluster, type Cluster, type RestartTimes, type RollingStep } from "./lib/cluster.ts";
import type { LoadKind, LoadOptions, LoadRates, LoadRecord, LoadResult } from "./lib/cluster-load.ts";

const { values } = parseArgs({
  allowNegative: true,
  options: {
    instances: { type: "string", default: "3" },
    seconds: { type: "string" },
    "kill-at": { type: "string" },
    "restart-at": { type: "string" },
    rates: { type: "string" },
    "confirm-delay": { type: "string" },
    short: { type: "boolean", default: false },
    single: { type: "boolean", default: true },
    json: { type: "boolean", default: false },
    "database-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    port: { type: "string", default: process.env.BENCH_PORT ?? "8480" },
    keep: { type: "boolean", default: false },
    "server-maxconn": { type: "string" },
  },
});

const short = values.short;
const instances = Number(values.instances);
const seconds = Number(values.seconds ?? (short ? 12 : 30));
const killAt = Number(values["kill-at"] ?? (short ? 4 : 10));
const restartAt = Number(values["restart-at"] ?? (short ? 8 : 20));
const confirmDelayMs = Number(values["confirm-delay"] ?? (short ? 1000 : 2000));
const rates: LoadRates = {
  ...(short ? { lead: 40, checkout: 12, page: 100, account: 2 } : { lead: 140, checkout: 48, page: 350, account: 4 }),
  ...Object.fromEntries(
    (values.rates ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => {
        const [kind, rate] = pair.split("=");
        if (!["lead", "checkout", "page", "account"].includes(kind!) || !(Number(rate) >= 0)) {
          throw new Error(`--rates: "${pair}" is not lead|checkout|page|account=<per second>`);
        }
        return [kind!, Number(rate)];
      }),
  ),
};
if (!(instances >= 2) || !(killAt > 0 && restartAt > killAt && seconds >= restartAt)) {
  console.error("needs --instances >= 2 and 0 < --kill-at < --restart-at <= --seconds");
  process.exit(1);
}
/** The server's default, set explicitly so that the shared-limit check knows it. */
const LEADS_PER_MINUTE = 5;
/** Each exclusive job's period (src/server/plugins/payments.ts, auth.ts): at most one run per period. */
/** The kinds issue 36 gives a p99 budget, and the two it asks to report. */
const BUDGET_KINDS = ["lead", "create-intent", "me", "sign-up", "sign-in"] as const satisfies readonly LoadKind[];
const JOB_PERIODS_MS: Record<string, number> = { "orders-expiry": 5 * 60_000, "accounts-purge": 60 * 60_000 };
const STUDIO = "studio@example.test";

const say = (line = "") => (values.json ? console.error(line) : console.log(line));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the job-lease observer ------------------------------------------------------------------------
/**
 * Records every write to `job_leases` in a schema of the benchmark's own: an event trigger
 * (PostgreSQL superuser; the benchmark's database is its own) puts a row trigger on the table as
 * the first instance's migration creates it, so even the runs at the very first start are seen.
 * A run is a write that takes the lease: it was absent, expired or someone else's, and now runs
 * into the future. Errors in the observer are swallowed: it must never break a migration.
 */
const OBSERVER_SQL = `
create schema if not exists cluster_bench;
create table if not exists cluster_bench.lease_writes (
  id bigserial primary key, at timestamptz not null default clock_timestamp(), op text not null,
  name text, owner text, old_owner text, old_expires_at timestamptz, expires_at timestamptz);
create or replace function cluster_bench.record_lease() returns trigger language plpgsql as $$
begin
  begin
    insert into cluster_bench.lease_writes (op, name, owner, old_owner, old_expires_at, expires_at)
    values (tg_op, new.name, new.owner,
            case when tg_op = 'UPDATE' then old.owner end, case when tg_op = 'UPDATE' then old.expires_at end,
            new.expires_at);
  exception when others then null;
  end;
  return new;
end $$;
create or replace function cluster_bench.watch_leases() returns event_trigger language plpgsql as $$
begin
  begin
    if exists (select 1 from pg_event_trigger_ddl_commands() c
               where c.command_tag = 'CREATE TABLE' and c.object_identity = 'public.job_leases')
       and not exists (select 1 from pg_trigger where tgname = 'cluster_bench_lease_writes') then
      create trigger cluster_bench_lease_writes after insert or update on public.job_leases
        for each row execute function cluster_bench.record_lease();
    end if;
  exception when others then null;
  end;
end $$;
create event trigger cluster_bench_watch_leases on ddl_command_end when tag in ('CREATE TABLE')
  execute function cluster_bench.watch_leases();
`;

async function installObserver(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(OBSERVER_SQL);
  await client.end();
}

// --- small HTTP helper for the checks (outside the load) ------------------------------------------
function call(
  url: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; from?: string } = {},
): Promise<{ status: number; body: string; cookie?: string }> {
  const target = new URL(path, url);
  const payload = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
  return new Promise((resolve) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: init.method ?? "GET",
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
          ...(init.cookie ? { cookie: init.cookie } : {}),
        },
        ...(init.from ? { localAddress: init.from } : {}),
        agent: false,
      },
      (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => {
          const session = (response.headers["set-cookie"] ?? []).find((c) => c.startsWith("session="));
          resolve({ status: response.statusCode ?? 0, body, ...(session ? { cookie: session.split(";")[0]! } : {}) });
        });
      },
    );
    outgoing.on("error", (error) => resolve({ status: 0, body: error.message }));
    outgoing.end(payload);
  });
}

// --- one run ---------------------------------------------------------------------------------------
type Phase = "before the kill" | "SIGKILL → restart" | "after the restart" | "rolling restart" | "after" | "steady";
type HaproxyLine = { at: number; server: string; status: number; termination: string; retries: string; ms: number };
type Check = { name: string; ok: boolean; detail: string };
type KindFigures = {
  count: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  shed: number;
};
type RunReport = {
  instances: number;
  seconds: number;
  kinds: Partial<Record<LoadKind, KindFigures>>;
  failuresByPhase: Partial<Record<Phase, { failures: number; allowed: number; requests: number }>>;
  /** The budgets' kinds' p99 (ms, answered requests) in each phase: where the tail comes from. */
  p99ByPhase: Partial<Record<Phase, Partial<Record<LoadKind, number>>>>;
  haproxyRetried: number;
  /** Requests the client sent again because their kept-alive connection closed as they went out (HAProxy never saw them). */
  keepAliveRaces: number;
  haproxyRedispatched: number;
  restart?: RestartTimes;
  rolling?: RollingStep[];
  killed?: string;
  inFlightAtKill?: number;
  jobRuns: Record<string, number>;
  mail: { received: number; resentAfterKill: number };
  checks: Check[];
  runDir: string;
};

const EXPECTED: Record<LoadKind, (status: number) => boolean> = {
  lead: (s) => s === 201,
  "create-intent": (s) => s === 201,
  card: (s) => s > 0 && s < 400,
  "3ds": (s) => s > 0 && s < 400,
  confirm: (s) => s === 200,
  page: (s) => s === 200,
  "sign-up": (s) => s === 201,
  "sign-in": (s) => s === 200,
  me: (s) => s === 200,
};
/** Answers that shed load on purpose (argon2's queue full: 429 busy with Retry-After): counted apart. */
const isShed = (record: LoadRecord) =>
  record.status === 429 && (record.kind === "sign-up" || record.kind === "sign-in");
const failed = (record: LoadRecord) => !EXPECTED[record.kind](record.status) && !isShed(record);
/** Set per run: the attempts the client sent again after a keep-alive race that HAProxy never received. */
let raced = new Set<string>();
const isFailure = (record: LoadRecord) => failed(record) && !raced.has(record.id);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

function parseHaproxyLog(path: string): Map<string, HaproxyLine> {
  const lines = new Map<string, HaproxyLine>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const fields = line.split(" ");
    if (fields.length < 9 || !/^\d+\.\d{3}$/.test(fields[0]!)) continue;
    const [accepted, id, server, status, termination, retries, handshake, idle, ms] = fields;
    if (!id || id === "-") continue;
    lines.set(id, {
      at: Number(accepted) * 1000 + Number(handshake) + Number(idle),
      server: server!,
      status: Number(status),
      termination: termination!,
      retries: retries!,
      ms: Number(ms),
    });
  }
  return lines;
}

/**
 * The load's worker thread. A worker does not inherit the `--import tsx` hooks of this thread,
 * so it loads the TypeScript module through tsx's documented API (`tsImport`).
 */
const loadWorkerScript = `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(new URL("./lib/cluster-load.ts", import.meta.url).href)}, ${JSON.stringify(import.meta.url)}));`;

async function run(mode: "cluster" | "single"): Promise<RunReport> {
  const count = mode === "cluster" ? instances : 1;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const cluster: Cluster = await startCluster({
    instances: count,
    port: Number(values.port) + (mode === "cluster" ? 0 : 10),
    postgresServerUrl: values["database-url"],
    requestLog: true,
    ...(values["server-maxconn"] !== undefined ? { serverMaxconn: Number(values["server-maxconn"]) } : {}),
    beforeStart: installObserver,
    env: {
      LEADS_PER_MINUTE: String(LEADS_PER_MINUTE),
      // E-mail left mid-send by a killed instance is taken over after 10 s (default 300 s), and a
      // failed try is retried after 1 s: the drain below does not wait minutes.
      OUTBOX_CLAIM_TIMEOUT_SECONDS: "10",
      OUTBOX_RETRY_SECONDS: "1",
    },
  });
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  try {
    await database.connect();
    if (mode === "cluster") {
      check(
        `${count} instances started together on a new database all came up`,
        cluster.startFailures.length === 0,
        cluster.startFailures.length === 0
          ? "yes"
          : cluster.startFailures
              .map(
                (f) =>
                  `${cluster.serverNames[f.index]} exited (${f.code}): ${f.log.trim().split("\n").at(-1)?.slice(0, 200)}`,
              )
              .join("; ") + " (started again by the harness)",
      );
    }

    // --- the load and the events ------------------------------------------------------------------
    const options: LoadOptions = {
      url: cluster.url,
      rates,
      confirmDelayMs,
      network: mode === "cluster" ? 20 : 21,
      tag: `${mode}${Date.now()}`,
    };
    const worker = new Worker(loadWorkerScript, { eval: true, workerData: options });
    const finished = new Promise<LoadResult>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    const t0 = Date.now();
    const victim = Math.min(1, count - 1);
    let killedAt = Infinity;
    /** When the killed process was gone (its sockets closed): HAProxy may still send it requests until then. */
    let killedExitAt = Infinity;
    let restartedAt = Infinity;
    let rollingFrom = Infinity;
    let rollingTo = Infinity;
    let restart: RestartTimes | undefined;
    let rolling: RollingStep[] | undefined;
    const until = (second: number) => sleep(Math.max(0, t0 + second * 1000 - Date.now()));
    if (mode === "cluster") {
      await until(killAt);
      killedAt = Date.now();
      killedExitAt = (await cluster.kill(victim, "SIGKILL")).at;
      say(
        `  ${((killedAt - t0) / 1000).toFixed(1)} s: SIGKILL ${cluster.serverNames[victim]} (gone ${killedExitAt - killedAt} ms later)`,
      );
      await until(restartAt);
      restartedAt = Date.now();
      restart = await cluster.restart(victim);
      say(
        `  ${((restartedAt - t0) / 1000).toFixed(1)} s: restarted ${cluster.serverNames[victim]}: ready after ${(restart.readyMs / 1000).toFixed(2)} s, UP at HAProxy after ${(restart.upMs / 1000).toFixed(2)} s`,
      );
      await until(seconds);
      rollingFrom = Date.now();
      say(`  ${((rollingFrom - t0) / 1000).toFixed(1)} s: rolling restart`);
      rolling = await cluster.rollingRestart();
      rollingTo = Date.now();
      for (const step of rolling) {
        say(
          `    ${cluster.serverNames[step.index]}: exited ${step.code ?? step.signal} ${(step.exitMs / 1000).toFixed(2)} s after SIGTERM; ready ${(step.readyMs / 1000).toFixed(2)} s, UP ${(step.upMs / 1000).toFixed(2)} s after its start`,
        );
      }
      say(`  ${((rollingTo - t0) / 1000).toFixed(1)} s: rolling restart done`);
    } else {
      await until(seconds);
    }
    worker.postMessage("stop");
    const load = await finished;
    await worker.terminate();
    const elapsed = (load.stopped - load.started) / 1000;

    // --- shared state: the lead limit and a session, across instances ------------------------------
    if (mode === "cluster") {
      const from = `127.${options.network + 100}.0.1`;
      const statuses: number[] = [];
      for (let i = 0; i < LEADS_PER_MINUTE + 2 * count; i++) {
        const answer = await call(cluster.url, "/api/inquiries", {
          method: "POST",
          from,
          body: {
            name: "Limit Probe",
            email: `limit${i}-${options.tag}@bench.test`,
            message: `Shared limit probe ${i}.`,
          },
        });
        statuses.push(answer.status);
        const reference = (JSON.parse(answer.body || "{}") as { reference?: string }).reference;
        if (answer.status === 201 && reference)
          load.leads.push({ reference, email: `limit${i}-${options.tag}@bench.test` });
      }
      const passed = statuses.filter((s) => s === 201).length;
      check(
        "the lead rate limit is shared (Redis)",
        passed === LEADS_PER_MINUTE && statuses.slice(LEADS_PER_MINUTE).every((s) => s === 429),
        `${statuses.length} leads from one address round-robined over ${count} instances: ${passed} answered 201 (limit ${LEADS_PER_MINUTE}), then ${statuses.slice(LEADS_PER_MINUTE).join(",")}`,
      );

      const email = `session-${options.tag}@bench.test`;
      const signedUp = await call(cluster.url, "/api/auth/signup", {
        method: "POST",
        from: `127.${options.network + 100}.0.2`,
        body: { firstName: "Session", lastName: "Probe", email, country: "Saudi Arabia", password: "session probe 1" },
      });
      const seen = await Promise.all(
        cluster.instanceUrls.map((url) => call(url, "/api/auth/me", { cookie: signedUp.cookie ?? "" })),
      );
      check(
        "a session made through the balancer works on every instance",
        signedUp.status === 201 && seen.every((answer) => answer.status === 200),
        `sign-up ${signedUp.status}; /api/auth/me on ${cluster.serverNames.map((name, i) => `${name} ${seen[i]!.status}`).join(", ")}`,
      );
    }

    // --- the outbox drains --------------------------------------------------------------------------
    const drainStarted = Date.now();
    let lastCount = -1;
    let stableSince = Date.now();
    for (;;) {
      const { rows } = await database.query<{ n: number }>(
        "select count(*)::int as n from outbox where status in ('pending', 'sending')",
      );
      if (cluster.mail.length !== lastCount) {
        lastCount = cluster.mail.length;
        stableSince = Date.now();
      }
      if (rows[0]!.n === 0 && Date.now() - stableSince > 1500) break;
      if (Date.now() - drainStarted > 90_000) break;
      await sleep(250);
    }

    // --- HAProxy's view of each failure -------------------------------------------------------------
    const haproxyLines = parseHaproxyLog(join(cluster.runDir, "haproxy.log"));
    // A resent attempt HAProxy has no line for never reached it: the connection closed as the
    // request went out, and sending it again was safe (a browser does the same).
    raced = new Set(load.records.filter((r) => r.resent && !haproxyLines.has(r.id)).map((r) => r.id));
    const phaseOf = (start: number): Phase => {
      if (mode === "single") return "steady";
      if (start < killedAt) return "before the kill";
      if (start < restartedAt) return "SIGKILL → restart";
      if (start < rollingFrom) return "after the restart";
      if (start <= rollingTo) return "rolling restart";
      return "after";
    };
    /**
     * Sent by HAProxy to the killed instance before its process was gone, and not answered before
     * the SIGKILL: the failures the kill may cost. (A request that arrives after the signal but
     * before the kernel has closed the dead process's sockets is still accepted, or written to a
     * kept-alive connection, and then cut.)
     */
    const inFlightAtKill = (record: LoadRecord) => {
      const line = haproxyLines.get(record.id);
      return (
        killedAt !== Infinity &&
        line !== undefined &&
        line.server === cluster.serverNames[victim] &&
        line.at <= killedExitAt + 20 &&
        line.at + line.ms >= killedAt - 20
      );
    };
    const byPhase: RunReport["failuresByPhase"] = {};
    let allowedFailures = 0;
    const unexplained = new Map<string, number>();
    for (const record of load.records) {
      const phase = phaseOf(record.start);
      const entry = (byPhase[phase] ??= { failures: 0, allowed: 0, requests: 0 });
      entry.requests++;
      if (!isFailure(record)) continue;
      entry.failures++;
      if (mode === "cluster" && inFlightAtKill(record)) {
        entry.allowed++;
        allowedFailures++;
      } else {
        const line = haproxyLines.get(record.id);
        const answer = record.status || `${record.error}${record.reused ? " on a reused connection" : ""}`;
        const key = `${phase}: ${record.kind} ${answer}${line ? ` (HAProxy: ${line.server} ${line.status} ${line.termination})` : " (not in HAProxy's log)"}`;
        unexplained.set(key, (unexplained.get(key) ?? 0) + 1);
      }
    }
    const failures = load.records.filter(isFailure).length;
    const unexplainedCount = failures - allowedFailures;
    check(
      mode === "cluster"
        ? "failures only for requests in flight on the killed instance"
        : "no failed request on one instance",
      unexplainedCount === 0,
      `${failures} failed, ${allowedFailures} of them in flight on ${mode === "cluster" ? cluster.serverNames[victim] : "-"} at the SIGKILL${
        unexplainedCount > 0
          ? `; the others, most frequent first: ${[...unexplained]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 12)
              .map(([key, n]) => `${n}× ${key}`)
              .join("; ")}${unexplained.size > 12 ? "; …" : ""}`
          : ""
      }`,
    );
    if (mode === "cluster") {
      const rollingFailures = byPhase["rolling restart"]?.failures ?? 0;
      check(
        "no failed request during the rolling restart",
        rollingFailures === 0,
        `${rollingFailures} of ${byPhase["rolling restart"]?.requests ?? 0}`,
      );
      check(
        "each instance exited 0 after SIGTERM",
        (rolling ?? []).every((step) => step.code === 0),
        (rolling ?? []).map((s) => `${cluster.serverNames[s.index]} ${s.code ?? s.signal}`).join(", "),
      );
    }
    const unexpectedExits = cluster.exits.filter((exit) => !exit.expected);
    check(
      "no instance exited unasked (after the start)",
      unexpectedExits.length === cluster.startFailures.length,
      unexpectedExits.map((e) => `${cluster.serverNames[e.index]} ${e.code ?? e.signal}`).join(", ") || "none",
    );

    // --- mail per recipient -------------------------------------------------------------------------
    /** A second copy with the same Message-ID whose first copy arrived in the seconds before the SIGKILL. */
    const resentAfterKill = (copies: { messageId: string; at: number }[]) =>
      new Set(copies.map((c) => c.messageId)).size === 1 &&
      copies[0]!.at >= killedAt - 15_000 &&
      copies[0]!.at <= killedAt + 1000;
    const mailBy = new Map<string, { messageId: string; at: number }[]>();
    for (const message of cluster.mail) {
      const reference = /(MNT-\d{6}|ORD-[A-Z2-7]{8})/.exec(message.subject)?.[1];
      if (!reference) continue;
      const key = `${reference} ${message.to.toLowerCase()}`;
      mailBy.set(key, [...(mailBy.get(key) ?? []), { messageId: message.messageId, at: message.at }]);
    }
    let resent = 0;
    /** What was wrong with the messages that were not exactly one, for the report. */
    const mailProblems: string[] = [];
    /** Exactly one message (or one re-sent after the kill) for this reference and recipient. */
    const mailedOnce = (reference: string, to: string) => {
      const copies = mailBy.get(`${reference} ${to.toLowerCase()}`) ?? [];
      if (copies.length === 1) return true;
      if (copies.length > 1 && resentAfterKill(copies)) {
        resent += copies.length - 1;
        return true;
      }
      mailProblems.push(
        copies.length === 0
          ? `${reference} to ${to}: none`
          : `${reference} to ${to}: ${copies.length} copies, ${new Set(copies.map((c) => c.messageId)).size} Message-ID(s), ${copies
              .map((c) => `${((c.at - t0) / 1000).toFixed(2)} s (${phaseOf(c.at)})`)
              .join(" and ")}`,
      );
      return false;
    };

    // --- leads --------------------------------------------------------------------------------------
    const stored = (
      await database.query<{ reference: string; email: string }>("select reference, email from inquiries")
    ).rows;
    const storedRefs = new Set(stored.map((row) => row.reference));
    const answered = new Set(load.leads.map((lead) => lead.reference));
    const missing = load.leads.filter((lead) => !storedRefs.has(lead.reference));
    const storedUnanswered = stored.filter((row) => !answered.has(row.reference));
    const leadFailuresAtKill = load.records.filter(
      (r) => r.kind === "lead" && isFailure(r) && inFlightAtKill(r),
    ).length;
    const perEmail = new Map<string, number>();
    for (const row of stored) perEmail.set(row.email, (perEmail.get(row.email) ?? 0) + 1);
    const storedTwice = [...perEmail.values()].filter((n) => n > 1).length;
    check(
      "leads answered 201 = leads stored, each once",
      missing.length === 0 && storedTwice === 0 && storedUnanswered.length <= leadFailuresAtKill,
      `${answered.size} answered 201, ${stored.length} stored; answered but not stored ${missing.length}; stored twice ${storedTwice}; stored without a 201 ${storedUnanswered.length} (in flight at the kill: ${leadFailuresAtKill})`,
    );
    const leadsNotMailedOnce = stored.filter(
      (row) => !mailedOnce(row.reference, STUDIO) || !mailedOnce(row.reference, row.email),
    );
    check(
      "each lead mailed to the studio and the visitor exactly once",
      leadsNotMailedOnce.length === 0,
      `${stored.length * 2} expected; leads not mailed exactly once: ${leadsNotMailedOnce.length}${mailProblems.length ? ` (${mailProblems.slice(0, 3).join("; ")})` : ""}`,
    );

    // --- orders -------------------------------------------------------------------------------------
    const paidOrders = (
      await database.query<{
        reference: string;
        email: string;
        invoices: number;
        paid_events: number;
        emails: number;
      }>(`
        select o.reference, o.customer_email as email,
               (select count(*)::int from invoices i where i.order_id = o.id) as invoices,
               (select count(*)::int from order_events e where e.order_id = o.id and e.to_status = 'paid') as paid_events,
               (select count(*)::int from outbox m where m.dedupe_key like 'order:' || o.id || ':%') as emails
        from orders o where o.status = 'paid'`)
    ).rows;
    const ordersPerEmail = (
      await database.query<{ email: string; n: number }>(
        "select customer_email as email, count(*)::int as n from orders group by customer_email having count(*) > 1",
      )
    ).rows;
    const paidRefs = new Set(paidOrders.map((order) => order.reference));
    const confirmedPaid = new Set(load.paid);
    const paidMissing = [...confirmedPaid].filter((reference) => !paidRefs.has(reference));
    const unconfirmed = new Set(load.approvedUnconfirmed);
    const paidUnexplained = paidOrders.filter((o) => !confirmedPaid.has(o.reference) && !unconfirmed.has(o.reference));
    check(
      "confirms answered paid = orders paid; none created twice",
      paidMissing.length === 0 && paidUnexplained.length === 0 && ordersPerEmail.length === 0,
      `${confirmedPaid.size} confirms answered paid, ${paidOrders.length} orders paid (${paidOrders.length - confirmedPaid.size + paidMissing.length} of them by the webhook after a confirm lost with the killed instance); answered paid but not paid ${paidMissing.length}; paid without a paid answer ${paidUnexplained.length}; buyers with two orders ${ordersPerEmail.length}`,
    );
    mailProblems.length = 0;
    const incomplete = paidOrders.filter(
      (o) =>
        o.invoices !== 1 ||
        o.paid_events !== 1 ||
        o.emails !== 2 ||
        !mailedOnce(o.reference, STUDIO) ||
        !mailedOnce(o.reference, o.email),
    );
    check(
      "each paid order has one invoice, one paid event and its two e-mails, each sent once",
      incomplete.length === 0,
      `${incomplete.length} of ${paidOrders.length} not${incomplete.length ? ` (e.g. ${JSON.stringify(incomplete[0])}${mailProblems.length ? `; ${mailProblems.slice(0, 3).join("; ")}` : ""})` : ""}`,
    );
    const outboxStatus = (
      await database.query<{ status: string; n: number }>(
        "select status, count(*)::int as n from outbox group by status",
      )
    ).rows;
    const unsent = outboxStatus.filter((row) => row.status !== "sent").reduce((sum, row) => sum + row.n, 0);
    check(
      "the outbox drained (nothing pending or failed)",
      unsent === 0,
      outboxStatus.map((row) => `${row.status}×${row.n}`).join(", "),
    );

    // --- scheduled jobs -----------------------------------------------------------------------------
    const writes = (
      await database.query<{ name: string; takes: number; writes: number; first: Date; last: Date }>(`
        select name,
               count(*) filter (where expires_at > at and (op = 'INSERT' or old_expires_at <= at or old_owner <> owner))::int as takes,
               count(*)::int as writes, min(at) as first, max(at) as last
        from cluster_bench.lease_writes group by name order by name`)
    ).rows;
    const scenarioMs = Date.now() - t0 + 60_000;
    const jobRuns: Record<string, number> = {};
    const jobDetails: string[] = [];
    let jobsOk = writes.length > 0;
    for (const row of writes) {
      const period = JOB_PERIODS_MS[row.name] ?? 60_000;
      const allowed = 1 + Math.floor(scenarioMs / period);
      jobRuns[row.name] = row.takes;
      if (row.takes > allowed) jobsOk = false;
      jobDetails.push(`${row.name} ran ${row.takes}× (at most ${allowed} in ${Math.round(scenarioMs / 1000)} s)`);
    }
    check(
      "each scheduled job ran once per period",
      jobsOk,
      jobDetails.join("; ") || "no write to job_leases seen (the observer could not attach, or no job ran)",
    );

    // --- figures ------------------------------------------------------------------------------------
    const kinds: RunReport["kinds"] = {};
    for (const kind of Object.keys(EXPECTED) as LoadKind[]) {
      const records = load.records.filter((r) => r.kind === kind);
      if (records.length === 0) continue;
      const sorted = records
        .filter((r) => !isFailure(r))
        .map((r) => r.ms)
        .sort((a, b) => a - b);
      kinds[kind] = {
        count: records.length,
        perSecond: records.length / elapsed,
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        p99: quantile(sorted, 0.99),
        failures: records.filter(isFailure).length,
        shed: records.filter(isShed).length,
      };
    }
    const p99ByPhase: RunReport["p99ByPhase"] = {};
    for (const phase of new Set(load.records.map((r) => phaseOf(r.start)))) {
      const entry: Partial<Record<LoadKind, number>> = {};
      for (const kind of BUDGET_KINDS) {
        const sorted = load.records
          .filter((r) => r.kind === kind && !isFailure(r) && phaseOf(r.start) === phase)
          .map((r) => r.ms)
          .sort((a, b) => a - b);
        if (sorted.length > 0) entry[kind] = quantile(sorted, 0.99);
      }
      p99ByPhase[phase] = entry;
    }
    const retried = [...haproxyLines.values()].filter((line) => line.retries !== "0");
    return {
      instances: count,
      seconds: elapsed,
      kinds,
      failuresByPhase: byPhase,
      p99ByPhase,
      haproxyRetried: retried.length,
      keepAliveRaces: raced.size,
      haproxyRedispatched: retried.filter((line) => line.retries.startsWith("+")).length,
      ...(restart ? { restart } : {}),
      ...(rolling ? { rolling } : {}),
      ...(mode === "cluster" ? { killed: cluster.serverNames[victim], inFlightAtKill: allowedFailures } : {}),
      jobRuns,
      mail: { received: cluster.mail.length, resentAfterKill: resent },
      checks,
      runDir: cluster.runDir,
    };
  } finally {
    await database.end().catch(() => undefined);
    await cluster.stop({ keepDatabase: values.keep });
  }
}

// --- main --------------------------------------------------------------------------------------------
const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(" ");
say(
  `bench:cluster${short ? " --short" : ""}: ${instances} instances behind HAProxy, ${seconds} s of leads ${rates.lead}/s, checkouts ${rates.checkout}/s, pages ${rates.page}/s, accounts ${rates.account}/s; SIGKILL at ${killAt} s, restart at ${restartAt} s, then a rolling restart under load; load average ${load}`,
);
const cluster = await run("cluster");
let single: RunReport | undefined;
if (values.single) {
  say(`\n… and the same load on ONE instance (no kill, no restart)`);
  single = await run("single");
}

const format = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "-" : n.toFixed(0));
const row = (kind: LoadKind, report: RunReport | undefined) => {
  const k = report?.kinds[kind];
  return k
    ? `${format(k.perSecond).padStart(5)}/s ${format(k.p50).padStart(5)} ${format(k.p95).padStart(5)} ${format(k.p99).padStart(5)} ms ${String(k.failures).padStart(4)} ${String(k.shed).padStart(4)}`
    : "-".padStart(37);
};
say(`\n== latency per kind (ms; failures; 429 busy) ==`);
say(`${"kind".padEnd(14)} ${`${instances} instances`.padEnd(37)}   ${single ? "1 instance" : ""}`);
say(
  `${"".padEnd(14)} ${"rate    p50   p95   p99      fail shed".padEnd(37)}   ${single ? "rate    p50   p95   p99      fail shed" : ""}`,
);
for (const kind of Object.keys(EXPECTED) as LoadKind[]) {
  say(`${kind.padEnd(14)} ${row(kind, cluster)}   ${single ? row(kind, single) : ""}`);
}
say(`\n== failures by phase (${instances} instances) ==`);
for (const [phase, entry] of Object.entries(cluster.failuresByPhase)) {
  say(
    `${phase.padEnd(20)} ${entry.failures} failed of ${entry.requests}${entry.allowed ? ` (${entry.allowed} in flight on ${cluster.killed} at the SIGKILL)` : ""}`,
  );
}
say(`\n== p99 by phase (${instances} instances; ms) ==`);
say(`${"".padEnd(20)} ${BUDGET_KINDS.map((k) => k.padStart(14)).join("")}`);
for (const [phase, entry] of Object.entries(cluster.p99ByPhase)) {
  say(`${phase.padEnd(20)} ${BUDGET_KINDS.map((k) => format(entry[k]).padStart(14)).join("")}`);
}
say(
  `HAProxy retried ${cluster.haproxyRetried} requests (${cluster.haproxyRedispatched} on another instance); the client sent ${cluster.keepAliveRaces} again whose kept-alive connection to HAProxy closed as they went out (not in HAProxy's log); e-mails received ${cluster.mail.received}, re-sent after the SIGKILL (same Message-ID) ${cluster.mail.resentAfterKill}`,
);
const budgets = [
  { kind: "lead" as const, p99: 250 },
  { kind: "create-intent" as const, p99: 300 },
  { kind: "me" as const, p99: 120 },
];
say(`\n== budgets (issue 36, ${instances} instances; printed, not asserted: the machine may be shared) ==`);
for (const budget of budgets) {
  const p99 = cluster.kinds[budget.kind]?.p99 ?? NaN;
  say(`${budget.kind} p99 <= ${budget.p99} ms: ${format(p99)} ms ${p99 <= budget.p99 ? "ok" : "OVER"}`);
}
say(
  `sign-up p99 ${format(cluster.kinds["sign-up"]?.p99)} ms, sign-in p99 ${format(cluster.kinds["sign-in"]?.p99)} ms (argon2, reported)`,
);

const allChecks = [
  ...cluster.checks.map((c) => ({ ...c, run: `${instances} instances` })),
  ...(single?.checks ?? []).map((c) => ({ ...c, run: "1 instance" })),
];
say(`\n== checks ==`);
for (const c of allChecks) say(`${c.ok ? "ok  " : "FAIL"} [${c.run}] ${c.name}: ${c.detail}`);
const ok = allChecks.every((c) => c.ok);
say(ok ? "\nOK" : `\nFAILED (logs: ${cluster.runDir}${single ? `, ${single.runDir}` : ""})`);
// The logs stay for a failed run (and with --keep); a passing run leaves nothing behind.
if (ok && !values.keep)
  for (const report of [cluster, single]) if (report) rmSync(report.runDir, { recursive: true, force: true });
if (values.json) {
  console.log(JSON.stringify({ rates, seconds, killAt, restartAt, loadAverage: load, cluster, single, ok }, null, 2));
}
process.exit(ok ? 0 : 1);
