import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type BenchServer = { url: string; startMs: number; stop: () => Promise<void> };

/**
 * Starts the site the way a person does (`npm start` on a built checkout) with a fresh database,
 * and reports how long it took until /readyz answered 200.
 */
export async function startBenchServer(
  port: number,
  dataDir = mkdtempSync(join(tmpdir(), "bench-")),
): Promise<BenchServer> {
  const started = performance.now();
  const child: ChildProcess = spawn("npm", ["start", "--silent"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    stop: async () => {
      if (child.pid) process.kill(-child.pid, "SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}
