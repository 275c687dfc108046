/**
 * `npm start`: builds the site when the build is missing or older than its inputs, then runs the
 * server bundle (dist/server/server.js) as plain JavaScript in its own process, without this
 * script's TypeScript loader. On a built, unchanged checkout it goes straight to the server.
 *
 * A newcomer's `npm start` sets neither NODE_ENV nor PAYMENT_GATEWAY; the server, in production
 * by default, refuses to run on the sandbox unless told to (issue 35). So when both are unset this
 * script tells it, and says so: the shop runs in test mode. An operator who sets NODE_ENV gets no
 * such help and must choose the gateway.
 */
import { spawn, spawnSync } from "node:child_process";
import { ConfigError, loadConfig } from "#server/config.ts";
import { paymentGatewayOf } from "#server/modules/payments/payments-config.ts";
import { readBuildInfo } from "#server/lib/build-info.ts";
import { describeStartupFailure } from "#server/lib/startup-failure.ts";
import { buildFingerprint } from "./lib/build-fingerprint.ts";

if (!process.env.PAYMENT_GATEWAY && !process.env.NODE_ENV) {
  process.env.PAYMENT_GATEWAY = "sandbox";
  console.log(
    "PAYMENT_GATEWAY is not set: the shop runs on the sandbox gateway (test mode, no real money). Set PAYMENT_GATEWAY=providers to take real payments.",
  );
}

try {
  // A bad setting is reported before a build that may take minutes, the same way the server does.
  const config = loadConfig();
  const gateway = paymentGatewayOf(config);
  if ("problem" in gateway) throw new ConfigError([gateway.problem]);
  if (readBuildInfo("dist/client").fingerprint !== (await buildFingerprint(process.env))) {
    console.log("Building the site (first start, or sources changed)…");
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
} catch (error) {
  console.error(describeStartupFailure(error));
  process.exit(1);
}

const server = spawn(process.execPath, ["dist/server/server.js"], { stdio: "inherit" });
// The server shuts down gracefully on these; pass them on and leave with its exit code.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
