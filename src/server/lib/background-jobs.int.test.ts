import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/database.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { createJobRunner, type JobRunner } from "./background-jobs.ts";

const log = pino({ level: "silent" });
const until = async (check: () => boolean, timeoutMs = 5000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("background jobs", () => {
  let database: Database;
  const runners: JobRunner[] = [];
  beforeEach(async () => {
    database = await openDatabase({ dataDir: "memory://" });
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await database.close();
  });
  const runner = () => {
    const created = createJobRunner({ db: database.db, log });
    runners.push(created);
    return created;
  };

  it("runs nothing before start, then on its interval and when triggered", async () => {
    const jobs = runner();
    let runs = 0;
    jobs.add({ name: "count", everyMs: 60_000, run: async () => void runs++ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(0);
    jobs.start();
    await until(() => runs === 1);
    jobs.trigger("count");
    await until(() => runs === 2);
  });

  it("runs again at once while a run reports more work", async () => {
    const jobs = runner();
    let left = 3;
    jobs.add({ name: "drain", everyMs: 60_000, run: async () => ({ more: --left > 0 }) });
    jobs.start();
    await until(() => left === 0);
  });

  it("keeps going after a failing run", async () => {
    const jobs = runner();
    let runs = 0;
    jobs.add({
      name: "flaky",
      everyMs: 10,
      run: async () => {
        runs++;
        if (runs === 1) throw new Error("first run fails");
      },
    });
    jobs.start();
    await until(() => runs >= 3);
  });

  it("stop aborts the signal, waits for the run in progress and schedules nothing more", async () => {
    const jobs = runner();
    let runs = 0;
    let finished = false;
    jobs.add({
      name: "slow",
      everyMs: 5,
      run: async ({ signal }) => {
        runs++;
        await new Promise<void>((resolve) => signal.addEventListener("abort", () => setTimeout(resolve, 50)));
        finished = true;
      },
    });
    jobs.start();
    await until(() => runs === 1);
    await jobs.stop();
    expect(finished).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
  });

  it("runs an exclusive job in one instance at a time per database", async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const job = {
      name: "sweep",
      everyMs: 1,
      exclusive: true,
      run: async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((resolve) => setTimeout(resolve, 20));
        active--;
        runs++;
      },
    };
    const a = runner();
    const b = runner();
    a.add(job);
    b.add({ ...job });
    a.start();
    b.start();
    await until(() => runs >= 6);
    expect(maxActive).toBe(1);
  });

  it("starts with the app once it is ready and stops when it closes", async () => {
    let runs = 0;
    const app = await createTestApp(
      {},
      {
        extend: async (target) => {
          target.jobs.add({ name: "probe", everyMs: 5, run: async () => void runs++ });
        },
      },
    );
    await until(() => runs > 0);
    await app.close();
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(after);
  });
});
