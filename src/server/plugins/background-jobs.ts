import fp from "fastify-plugin";
import { createJobRunner, type JobRunner } from "../lib/background-jobs.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Background work inside this process: plugins `add` their jobs while the app is built. */
    jobs: JobRunner;
  }
}

/**
 * The app's job runner: jobs start once the app is ready (every plugin loaded, migrations
 * applied) and stop before the database closes; runs in progress are awaited. Exclusive jobs run
 * once per period across the instances (decision 0041); `app.jobs.status()` says when each last
 * ran and succeeded. With
 * `enabled: false` jobs are added but never run (a process that only serves, or a test that
 * drives the work itself).
 */
export default fp<{ enabled: boolean }>(
  async (app, options) => {
    const runner = createJobRunner({ db: app.db, log: app.log });
    app.decorate("jobs", runner);
    if (options.enabled) app.addHook("onReady", async () => runner.start());
    app.addHook("preClose", async () => runner.stop());
  },
  { name: "background-jobs", dependencies: ["database"] },
);
