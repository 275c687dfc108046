/**
 * `npm run bench:serve`: serving speed against the machine's own ceiling (issue 9). Runs the built
 * app (dist/server/server.js) and a bare Fastify answering the same paths with the same bytes from
 * memory (scripts/lib/bare-server.ts), in alternating rounds of this one run, each pinned to one core
 * with `taskset` while `wrk` runs on another, 50 connections, `Accept-Encoding: br`. Prints
 * requests/s, p99 and the app's share of the baseline for `/`, `/ar`, a hashed asset and
 * `/api/products`, and the server's resident memory at idle and after the load.
 *
 * Budgets: pages and the asset >= 70 % of the baseline, /api/products >= 50 %, p99 < 20 ms.
 * Build first (`npm run build`). ROUNDS alternating app/baseline measurements per path (default 3,
 * median kept) of SECONDS_PER_RUN each (default 5), CONNECTIONS (50), SERVER_CPU / WRK_CPU (0 / 1)
 * pick the cores. BARE_HEADERS=all gives the baseline every header of the app's answers (the
 * budget is measured without it: the baseline sends only the five content headers). Exits 1 when
 * a budget is missed.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { get, type IncomingHttpHeaders } from "node:http";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const seconds = Number(process.env.SECONDS_PER_RUN ?? 5);
const rounds = Number(process.env.ROUNDS ?? 3);
const connections = Number(process.env.CONNECTIONS ?? 50);
const serverCpu = process.env.SERVER_CPU ?? "0";
const wrkCpu = process.env.WRK_CPU ?? "1";
const appPort = Number(process.env.BENCH_PORT ?? 3230);
const barePort = appPort + 1;

if (!existsSync("dist/server/server.js") || !existsSync("dist/client/index.html")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
for (const tool of ["wrk", "taskset"]) {
  if (spawnSync("sh", ["-c", `command -v ${tool}`]).status !== 0) {
    console.error(`${tool} is not installed (apt-get install wrk util-linux).`);
    process.exit(1);
  }
}

/** The hashed entry script the home page names: the asset every first visit fetches. */
const home = readFileSync("dist/client/index.html", "utf8");
const asset = /data-entry="(\/assets\/[^"]+\.js)"/.exec(home)?.[1] ?? /src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1];
if (!asset) throw new Error("no hashed script found in dist/client/index.html");
const targets = [
  { path: "/", budget: 0.7 },
  { path: "/ar", budget: 0.7 },
  { path: asset, budget: 0.7 },
  { path: "/api/products", budget: 0.5 },
];
const p99Budget = 20;

type Started = { child: ChildProcess; url: string; stop: () => Promise<void> };

