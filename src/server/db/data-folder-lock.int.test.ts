import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import { DataFolderLockedError } from "./data-folder-lock.ts";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

/** Another process that opens the folder and keeps it open until killed. */
async function holdFolder(dataDir: string): Promise<ChildProcess> {
  const database = pathToFileURL(join(import.meta.dirname, "database.ts")).href;
  const script = `const { openDatabase } = await import(${JSON.stringify(database)});
await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
console.log("opened");
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("opened") && resolve());
    child.on("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

describe("the PGlite data folder", () => {
  it("refuses a second process at once, naming the owner, and takes over once the owner is dead", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pglite-lock-"));
    const holder = await holdFolder(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, "studio.lock"), "utf8")).pid).toBe(holder.pid);

    const started = Date.now();
    const refused = await openDatabase({ dataDir }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DataFolderLockedError);
    expect((refused as Error).message).toBe(
      `the data folder ${dataDir} is in use by process ${holder.pid}; stop it first, or give this process its own DATA_DIR`,
    );
    expect(Date.now() - started).toBeLessThan(1000);

    // Killed without a chance to clean up: the lock stays, naming a pid that no longer runs.
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.on("exit", resolve));
    expect(existsSync(join(dataDir, "studio.lock"))).toBe(true);
    const taken = await openDatabase({ dataDir });
    expect(JSON.parse(readFileSync(join(dataDir, "studio.lock"), "utf8")).pid).toBe(process.pid);
    await taken.close();
    expect(existsSync(join(dataDir, "studio.lock"))).toBe(false);
  }, 120_000);

  it("refuses a second opener in the same process, and a lock with this pid left by an earlier run is stale", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pglite-lock-"));
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by this process/);
    await first.close();

    writeFileSync(
      join(dataDir, "studio.lock"),
      JSON.stringify({ pid: process.pid, host: (await import("node:os")).hostname() }),
    );
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 120_000);
});
