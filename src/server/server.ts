import pino from "pino";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { paymentGatewayOf } from "./modules/payments/payments-config.ts";
import { describeStartupFailure } from "./lib/startup-failure.ts";

let config: Config | undefined;

/** Starts the site and API, and shuts down cleanly on SIGTERM/SIGINT (DESIGN D15). */
async function main(): Promise<void> {
  const settings = loadConfig();
  config = settings;
  // Before the database opens: a production start on an implicit sandbox stops at once (issue 35).
  const gateway = paymentGatewayOf(settings);
  if ("problem" in gateway) throw new ConfigError([gateway.problem]);
  // The log is written asynchronously: a line goes out at once when the server is quiet, and
  // under load the lines that arrive while a write is under way go out together in the next one,
  // rather than a system call per line. What is left is flushed at shutdown.
  const logStream = pino.destination({ dest: 1, sync: false });
  const app = await buildApp(settings, { logStream });
  let closing = false;
  /**
   * The drain (decision 0041). SIGTERM (a deploy, `docker stop`, the orchestrator): /readyz
   * answers 503 at once and every answer closes its connection, while the server goes on serving
   * for SHUTDOWN_GRACE_MS, long enough for the balancer to take it out; then it stops accepting,
   * finishes the requests in flight, lets the background jobs end their runs (the outbox the
   * message it is sending), closes the database and exits 0. SIGINT is a person at a terminal:
   * no balancer to wait for, so no grace. Past SHUTDOWN_TIMEOUT_MS from the signal it exits 1.
   * A second signal changes nothing: `npm start` passes the terminal's Ctrl-C on to a server that
   * received it too.
   */
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    const graceMs = signal === "SIGTERM" ? settings.SHUTDOWN_GRACE_MS : 0;
    const timeoutMs = settings.SHUTDOWN_TIMEOUT_MS;
    app.log.info({ signal, graceMs, timeoutMs }, "shutting down");
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, "shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting");
      logStream.flushSync();
      process.exit(1);
    }, timeoutMs);
    force.unref();
    app.drain.begin();
    await new Promise((resolve) => setTimeout(resolve, graceMs));
    app.log.info("grace over: no longer accepting connections");
    // A keep-alive connection whose answer was still being sent when the close began (a
    // compressed stream, say) becomes idle only afterwards, and would hold the close open until
    // its keep-alive timeout: idle connections are closed again as they appear.
    const reap = setInterval(() => app.server.closeIdleConnections(), 100);
    reap.unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      logStream.flushSync();
      process.exit(1);
    }
    app.log.info("shut down");
    logStream.flushSync();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ host: settings.HOST, port: settings.PORT });
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}

// One line naming the setting and the cause, secrets masked, no stack (LOG_LEVEL=debug adds it).
main().catch((error: unknown) => {
  console.error(
    describeStartupFailure(error, {
      ...(config ? { listen: { host: config.HOST, port: config.PORT } } : {}),
      debug: config ? ["debug", "trace"].includes(config.LOG_LEVEL) : false,
    }),
  );
  process.exit(1);
});
