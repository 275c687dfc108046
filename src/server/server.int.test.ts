import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/database.ts";
import { products } from "./db/schema/catalog.ts";
import { eq } from "drizzle-orm";

type Run = { code: number | null; stdout: string; stderr: string };

/** Starts the real server process and lets `act` talk to it once it listens. */
function runServer(env: Record<string, string>, act?: (port: number, stop: () => void) => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
      env: { ...process.env, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", DATABASE_URL: "", ...env },
    });
    let stdout = "";
    let stderr = "";
    let acted = false;
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
      if (match && act && !acted) {
        acted = true;
        act(Number(match[1]), () => child.kill("SIGTERM")).catch(reject);
      }
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    setTimeout(() => child.kill("SIGKILL"), 90_000).unref();
  });
}

describe("the server process", () => {
  it("refuses to start on bad configuration, naming the variable", { timeout: 120_000 }, async () => {
    const run = await runServer({ PORT: "not-a-port", DATA_DIR: mkdtempSync(join(tmpdir(), "cfg-")) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Invalid configuration:");
    expect(run.stderr).toContain("PORT");
  });

  it("serves, logs JSON with request ids, and shuts down cleanly on SIGTERM", async () => {
    let health = 0;
    const run = await runServer({ DATA_DIR: mkdtempSync(join(tmpdir(), "srv-")) }, async (port, stop) => {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      health = response.status;
      await fetch(`http://127.0.0.1:${port}/api/fonts`);
      stop();
    });
    expect(health).toBe(200);
    // On a failure, what the process said last tells why.
    expect(run.code, `${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`).toBe(0);
    const lines = run.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // One line per request, written in batches and flushed at shutdown: none is lost.
    expect(
      lines.filter(
        (line) =>
          line.msg === "request completed" &&
          line.url === "/api/fonts" &&
          line.statusCode === 200 &&
          typeof line.reqId === "string",
      ),
    ).toHaveLength(1);
    expect(lines.some((line) => line.msg === "shutting down" && line.signal === "SIGTERM")).toBe(true);
  }, 120_000);
});

describe("the embedded database", () => {
  it("keeps data across restarts and re-applies no migration twice", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "pglite-"));
    const first = await openDatabase({ dataDir });
    await first.db.insert(products).values({ id: "test-piece", name: "Test", nameAr: "تجربة", priceHalalas: 100 });
    await first.close();

    const second = await openDatabase({ dataDir });
    const rows = await second.db.select().from(products).where(eq(products.id, "test-piece"));
    expect(rows).toHaveLength(1);
    await second.close();
  }, 120_000);
});
