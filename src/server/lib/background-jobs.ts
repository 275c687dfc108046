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
  /** Pause between the end of one run and the start of the next. */
  everyMs: number;
  /**
   * At most one run of this job at a time among all instances sharing the database (an order
   * expiry sweep). Leave it off for work that claims its own rows (`FOR UPDATE SKIP LOCKED`),
   * where several instances may safely share the load.
   */
  exclusive?: boolean;
  /** How long an exclusive run may hold its lease before another instance may take over. */
  leaseMs?: number;
  /** Returns `{ more: true }` when work is left, to run again at once instead of after `everyMs`. */
  run(context: JobContext): Promise<void | { more?: boolean }>;
};

export type JobRunner = {
  add(job: BackgroundJob): void;
  /** Runs a job soon rather than at its next tick (e.g. right after its work was written). */
  trigger(name: string): void;
  start(): void;
  /** Stops scheduling, aborts the signal and waits for runs in progress to end. */
  stop(): Promise<void>;
};

type Entry = {
  job: BackgroundJob;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** A trigger arrived during a run: run again right after it. */
  again: boolean;
};

/**
 * Runs background work inside the server process (CONVENTIONS 15): each job on its own timer,
 * never two runs of one job at once in this process, exclusive jobs under a database lease.
 * A failing run is logged and retried at the next tick; it never takes the server down.
 */
export function createJobRunner(options: { db: Db; log: FastifyBaseLogger; owner?: string }): JobRunner {
  const { db, log } = options;
  const owner = options.owner ?? randomUUID();
  const entries = new Map<string, Entry>();
  const controller = new AbortController();
  let started = false;

  const schedule = (entry: Entry, delay: number) => {
    if (!started || controller.signal.aborted) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void runOnce(entry), delay);
    entry.timer.unref();
  };

  const runOnce = async (entry: Entry): Promise<void> => {
    if (entry.running || controller.signal.aborted) {
      entry.again = true;
      return;
    }
    const { job } = entry;
    let more = false;
    entry.running = (async () => {
      const leased = !job.exclusive || (await acquireLease(db, job.name, owner, job.leaseMs ?? 5 * 60_000));
      if (!leased) return;
      try {
        const result = await job.run({ db, log: log.child({ job: job.name }), signal: controller.signal });
        more = Boolean(result && result.more);
      } finally {
        if (job.exclusive) await releaseLease(db, job.name, owner);
      }
    })().catch((error: unknown) => {
      if (!controller.signal.aborted) log.error({ err: error, job: job.name }, "background job failed");
    });
    await entry.running;
    entry.running = undefined;
    const again = more || entry.again;
    entry.again = false;
    schedule(entry, again ? 0 : job.everyMs);
  };

  return {
    add(job) {
      if (entries.has(job.name)) throw new Error(`Background job "${job.name}" is already added`);
      const entry: Entry = { job, again: false };
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
  };
}

/** Takes the job's lease if it is free, expired, or already ours. */
async function acquireLease(db: Db, name: string, owner: string, leaseMs: number): Promise<boolean> {
  const result = await db.execute(sql`
    insert into job_leases (name, owner, expires_at)
    values (${name}, ${owner}, now() + make_interval(secs => ${leaseMs / 1000}))
    on conflict (name) do update set owner = excluded.owner, expires_at = excluded.expires_at
      where job_leases.expires_at < now() or job_leases.owner = excluded.owner
    returning owner`);
  return rowsOf(result).length > 0;
}

async function releaseLease(db: Db, name: string, owner: string): Promise<void> {
  await db.execute(sql`update job_leases set expires_at = now() where name = ${name} and owner = ${owner}`);
}
