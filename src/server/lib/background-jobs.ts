import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows-of.ts";

export type JobContext = {
  db: Db;
  log: FastifyBaseLogger;
  /** Aborted when the server shuts down: a long run should stop at its next safe point. */
  signal: AbortSignal;
};

export type BackgroundJob = {
  name: string;
  /**
   * A job that is not exclusive: the pause between the end of one run and the start of the next,
   * in this process. An exclusive job: its period; it runs once per period among all instances.
   */
  everyMs: number;
  /**
   * Runs once per period among all instances sharing the database, whichever one runs it (an
   * order expiry sweep, a purge), under its row in `job_leases`. Leave it off for work that claims
   * its own rows (`FOR UPDATE SKIP LOCKED`, the outbox), where every instance shares the load.
   */
  exclusive?: boolean;
  /**
   * An exclusive run's lease (default 5 minutes): renewed every third of it while the run is
   * alive, so it runs out only when the run's process died, and another instance then takes over.
   */
  leaseMs?: number;
  /** Returns `{ more: true }` when work is left, to run again at once (within the same period's run). */
  run(context: JobContext): Promise<void | { more?: boolean }>;
};

/** What a job has done, for monitoring (decision 0041). */
export type JobStatus = {
  name: string;
  exclusive: boolean;
  everyMs: number;
  /** A run is under way in this process. */
  running: boolean;
  /** Runs this process started (for an exclusive job: periods it ran) and how many failed. */
  runs: number;
  failures: number;
  /** When the latest run started: in any instance for an exclusive job, in this process otherwise. */
  lastRunAt: Date | null;
  /** When a run last ended without an error, by the same rule. */
  lastSuccessAt: Date | null;
  /** Exclusive jobs: when the next period's run is due (or a run under way counts as crashed). */
  heldUntil?: Date | null;
};

export type JobRunner = {
  add(job: BackgroundJob): void;
  /**
   * Runs a job soon rather than at its next tick (e.g. right after its work was written). An
   * exclusive job still runs only if its period's run is due.
   */
  trigger(name: string): void;
  start(): void;
  /** Stops scheduling, aborts the signal and waits for runs in progress to end. */
  stop(): Promise<void>;
  /** Every job's runs and last success (exclusive jobs as `job_leases` records them). */
  status(): Promise<JobStatus[]>;
};

type Entry = {
  job: BackgroundJob;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** A trigger arrived during a run: run again right after it. */
  again: boolean;
  runs: number;
  failures: number;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
};

/** How long an exclusive run may last before another instance takes it over, unless the job says. */
const DEFAULT_LEASE_MS = 5 * 60_000;
/** After a failure to reach the database for a lease, try again within this. */
const LEASE_RETRY_MS = 30_000;
/** The shortest wait before looking at a lease again (one running out this very moment). */
const LEASE_POLL_MIN_MS = 5;

/**
 * Runs background work inside the server process (CONVENTIONS 15, decisions 0011 and 0041): each
 * job on its own timer, never two runs of one job at once in this process, exclusive jobs once per
 * period across the database. A failing run is logged and retried at the next tick (an exclusive
 * job's: the next period); it never takes the server down.
 */
