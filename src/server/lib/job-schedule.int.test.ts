import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { freshPostgresDatabase } from "#tests/helpers/app.ts";
import { createJobRunner, type BackgroundJob, type JobRunner } from "./background-jobs.ts";

const log = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => boolean, timeoutMs = 10_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await sleep(10);
  }
};

/**
 * The starts of a job's runs, across instances, checked against its period: never two within one
 * period, and none missed. A start is seen here a round trip after the database recorded it, a
 * slower one while instances are starting, and a timer fires late on a busy machine (one start seen
 * 130 ms late shortens the next gap by as much: 269 ms of 400 with the test files run three at a
 * time on two cores): hence the allowances, far from the gap of a few milliseconds of two instances
 * running in the same period, and the count below still catches two runs a period at any offset.
 */
function expectOncePerPeriod(starts: number[], periodMs: number, from: number, to: number, slack = 0.5) {
  const sorted = starts.filter((at) => at >= from && at <= to).sort((a, b) => a - b);
  const gaps = sorted.slice(1).map((at, index) => at - sorted[index]!);
  const seen = `gaps between runs: ${gaps.join(", ")}`;
  expect(Math.min(...gaps), seen).toBeGreaterThanOrEqual(periodMs * (1 - slack));
  expect(Math.max(...gaps), seen).toBeLessThan(periodMs * 2);
  // From the first run in the window to its end: one run per period begun.
  const periods = Math.floor((to - sorted[0]!) / periodMs) + 1;
  expect(sorted.length, seen).toBeGreaterThanOrEqual(periods - 1);
  expect(sorted.length, seen).toBeLessThanOrEqual(periods);
}

describe("a scheduled job across instances on one database", () => {
  let database: Database;
  const runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(async () => {
    await database.close();
  });
  /** One instance's runner with the job added (each instance adds the same job at start). */
  const instance = (job: BackgroundJob, owner: string) => {
    const runner = createJobRunner({ db: database.db, log, owner });
    runner.add({ ...job });
    runners.push(runner);
    return runner;
  };

  it("runs once per period whichever instance runs it, and still after one instance stops", async () => {
    const period = 400;
    const starts: number[] = [];
    const by: string[] = [];
    const job = (owner: string): BackgroundJob => ({
      name: "sweep-periods",
      everyMs: period,
      exclusive: true,
      run: async () => {
        starts.push(Date.now());
        by.push(owner);
        await sleep(20);
      },
    });
    const started = Date.now();
    const three = ["a", "b", "c"].map((owner) => instance(job(owner), owner));
    for (const runner of three) runner.start();
    await sleep(period * 6);
    const stoppedAt = Date.now();
    expectOncePerPeriod(starts, period, started, stoppedAt);

    // The instance that ran last stops (a deploy): the other two carry on, still once per period.
    const last = by.at(-1)!;
    await three[["a", "b", "c"].indexOf(last)]!.stop();
    const before = starts.length;
    await sleep(period * 5);
    expectOncePerPeriod(starts, period, stoppedAt - period, Date.now());
    expect(starts.length - before).toBeGreaterThanOrEqual(3);
    expect(by.slice(before).every((owner) => owner !== last)).toBe(true);
  }, 30_000);

  it("does not run at an instance's start when the period's run already happened", async () => {
    let runs = 0;
    const job: BackgroundJob = { name: "purge-daily", everyMs: 60_000, exclusive: true, run: async () => void runs++ };
    const first = instance(job, "first");
    first.start();
    await until(() => runs === 1);
    // A restart of the first and two more instances: none of them runs it again in this period.
    await first.stop();
    for (const owner of ["first-again", "second", "third"]) instance(job, owner).start();
    await sleep(600);
    expect(runs).toBe(1);
    // What monitoring reads: the period's run, from any instance, even one that never ran it.
    const [status] = await runners.at(-1)!.status();
    expect(status).toMatchObject({ name: "purge-daily", exclusive: true, runs: 0 });
    expect(status!.lastSuccessAt).toBeInstanceOf(Date);
    expect(status!.heldUntil!.getTime() - status!.lastRunAt!.getTime()).toBe(60_000);
  });

  it("takes over a run whose instance died mid-run once its lease runs out", async () => {
    // What a killed instance leaves behind: its run's lease, no longer renewed.
    await database.db.execute(sql`
      insert into job_leases (name, owner, expires_at, last_run_at)
      values ('expire-crash', 'killed#1', now() + interval '400 milliseconds', now())`);
    const runs: number[] = [];
    const started = Date.now();
    const survivor = instance(
      {
        name: "expire-crash",
        everyMs: 60_000,
        leaseMs: 400,
        exclusive: true,
        run: async () => void runs.push(Date.now()),
      },
      "survivor",
    );
    survivor.start();
    await until(() => runs.length === 1);
    expect(runs[0]! - started).toBeGreaterThanOrEqual(300);
    // The survivor's run is the period's: held until the next one is due.
    await sleep(50);
    const [status] = await survivor.status();
    expect(status!.heldUntil!.getTime() - status!.lastRunAt!.getTime()).toBe(60_000);
  });

  it("hands a run cut short by a shutdown to another instance, not to the next period", async () => {
    const runs: string[] = [];
    const job = (owner: string): BackgroundJob => ({
      name: "expire-batches",
      everyMs: 60_000,
      leaseMs: 150,
      exclusive: true,
      run: async ({ signal }) => {
        runs.push(owner);
        if (owner === "leaving") await new Promise((resolve) => signal.addEventListener("abort", resolve));
        // Work left when the signal came (a batch of orders still to expire).
        return { more: owner === "leaving" };
      },
    });
    const leaving = instance(job("leaving"), "leaving");
    leaving.start();
    await until(() => runs.length === 1);
    const staying = instance(job("staying"), "staying");
    staying.start();
    await sleep(600);
    // The run lasts longer than its lease, but it is alive and renews it: nobody else runs it.
    expect(runs).toEqual(["leaving"]);
    await leaving.stop();
    // The waiting instance looks again within the lease time and finds the rest of the work free
    // (not held until the next period, a minute away).
    await until(() => runs.length === 2, 2000);
    expect(runs).toEqual(["leaving", "staying"]);
  });
});

