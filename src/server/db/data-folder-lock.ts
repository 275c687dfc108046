import { hostname } from "node:os";
import { join } from "node:path";
import { open, readFile, stat, unlink } from "node:fs/promises";

/** Another live process holds the data folder. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: string,
  ) {
    super(`the data folder ${dataDir} is in use by ${owner}; stop it first, or give this process its own DATA_DIR`);
    this.name = "DataFolderLockedError";
  }
}

type Owner = { pid: number; host: string };

const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readOwner(file: string): Promise<Owner | undefined> {
  try {
    const owner = JSON.parse(await readFile(file, "utf8")) as Partial<Owner>;
    return typeof owner.pid === "number" && typeof owner.host === "string"
      ? { pid: owner.pid, host: owner.host }
      : undefined;
  } catch {
    return undefined;
  }
}

async function youngerThan(file: string, ms: number): Promise<boolean> {
  try {
    return Date.now() - (await stat(file)).mtimeMs < ms;
  } catch {
    return false;
  }
}

/**
 * Takes `<dataDir>/studio.lock` (the owner's pid and host) or fails at once. A lock left by a
 * process that no longer runs on this host is taken over; so is one naming this very pid that
 * this process does not hold (a container restarted with the same pid). Returns the release.
 */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const file = join(dataDir, "studio.lock");
  const me: Owner = { pid: process.pid, host: hostname() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(JSON.stringify(me));
      await handle.close();
      held.add(file);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        held.delete(file);
        const owner = await readOwner(file);
        if (owner?.pid === me.pid && owner.host === me.host) await unlink(file).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = await readOwner(file);
    if (!owner && (await youngerThan(file, 5000)))
      throw new DataFolderLockedError(dataDir, "a process that is starting now");
    if (owner) {
      const stale = owner.host === me.host && (owner.pid === me.pid ? !held.has(file) : !alive(owner.pid));
      if (!stale) {
        const who =
          owner.pid === me.pid
            ? "this process"
            : `process ${owner.pid}${owner.host === me.host ? "" : ` on ${owner.host}`}`;
        throw new DataFolderLockedError(dataDir, who);
      }
    }
    // Stale, or half-written by a process that died while taking it: remove and try again.
    await unlink(file).catch(() => undefined);
  }
  throw new DataFolderLockedError(dataDir, "another process (the lock keeps changing hands)");
}
