/**
 * `npm run bench:hostile`: the server stays responsive while clients send hostile bodies (issue 9's
 * budget: `/healthz` p99 < 20 ms while 3 clients do). Starts the built server on a fresh PGlite
 * folder, pinned to one core with `taskset` (SERVER_CPU, default 0) like `bench:serve`, this
 * script on another (CLIENT_CPU, default 1), and for SECONDS (default 10) runs three hostile
 * clients at once:
 *
 * - nested: 0.9 MB of `[[[[…` to an unknown `/api` path, then to a form route (64 KB limit);
 * - large: a 12 MB nested body to the font route (the one route that takes megabytes), then 2 MB
 *   of plain JSON to a form route;
 * - slow: bodies sent one byte every 200 ms, four sockets at a time, each abandoned after 2 s.
 *
 * Meanwhile one client asks `/healthz` every 10 ms. Prints the answers the hostile clients got,
 * the probe's p50/p99/max, and exits 1 when p99 >= 20 ms or a probe failed. Build first.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const seconds = Number(process.env.SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 3230);
const serverCpu = process.env.SERVER_CPU ?? "0";
const clientCpu = process.env.CLIENT_CPU ?? "1";
const p99Budget = 20;

if (!existsSync("dist/server/server.js")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
if (spawnSync("sh", ["-c", "command -v taskset"]).status !== 0) {
  console.error("taskset is not installed (apt-get install util-linux).");
  process.exit(1);
}
spawnSync("taskset", ["-pc", clientCpu, String(process.pid)], { stdio: "ignore" });

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
console.log(`load average before: ${load()}`);

const dataDir = mkdtempSync(join(tmpdir(), "bench-hostile-"));
// BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const server = spawn("taskset", ["-c", serverCpu, process.execPath, ...nodeArgs, "dist/server/server.js"], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    PAYMENT_GATEWAY: "sandbox",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    BACKGROUND_JOBS: "false",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
for (;;) {
  if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
  try {
    if ((await fetch(`${base}/readyz`)).ok) break;
  } catch {
    // not listening yet
  }
  await sleep(50);
}
// Background work after listen (the font model) settles first, as in bench:serve.
await sleep(Number(process.env.IDLE_WAIT_MS ?? 3000));

const outcomes = new Map<string, number>();
const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);

/** POSTs `body` and resolves with the status, or with the way the connection ended. */
function post(path: string, body: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const req = request(
      `${base}${path}`,
      { method: "POST", headers: { "content-type": "application/json", "content-length": body.length }, agent: false },
      (response) => {
        response.resume();
        response.on("end", () => resolve(String(response.statusCode)));
        response.on("error", () => resolve("reset"));
      },
    );
    // The server may answer and close before the whole body is sent: that is the point.
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    req.end(body);
  });
}

/** Opens a request whose body arrives a byte at a time, and drops it after `holdMs`. */
function slowBody(path: string, holdMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "held";
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{`,
      );
    });
    const drip = setInterval(() => socket.write("["), 200);
    socket.on("data", (chunk: Buffer) => {
      answer = /^HTTP\/1\.1 (\d+)/.exec(chunk.toString("latin1"))?.[1] ?? answer;
    });
    const end = () => {
      clearInterval(drip);
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(end, holdMs);
    socket.on("error", end);
    socket.on("close", end);
  });
}

const nested = (bytes: number) => Buffer.from("[".repeat(bytes));
const plainJson = (bytes: number) => Buffer.from(JSON.stringify({ name: "x".repeat(bytes) }));
const bodies = { nested900k: nested(900_000), nested12m: nested(12_000_000), plain2m: plainJson(2_000_000) };

const until = performance.now() + seconds * 1000;
const hostile = [
  async () => {
    while (performance.now() < until) {
      count(`nested 0.9 MB to an unknown /api path: ${await post("/api/no-such-route", bodies.nested900k)}`);
      count(`nested 0.9 MB to a form route: ${await post("/api/inquiries", bodies.nested900k)}`);
    }
  },
  async () => {
    while (performance.now() < until) {
      count(`nested 12 MB to the font route: ${await post("/api/analyze-font", bodies.nested12m)}`);
      count(`plain 2 MB to a form route: ${await post("/api/inquiries", bodies.plain2m)}`);
    }
  },
  async () => {
    while (performance.now() < until) {
      const held = await Promise.all(Array.from({ length: 4 }, () => slowBody("/api/inquiries", 2000)));
      for (const answer of held) count(`slow body to a form route: ${answer}`);
    }
  },
];

const probes: number[] = [];
let failedProbes = 0;
async function probe(): Promise<void> {
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}/healthz`);
      await response.arrayBuffer();
      if (response.ok) probes.push(performance.now() - started);
      else failedProbes++;
    } catch {
      failedProbes++;
    }
    await sleep(10);
  }
}

try {
  await Promise.all([...hostile.map((client) => client()), probe()]);
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

const percentile = (p: number) => {
  const sorted = [...probes].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
console.log(
  `\n== /healthz while 3 clients send hostile bodies, ${seconds} s, server on CPU ${serverCpu}, clients on CPU ${clientCpu} ==`,
);
for (const [what, n] of [...outcomes].sort()) console.log(`  ${what.padEnd(48)} x${n}`);
const p99 = percentile(99);
console.log(
  `/healthz: ${probes.length} probes, p50 ${percentile(50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${percentile(100).toFixed(1)} ms${failedProbes ? `, ${failedProbes} failed` : ""}`,
);
console.log(`load average after: ${load()}`);
const missed = !(p99 < p99Budget) || failedProbes > 0;
console.log(missed ? `\nMISSED: /healthz p99 < ${p99Budget} ms with no failed probe` : "\nbudget holds");
process.exitCode = missed ? 1 : 0;
