/**
 * Backup and restore of either store (issue 36), for `npm run backup`, `npm run restore`,
 * `npm run bench:backup` and their test.
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot: consistent while the site writes) and
 *   `pg_restore` in one transaction. The client tools must be the server's major version or newer.
 * - PGlite: the gzipped tarball of the data folder (PGlite's `dumpDataDir`), asked from the
 *   process that holds the folder over its Unix socket (src/server/db/pglite-backup.ts), or taken
 *   directly when no process holds it; restored into an empty folder with PGlite's `loadDataDir`.
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { DataFolderLockedError, lockDataFolder } from "#server/db/data-folder-lock.ts";
import { backupSocketPath, dumpPglite, pgliteFolder } from "#server/db/pglite-backup.ts";

export type Store = { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string };

export type BackupResult = {
  file: string;
  bytes: number;
  /** The recovery point: the database as it was at this moment. */
  takenAt: Date;
  /** PGlite: the running server made it, or the folder was opened because no process held it. */
  via: "pg_dump" | "server" | "folder";
};

export class BackupError extends Error {
  override name = "BackupError";
}

/** The file ending a backup of this store gets by default. */
export const backupExtension = (store: Store) => (store.kind === "postgres" ? "pgdump" : "tar.gz");

/** Which store a backup file is from, by its first bytes: pg_dump's "PGDMP", or gzip's magic. */
export async function backupKind(file: string): Promise<Store["kind"]> {
  const handle = await open(file, "r");
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.toString("latin1") === "PGDMP") return "postgres";
    if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is neither a pg_dump custom-format archive nor a PGlite data folder tarball`);
}

export async function backup(store: Store, file: string): Promise<BackupResult> {
  const partial = `${file}.partial`;
  try {
    const made =
      store.kind === "postgres"
        ? await dumpPostgres(store.url, partial)
        : await dumpPgliteFolder(store.dataDir, partial);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, ...made };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export async function restore(store: Store, file: string, options: { force?: boolean } = {}): Promise<void> {
  const kind = await backupKind(file);
  if (kind !== store.kind) {
    throw new BackupError(
      kind === "pglite"
        ? `${file} is a PGlite backup: restore it with DATABASE_URL unset and DATA_DIR naming an empty folder`
        : `${file} is a PostgreSQL backup: restore it with DATABASE_URL set to an empty database`,
    );
  }
  if (store.kind === "postgres") await restorePostgres(store.url, file, options.force ?? false);
  else await restorePglite(store.dataDir, file, options.force ?? false);
}

// --- PostgreSQL -------------------------------------------------------------------------------

/** The URL without its password (which would show in `ps`), and the password as PGPASSWORD. */
function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(`${command} is not installed (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

async function dumpPostgres(url: string, file: string): Promise<Omit<BackupResult, "file" | "bytes">> {
  const { dbname, env } = clientConnection(url);
  // pg_dump reads everything in one repeatable-read transaction: its snapshot, taken as it
  // starts, is the recovery point.
  const takenAt = new Date();
  await runTool("pg_dump", ["--format=custom", `--file=${file}`, `--dbname=${dbname}`], env);
  return { takenAt, via: "pg_dump" };
}

async function tablesIn(url: string): Promise<number> {
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ tables: number }>(
      `select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
         and n.nspname not like 'pg\\_toast%'`,
    );
    return result.rows[0]?.tables ?? 0;
  } finally {
    await client.end();
  }
}

async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  const tables = await tablesIn(url);
  if (tables > 0 && !force) {
    throw new BackupError(
      `the database has ${tables} tables already: restore into an empty database, or pass --force to replace them`,
    );
  }
  const { dbname, env } = clientConnection(url);
  await runTool(
    "pg_restore",
    [
      `--dbname=${dbname}`,
      // All or nothing: a failed restore leaves the database as it was.
      "--single-transaction",
      "--exit-on-error",
      // The objects belong to the role that restores, whatever role owned them where they came from.
      "--no-owner",
      "--no-privileges",
      ...(tables > 0 ? ["--clean", "--if-exists"] : []),
      file,
    ],
    env,
  );
}

// --- PGlite -----------------------------------------------------------------------------------

/** Asks the process that holds the folder; `undefined` when none listens on its socket. */
function askServer(dataDir: string, file: string): Promise<Omit<BackupResult, "file" | "bytes"> | undefined> {
  return new Promise((resolve, reject) => {
    const call = request({ socketPath: backupSocketPath(dataDir), path: "/backup", method: "GET" }, (response) => {
      if (response.statusCode !== 200) {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () => reject(new BackupError(`the server could not make the backup: ${text.trim()}`)));
        return;
      }
      const takenAt = new Date(String(response.headers["x-backup-taken-at"]));
      const expected = Number(response.headers["content-length"]);
      pipeline(response, createWriteStream(file))
        .then(async () => {
          const { size } = await stat(file);
          if (size !== expected) throw new BackupError(`the backup was cut off after ${size} of ${expected} bytes`);
          resolve({ takenAt, via: "server" });
        })
        .catch(reject);
    });
    call.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ENOENT" || error.code === "ECONNREFUSED" ? resolve(undefined) : reject(error),
    );
    call.end();
  });
}

async function dumpPgliteFolder(dataDir: string, file: string): Promise<Omit<BackupResult, "file" | "bytes">> {
  if (!existsSync(join(pgliteFolder(dataDir), "PG_VERSION"))) {
    throw new BackupError(`there is no PGlite database in ${dataDir} (DATA_DIR)`);
  }
  const fromServer = await askServer(dataDir, file);
  if (fromServer) return fromServer;
  // No process serves the folder: open it here (the lock keeps a server from starting meanwhile).
  const unlock = await lockDataFolder(dataDir).catch((error: unknown) => {
    throw error instanceof DataFolderLockedError
      ? new BackupError(
          `${error.message}, which did not answer on ${backupSocketPath(dataDir)} ` +
            "(a socket path is limited to 107 bytes: give the server a shorter DATA_DIR)",
        )
      : error;
  });
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(pgliteFolder(dataDir));
    try {
      const { tarball, takenAt } = await dumpPglite(client);
      await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
      return { takenAt, via: "folder" };
    } finally {
      await client.close();
    }
  } finally {
    await unlock();
  }
}

async function restorePglite(dataDir: string, file: string, force: boolean): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  // A server running on the folder holds the lock: the restore stops here rather than pull the
  // files from under it.
  const unlock = await lockDataFolder(dataDir);
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== "studio.lock");
    if (present.length > 0 && !force) {
      throw new BackupError(
        `${dataDir} is not empty (${present.join(", ")}): restore into an empty folder, or pass --force to replace it`,
      );
    }
    for (const name of present) await rm(join(dataDir, name), { recursive: true, force: true });
    const location = pgliteFolder(dataDir);
    await mkdir(location, { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(location, { loadDataDir: new Blob([await readFile(file)]) });
    try {
      // The restored database opens and answers: a damaged tarball fails here, not at the next start.
      await client.query("select count(*) from pg_class");
    } finally {
      await client.close();
    }
  } finally {
    await unlock();
  }
}
