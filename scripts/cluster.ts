/**
 * `npm run cluster`: the production topology on one machine. Starts `--instances` (default 3)
 * copies of the built server (`npm run build` first when dist/server is missing) on one
 * PostgreSQL database and one Redis, behind HAProxy (round robin, health checks on /readyz,
 * retries only where they are safe: scripts/lib/cluster.ts), with a local SMTP server that
 * receives their e-mail, and prints the balancer's URL. Runs until Ctrl-C, then stops everything
 * and drops the database it created.
 *
 * `DATABASE_URL`: the database the instances share (default: a fresh one created on
 * postgres://postgres@127.0.0.1:5432, dropped at the end). `REDIS_URL`: the Redis server (default
 * redis://127.0.0.1:6379); the cluster uses its database `--redis-db` (default 15), which it
 * flushes at start. Logs: one file per instance and HAProxy's, in the folder printed at start.
 *
 *   npm run cluster -- [--instances 3] [--port 8380] [--redis-db 15] [--request-log]
 */
import { parseArgs } from "node:util";
import { startCluster } from "./lib/cluster.ts";

const { values } = parseArgs({
  options: {
    instances: { type: "string", default: "3" },
    port: { type: "string", default: "8380" },
    "redis-db": { type: "string", default: "15" },
    "request-log": { type: "boolean", default: false },
  },
});

const cluster = await startCluster({
  instances: Number(values.instances),
  port: Number(values.port),
  redisDb: Number(values["redis-db"]),
  requestLog: values["request-log"],
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
});
if (cluster.startFailures.length > 0) {
  for (const failure of cluster.startFailures) {
    console.error(
      `${cluster.serverNames[failure.index]} exited (${failure.code}) when started with the others; started it again. Its log:\n${failure.log}`,
    );
  }
}
console.log(`
The shop, through HAProxy: ${cluster.url}
instances: ${cluster.instanceUrls.map((url, i) => `${cluster.serverNames[i]} ${url}`).join(", ")}
database:  ${cluster.databaseUrl}
redis:     ${cluster.redisUrl}
smtp:      ${cluster.smtpUrl} (messages are counted, not kept)
logs:      ${cluster.runDir}
Ctrl-C stops it.`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  console.log("\nstopping…");
  cluster.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
