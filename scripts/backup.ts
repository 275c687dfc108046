/**
 * `npm run backup -- [--out <file>]`: a consistent backup of the database the server uses:
 * DATABASE_URL with pg_dump (custom format), otherwise the PGlite folder DATA_DIR, taken by the
 * server that runs on it (or directly when none does). Safe while the site serves. The file
 * holds the database as it was at the moment printed (the recovery point); `npm run restore`
 * puts it back. Default file: backups/<store>-<date>.<pgdump|tar.gz>.
 */
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "#server/config.ts";
import { maskUrlPasswords } from "#server/lib/redact.ts";
import { describeStartupFailure } from "#server/lib/startup-failure.ts";
import { backup, backupExtension, BackupError, type Store } from "./lib/database-backup.ts";

const usage = "usage: npm run backup -- [--out <file>]";

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: "string" }, help: { type: "boolean", short: "h" } } });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const config = loadConfig();
  const store: Store = config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.DATA_DIR };
  const stamp = new Date().toISOString().replace(/[:]/g, "").replace(/\..*$/, "Z");
  const file = values.out ?? `backups/${store.kind}-${stamp}.${backupExtension(store)}`;
  await mkdir(dirname(file), { recursive: true });
  const started = performance.now();
  const made = await backup(store, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const source =
    store.kind === "postgres"
      ? "PostgreSQL (DATABASE_URL, pg_dump)"
      : `PGlite in ${store.dataDir} (${made.via === "server" ? "taken by the running server" : "no server was running"})`;
  console.log(
    `Backup of ${source} written to ${made.file}: ${(made.bytes / 1_048_576).toFixed(1)} MB in ${seconds} s. ` +
      `It holds the database as it was at ${made.takenAt.toISOString()}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof BackupError
        ? `Backup failed: ${maskUrlPasswords(error.message)}`
        : describeStartupFailure(error),
    );
    process.exit(1);
  },
);
