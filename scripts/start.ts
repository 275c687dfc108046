/**
 * `npm start`: builds the site when the build is missing or older than its inputs, then runs
 * the server. On a built, unchanged checkout it goes straight to the server.
 */
import { spawnSync } from "node:child_process";
import { readBuildInfo } from "../src/server/lib/build-info.ts";
import { buildFingerprint } from "./lib/build-fingerprint.ts";

if (readBuildInfo("dist/client").fingerprint !== (await buildFingerprint(process.env))) {
  console.log("Building the site (first start, or sources changed)…");
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../src/server/server.ts");