export function createJobRunner(options: { db: Db; log: FastifyBaseLogger; owner?: string }): JobRunner {
  const { db, log } = options;
  const owner = options.owner ?? randomUUID();
  const entries = new Map<string, Entry>();
  const controller = new AbortController();
  const signal = controller.signal;
  let started = false;
  let leases = 0;

  const schedule = (entry: Entry, delay: number) => {
    if (!started || signal.aborted) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void runOnce(entry), delay);
    entry.timer.unref();
  };

  /** One call of the job's `run`: false when it failed (logged unless the server is stopping). */
  const invoke = async (entry: Entry): Promise<{ ok: boolean; more: boolean }> => {
    const { job } = entry;
    try {
      const result = await job.run({ db, log: log.child({ job: job.name }), signal });
      entry.lastSuccessAt = new Date();
      return { ok: true, more: Boolean(result && result.more) };
    } catch (error) {
      entry.failures++;
      if (!signal.aborted) log.error({ err: error, job: job.name }, "background job failed");
      return { ok: false, more: false };
    }
  };

  /** A job every instance runs on its own timer. Returns the delay until its next run. */
  const runHere = async (entry: Entry): Promise<number> => {
    entry.runs++;
    entry.lastRunAt = new Date();
    const outcome = await invoke(entry);
    return outcome.more ? 0 : entry.job.everyMs;
  };

  /**
   * An exclusive job: takes the period's lease if the period's run is due (or a run's lease ran
   * out: it crashed), runs it, and holds the lease until the next period is due. Returns the
   * delay until this instance looks again: when the lease it saw or left runs out.
   */
  const runShared = async (entry: Entry): Promise<number> => {
    const { job } = entry;
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    const token = `${owner}#${++leases}`;
    // Held: look again when it runs out (a crashed run's lease included), or within a period.
    const wait = async () => Math.max(LEASE_POLL_MIN_MS, Math.min(await leaseLeft(db, job.name), job.everyMs));
    if (!(await takeLease(db, job.name, token, leaseMs))) return wait();
    entry.runs++;
    entry.lastRunAt = new Date();
    const started = performance.now();
    // A live run keeps its lease: only one whose process died (no more renewals) is taken over.
    let beat: Promise<unknown> = Promise.resolve();
    const heartbeat = setInterval(() => {
      beat = renewLease(db, job.name, token, leaseMs).catch(() => false);
    }, leaseMs / 3);
    heartbeat.unref();
    let outcome: { ok: boolean; more: boolean };
    try {
      outcome = await invoke(entry);
      while (outcome.ok && outcome.more && !signal.aborted) {
        // Another batch of the same period's work; a lease lost meanwhile (taken over) ends it.
        if (!(await renewLease(db, job.name, token, leaseMs))) return wait();
        outcome = await invoke(entry);
      }
    } finally {
      clearInterval(heartbeat);
      // A renewal landing after the end below would cut the hold short of the next period.
      await beat;
    }
    // Cut short by a shutdown with work left: another instance takes the rest over at once.
    const unfinished = signal.aborted && (!outcome.ok || outcome.more);
    const left = await endLease(db, job.name, token, { everyMs: job.everyMs, succeeded: outcome.ok, unfinished });
    if (outcome.ok && !unfinished) {
      log.info({ job: job.name, ms: Math.round(performance.now() - started) }, "scheduled job ran");
    }
    return left ?? wait();
  };

  const runOnce = async (entry: Entry): Promise<void> => {
    if (entry.running || signal.aborted) {
      entry.again = true;
      return;
    }
    const { job } = entry;
    let delay = job.everyMs;
    entry.running = (async () => {
      delay = job.exclusive ? await runShared(entry) : await runHere(entry);
    })().catch((error: unknown) => {
      // Only the lease's own statements get here (a run's failure is handled by invoke).
      if (!signal.aborted) log.error({ err: error, job: job.name }, "background job could not reach its lease");
      delay = Math.min(job.everyMs, LEASE_RETRY_MS);
    });
    await entry.running;
    entry.running = undefined;
    // A trigger during the run of a job that is not exclusive: run again at once. An exclusive
    // job's next look is when its lease runs out; a trigger cannot bring its period forward.
    const again = entry.again && !job.exclusive;
    entry.again = false;
    schedule(entry, again ? 0 : Math.max(delay, 0));
  };

  return {
    add(job) {
      if (entries.has(job.name)) throw new Error(`Background job "${job.name}" is already added`);
      const entry: Entry = { job, again: false, runs: 0, failures: 0, lastRunAt: null, lastSuccessAt: null };
      entries.set(job.name, entry);
      if (started) schedule(entry, 0);
    },
    trigger(name) {
      const entry = entries.get(name);
      if (!entry) throw new Error(`No background job named "${name}"`);
      if (entry.running) entry.again = true;
      else schedule(entry, 0);
    },
    start() {
      if (started) return;
      started = true;
      for (const entry of entries.values()) schedule(entry, 0);
    },
    async stop() {
      controller.abort();
      for (const entry of entries.values()) clearTimeout(entry.timer);
      await Promise.all([...entries.values()].map((entry) => entry.running));
    },
    async status() {
      const shared = [...entries.values()].some((entry) => entry.job.exclusive)
        ? rowsOf<{ name: string; last_run_at: unknown; last_success_at: unknown; expires_at: unknown }>(
            await db.execute(sql`select name, last_run_at, last_success_at, expires_at from job_leases`),
          )
        : [];
      return [...entries.values()].map(({ job, running, runs, failures, lastRunAt, lastSuccessAt }) => {
        const base = { name: job.name, exclusive: Boolean(job.exclusive), everyMs: job.everyMs };
        const counts = { running: running !== undefined, runs, failures };
        if (!job.exclusive) return { ...base, ...counts, lastRunAt, lastSuccessAt };
        const row = shared.find((lease) => lease.name === job.name);
        return {
          ...base,
          ...counts,
          lastRunAt: dateOf(row?.last_run_at),
          lastSuccessAt: dateOf(row?.last_success_at),
          heldUntil: dateOf(row?.expires_at),
        };
      });
    },
  };
}

const dateOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

const seconds = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * Takes the job's lease for the run `token` if it is free: never taken, its period's run due, or
 * the run holding it gone past its lease (crashed). Records the run's start.
 */
async function takeLease(db: Db, name: string, token: string, leaseMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into job_leases (name, owner, expires_at, last_run_at)
    values (${name}, ${token}, now() + ${seconds(leaseMs)}, now())
    on conflict (name) do update
      set owner = excluded.owner, expires_at = excluded.expires_at, last_run_at = excluded.last_run_at
      where job_leases.expires_at <= now()
    returning owner`);
  return rowsOf(result).length > 0;
}

/** Extends a run's lease between batches of its work; false if the run no longer holds it. */
async function renewLease(db: Db, name: string, token: string, leaseMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    update job_leases set expires_at = now() + ${seconds(leaseMs)}
    where name = ${name} and owner = ${token}
    returning owner`);
  return rowsOf(result).length > 0;
}

/**
 * Ends a run: the lease is then held until the next period is due (counted from the run's
 * start), or handed on at once when a shutdown cut the run short. Returns the milliseconds until
 * it runs out, or undefined if the run no longer held it.
 */
async function endLease(
  db: Db,
  name: string,
  token: string,
  run: { everyMs: number; succeeded: boolean; unfinished: boolean },
): Promise<number | undefined> {
  const result = await db.execute(sql`
    update job_leases
    set expires_at = ${run.unfinished ? sql`now()` : sql`last_run_at + ${seconds(run.everyMs)}`},
        last_success_at = ${run.succeeded ? sql`now()` : sql`last_success_at`}
    where name = ${name} and owner = ${token}
    returning greatest(0, extract(epoch from expires_at - now()) * 1000)::float8 as left_ms`);
  const row = rowsOf<{ left_ms: number | string }>(result)[0];
  return row ? Number(row.left_ms) : undefined;
}

/** Milliseconds until the job's lease runs out (0 if it has, or there is none). */
async function leaseLeft(db: Db, name: string): Promise<number> {
  const result = await db.execute(sql`
    select greatest(0, extract(epoch from expires_at - now()) * 1000)::float8 as left_ms
    from job_leases where name = ${name}`);
  return Number(rowsOf<{ left_ms: number | string }>(result)[0]?.left_ms ?? 0);
}
