/**
 * `npm start`: builds the site when the build is missing or older than its inputs, then runs
 * the server. On a built, unchanged checkout it goes straight to the server.
 */
import { spawnSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { buildFingerprint } from "./lib/build-fingerprint.ts";

async function builtFingerprint(): Promise<string | undefined> {
  try {
    return (JSON.parse(await readFile("dist/build-info.json", "utf8")) as { fingerprint?: string }).fingerprint;
  } catch {
    return undefined;
  }
}

if ((await builtFingerprint()) !== (await buildFingerprint(process.env))) {
  console.log("Building the site (first start, or sources changed)…");
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../src/server/server.ts");
