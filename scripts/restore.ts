/**
 * `npm run restore -- <file> [--force]`: puts a backup from `npm run backup` back: a pg_dump
 * archive into DATABASE_URL (pg_restore, in one transaction), a PGlite tarball into the folder
 * DATA_DIR. The target must be empty (a new database, a missing or empty folder) unless
 * `--force`, which replaces what is there. Stop the server of a PGlite folder first; the restore
 * refuses a folder a process holds. Start the server afterwards: it applies any migration newer
 * than the backup.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "#server/config.ts";
import { DataFolderLockedError } from "#server/db/data-folder-lock.ts";
import { maskUrlPasswords } from "#server/lib/redact.ts";
import { describeStartupFailure } from "#server/lib/startup-failure.ts";
import { BackupError, restore, type Store } from "./lib/database-backup.ts";

const usage = "usage: npm run restore -- <backup file> [--force]";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
  });
  if (values.help || positionals.length !== 1) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  const file = positionals[0]!;
  const config = loadConfig();
  const store: Store = config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.DATA_DIR };
  const started = performance.now();
  await restore(store, file, { force: values.force });
  const target = store.kind === "postgres" ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${store.dataDir}`;
  console.log(`Restored ${file} into ${target} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof DataFolderLockedError;
    console.error(
      known ? `Restore failed: ${maskUrlPasswords((error as Error).message)}` : describeStartupFailure(error),
    );
    process.exit(1);
  },
);
