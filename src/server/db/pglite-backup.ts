import { chmod, unlink } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Backups of a PGlite data folder that a running process holds (issue 36). The folder is locked
 * to one process (data-folder-lock.ts), so `npm run backup` cannot open it: the process that
 * holds it answers backups on a Unix socket inside the folder instead. Only who may enter the
 * folder, which already holds every byte of the database, can reach the socket; it is also
 * made owner-only. Nothing listens on a network port.
 */

/** The socket in the data folder, beside `studio.lock`. */
export function backupSocketPath(dataDir: string): string {
  return join(dataDir, "backup.sock");
}

/** PGlite's own folder (PGDATA) inside DATA_DIR; database.ts opens it there. */
export function pgliteFolder(dataDir: string): string {
  return join(dataDir, "pglite");
}

/**
 * A gzipped tarball of the data folder (PGlite's documented `dumpDataDir`), taken between
 * transactions: inside a transaction of our own, which PGlite runs one at a time, so no
 * transaction of the application is open while the files are copied. The checkpoint first
 * writes every committed change into the data files, so a restore starts without replaying WAL.
 * The recovery point is the moment of the dump.
 */
export async function dumpPglite(client: PGlite): Promise<{ tarball: Blob; takenAt: Date }> {
  return client.transaction(async (tx) => {
    await tx.exec("checkpoint");
    const takenAt = new Date();
    return { tarball: await client.dumpDataDir("gzip"), takenAt };
  });
}

/**
 * Serves `GET /backup` (the tarball) on the folder's Unix socket until the returned function is
 * called. The caller holds the folder's lock, so a socket file found there was left by a process
 * that died and is replaced. Answers with 503 when the database cannot be dumped.
 */
export async function serveBackups(dataDir: string, client: PGlite): Promise<() => Promise<void>> {
  const path = backupSocketPath(dataDir);
  const server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/backup") {
      response.writeHead(404).end();
      return;
    }
    dumpPglite(client).then(
      ({ tarball, takenAt }) => {
        response.writeHead(200, {
          "content-type": "application/gzip",
          "content-length": String(tarball.size),
          "x-backup-taken-at": takenAt.toISOString(),
        });
        Readable.fromWeb(tarball.stream() as Parameters<typeof Readable.fromWeb>[0]).pipe(response);
      },
      (error: unknown) => {
        response.writeHead(503, { "content-type": "text/plain" }).end(`backup failed: ${String(error)}\n`);
      },
    );
  });
  await unlink(path).catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  await chmod(path, 0o600);
  // A backup must not keep the process alive, nor hold up a shutdown.
  server.unref();
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await unlink(path).catch(() => undefined);
  };
}
