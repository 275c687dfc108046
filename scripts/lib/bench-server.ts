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
      // npm may exit before the server it started has closed its port: a next start measured then
      // found the old server answering /readyz (a "restart" of 0.01 s). Wait until the port is free.
      for (let i = 0; i < 500; i++) {
        try {
          await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(200) });
        } catch {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the server on ${url} still answers 10 s after SIGTERM`);
    },
  };
}

/**
 * Starts the built server (dist/server/server.js) as bench:leads and bench:checkout need it: on
 * `port`, on the given fresh database, sending e-mail to the benchmark's own SMTP server, with the
 * outbox retrying fast; `env` adds the benchmark's own settings (e.g. a rate limit out of the
 * way). BENCH_NODE_ARGS go to node. Resolves once /readyz answers 200.
 */
export async function spawnMailingBenchServer(options: {
  port: number;
  smtpPort: number;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), "dist/server/server.js"],
    {
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        PAYMENT_GATEWAY: "sandbox",
        DATA_DIR: options.dataDir ?? "./data",
        DATABASE_URL: options.databaseUrl ?? "",
        SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
        SMTP_FROM: "Bench <bench@example.test>",
        STUDIO_EMAIL: "studio@example.test",
        OUTBOX_RETRY_SECONDS: "1",
        OUTBOX_CLAIM_TIMEOUT_SECONDS: "10",
        ...options.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
