import { readFileSync } from "node:fs";
import { isSecretVariable } from "./redact.ts";

/** Settings that hold credentials besides the *_KEY/*_SECRET/*_PASSWORD/*_TOKEN ones: URLs with a password. */
const secretUrls = new Set(["DATABASE_URL", "REDIS_URL", "SMTP_URL"]);

/**
 * Docker and Compose secrets arrive as files (/run/secrets/…), not in the environment, where any
 * process listing or crash report could show them (issue 36), e.g.
 * `DATABASE_URL_FILE=/run/secrets/database_url`. For each secret setting with a `_FILE` twin, the
 * file's contents (without the trailing line break editors add) become the setting. Setting both,
 * or a file that cannot be read, is a problem named by the `_FILE` variable.
 */
export function withSecretFiles(env: Record<string, string | undefined>): {
  env: Record<string, string | undefined>;
  problems: string[];
} {
  const resolved = { ...env };
  const problems: string[] = [];
  for (const [fileVariable, path] of Object.entries(env)) {
    if (!fileVariable.endsWith("_FILE") || !path) continue;
    const name = fileVariable.slice(0, -"_FILE".length);
    if (!secretUrls.has(name) && !isSecretVariable(name)) continue;
    if (env[name]) {
      problems.push(`${fileVariable}: set either ${name} or ${fileVariable}, not both`);
      continue;
    }
    try {
      resolved[name] = readFileSync(path, "utf8").replace(/\r?\n$/, "");
    } catch (error) {
      problems.push(`${fileVariable}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
  }
  return { env: resolved, problems };
}