async function startPinned(args: string[], env: Record<string, string>, port: number, ready: string): Promise<Started> {
  const child = spawn("taskset", ["-c", serverCpu, process.execPath, ...args], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${ready}`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  return {
    child,
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The answer's bytes as they crossed the wire (fetch would decode the brotli). */
function rawGet(url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": "br" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    }).on("error", reject);
  });
}

type Load = { rps: number; p99Ms: number; errors: number };

function parseLatency(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

function wrk(url: string, duration: number): Load {
  const run = spawnSync(
    "taskset",
    ["-c", wrkCpu, "wrk", "-t1", `-c${connections}`, `-d${duration}s`, "--latency", "-H", "Accept-Encoding: br", url],
    { encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const p99 = parseLatency(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "");
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return { rps, p99Ms: p99, errors };
}

function medianLoad(loads: Load[]): Load {
  const sorted = [...loads].sort((x, y) => x.rps - y.rps);
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  return { ...middle, errors: loads.reduce((sum, load) => sum + load.errors, 0) };
}

/** Resident memory and thread count of a process and its children (taskset execs node in place). */
function residentOf(pid: number): { rssMb: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  const threads = Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return { rssMb: rssKb / 1024, threads };
}

console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
const dataDir = mkdtempSync(join(tmpdir(), "bench-serve-"));
const appEnv = {
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  PAYMENT_GATEWAY: "sandbox",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
};
// The first start creates the embedded database (PGlite's initdb grows its WASM memory for good):
// done apart, so the figures are those of a server restarted on an existing database.
await (await startPinned(["dist/server/server.js"], appEnv, appPort, "/readyz")).stop();
const app = await startPinned(["dist/server/server.js"], appEnv, appPort, "/readyz");
const appLoads: Load[] = [];
const bareLoads: Load[] = [];
let memory: { idle: ReturnType<typeof residentOf>; loaded: ReturnType<typeof residentOf> };
const answers: { path: string; headers: Record<string, string>; body: string }[] = [];
let bare: Started | undefined;
try {
  // Background work after listen (the font model) settles before "idle" is read.
  await sleep(Number(process.env.IDLE_WAIT_MS ?? 5000));
  const idle = residentOf(app.child.pid!);
  for (const { path } of targets) {
    const response = await rawGet(`${app.url}${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const headers: Record<string, string> = {};
    // BARE_HEADERS=all: the baseline replays every header of the app's answer (its security set
    // too), to show how much of the gap is the bytes and count of headers rather than the pipeline.
    const names =
      process.env.BARE_HEADERS === "all"
        ? Object.keys(response.headers).filter((name) => !/^(date|connection|keep-alive|content-length)$/.test(name))
        : ["content-type", "content-encoding", "etag", "cache-control", "vary"];
    for (const name of names) {
      const value = response.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    answers.push({ path, headers, body: response.body.toString("base64") });
  }
  const answersFile = join(dataDir, "answers.json");
  writeFileSync(answersFile, JSON.stringify(answers));
  bare = await startPinned(
    ["--import", "tsx", "scripts/lib/bare-server.ts"],
    { BARE_ANSWERS: answersFile },
    barePort,
    "/",
  );
  // Both listen on the same core; only one is under load at a time. Rounds alternate between
  // them so that a change in the machine's load touches both alike; the median round is kept.
  for (const { path } of targets) {
    const a: Load[] = [];
    const b: Load[] = [];
    wrk(`${app.url}${path}`, 1);
    wrk(`${bare.url}${path}`, 1);
    for (let round = 0; round < rounds; round++) {
      a.push(wrk(`${app.url}${path}`, seconds));
      b.push(wrk(`${bare.url}${path}`, seconds));
    }
    appLoads.push(medianLoad(a));
    bareLoads.push(medianLoad(b));
  }
  memory = { idle, loaded: residentOf(app.child.pid!) };
} finally {
  await bare?.stop();
  await app.stop();
}

console.log(
  `\n== serving: app vs bare Fastify${process.env.BARE_HEADERS === "all" ? " (replaying all of the app's headers)" : ""}, ${connections} connections, median of ${rounds} alternating rounds of ${seconds} s, server on CPU ${serverCpu}, wrk on CPU ${wrkCpu}, Accept-Encoding: br ==`,
);
const row = (cells: (string | number)[]) => cells.map((c, i) => String(c).padEnd(i === 0 ? 34 : 12)).join("");
console.log(row(["path", "app req/s", "app p99", "bare req/s", "bare p99", "ratio", "verdict"]));
const misses: string[] = [];
for (const [i, { path, budget }] of targets.entries()) {
  const a = appLoads[i]!;
  const b = bareLoads[i]!;
  const ratio = a.rps / b.rps;
  const flags = [
    ratio < budget && `ratio < ${budget * 100} %`,
    !(a.p99Ms < p99Budget) && `p99 >= ${p99Budget} ms`,
    a.errors > 0 && `${a.errors} errors`,
  ].filter(Boolean);
  if (flags.length) misses.push(`${path}: ${flags.join(", ")}`);
  console.log(
    row([
      path,
      a.rps.toFixed(0),
      `${a.p99Ms.toFixed(2)} ms`,
      b.rps.toFixed(0),
      `${b.p99Ms.toFixed(2)} ms`,
      `${(ratio * 100).toFixed(0)} %`,
      flags.length ? `OVER: ${flags.join(", ")}` : "ok",
    ]),
  );
}
console.log(`\n== memory of the app server (RSS) ==`);
console.log(
  `idle, ${process.env.IDLE_WAIT_MS ?? 5000} ms after /readyz: ${memory.idle.rssMb.toFixed(0)} MB, ${memory.idle.threads} threads`,
);
console.log(`after the load:                 ${memory.loaded.rssMb.toFixed(0)} MB, ${memory.loaded.threads} threads`);
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
console.log(misses.length ? `\nMISSED: ${misses.join("; ")}` : "\nall budgets hold");
process.exitCode = misses.length ? 1 : 0;
