/**
 * `npm start`: builds the site when the build is missing or older than its inputs, then runs the
 * server bundle (dist/server/server.js) as plain JavaScript in its own process, without this
 * script's TypeScript loader. On a built, unchanged checkout it goes straight to the server.
 */
import { spawn, spawnSync } from "node:child_process";
import { loadConfig } from "#server/config.ts";
import { readBuildInfo } from "#server/lib/build-info.ts";
import { describeStartupFailure } from "#server/lib/startup-failure.ts";
import { buildFingerprint } from "./lib/build-fingerprint.ts";

try {
  // A bad setting is reported before a build that may take minutes, the same way the server does.
  loadConfig();
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
