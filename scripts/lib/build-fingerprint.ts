import { createHash } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { publicConfigKeys } from "#shared/site-config.ts";

/** Inputs of the build (client, prerender, server bundle); a change in any of them makes `npm start` rebuild. */
const inputs = [
  "src/client",
  "src/shared",
  "src/server",
  "content",
  "media",
  "public",
  "index.html",
  "vite.config.ts",
  "scripts",
  "package-lock.json",
];

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

export async function buildFingerprint(env: NodeJS.ProcessEnv): Promise<string> {
  const hash = createHash("sha256");
  for (const key of publicConfigKeys) hash.update(`${key}=${env[key] ?? ""}\n`);
  for (const input of inputs) hash.update(`${input}:${await newestMtime(input)}\n`);
  return hash.digest("hex").slice(0, 16);
}