// Whole apps, as three instances start: a real PostgreSQL (PGlite is one process's). Locally this
// skips without TEST_DATABASE_URL; in CI (CI=true) it uses CI's server and never skips.
const serverUrl =
  process.env.TEST_DATABASE_URL ??
  (process.env.CI === "true" ? "postgres://postgres@127.0.0.1:5432/postgres" : undefined);

describe.skipIf(!serverUrl)("three app instances on one PostgreSQL database", () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it("start together on a new database and run each scheduled job once per period", async () => {
    const url = await freshPostgresDatabase(serverUrl!);
    const period = 500;
    const starts: number[] = [];
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: url });
    const started = Date.now();
    apps.push(
      ...(await Promise.all(
        [1, 2, 3].map(async () => {
          const app = await buildApp(config, {
            extend: async (scope) => {
              scope.jobs.add({
                name: "probe-period",
                everyMs: period,
                exclusive: true,
                run: async () => void starts.push(Date.now()),
              });
            },
          });
          await app.ready();
          return app;
        }),
      )),
    );
    await sleep(period * 5);
    const stoppedAt = Date.now();
    expectOncePerPeriod(starts, period, started, stoppedAt, 0.4);
    // The app's own sweeps (periods of minutes and an hour) ran once among the three, not once each.
    const runsOf = async (name: string) => {
      let total = 0;
      for (const app of apps) total += (await app.jobs.status()).find((job) => job.name === name)?.runs ?? 0;
      return total;
    };
    expect(await runsOf("orders-expiry")).toBe(1);
    expect(await runsOf("accounts-purge")).toBe(1);
    const sweptAt = async (app: FastifyInstance) =>
      (await app.jobs.status()).find((job) => job.name === "orders-expiry")?.lastRunAt?.getTime();
    const firstSweep = await sweptAt(apps[0]!);

    // One instance leaves; a new one joins (a rolling restart): still once per period, no sweep again.
    await apps.shift()!.close();
    const joined = await buildApp(config, {
      extend: async (scope) => {
        scope.jobs.add({
          name: "probe-period",
          everyMs: period,
          exclusive: true,
          run: async () => void starts.push(Date.now()),
        });
      },
    });
    await joined.ready();
    apps.push(joined);
    await sleep(period * 4);
    expectOncePerPeriod(starts, period, stoppedAt - period, Date.now());
    // Which instance wins each period's lease is a race; what must hold is that the newcomer ran no
    // job whose period had already run (the hourly sweeps): at most the probe, in its turn.
    const ranByNewcomer = (await joined.jobs.status()).filter((job) => job.exclusive && job.runs > 0);
    expect(ranByNewcomer.map((job) => job.name).filter((name) => name !== "probe-period")).toEqual([]);
    expect(await sweptAt(joined)).toBe(firstSweep);
  }, 60_000);
});
