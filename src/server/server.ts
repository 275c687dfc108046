import pino from "pino";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { paymentGatewayOf } from "./modules/payments/payments-config.ts";
import { describeStartupFailure } from "./lib/startup-failure.ts";

let config: Config | undefined;

/** Starts the site and API, and shuts down cleanly on SIGTERM/SIGINT (DESIGN D15). */
async function main(): Promise<void> {
  config = loadConfig();
  // Before the database opens: a production start on an implicit sandbox stops at once (issue 35).
  const gateway = paymentGatewayOf(config);
  if ("problem" in gateway) throw new ConfigError([gateway.problem]);
  // The log is written asynchronously: a line goes out at once when the server is quiet, and
  // under load the lines that arrive while a write is under way go out together in the next one,
  // rather than a system call per line. What is left is flushed at shutdown.
  const logStream = pino.destination({ dest: 1, sync: false });
  const app = await buildApp(config, { logStream });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // A keep-alive connection whose answer was still being sent when the close began (a
    // compressed stream, say) becomes idle only afterwards, and would hold the close open until
    // its keep-alive timeout: idle connections are closed again as they appear.
    const reap = setInterval(() => app.server.closeIdleConnections(), 100);
    reap.unref();
    app.close().then(
      () => {
        logStream.flushSync();
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  try {
    await app.listen({ host: config.HOST, port: config.PORT });
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
