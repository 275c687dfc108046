import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

/** What the harness's mail server received: one entry per recipient of each message. */
export type ReceivedMail = { messageId: string; subject: string; to: string; at: number };

export type ClusterOptions = {
  /** Instances of the built server behind the balancer (default 3). */
  instances?: number;
  /** Port of the balancer (default 8380); instance i listens on port + 1 + i. */
  port?: number;
  /**
   * The PostgreSQL database the instances share. Without it, a fresh database is created on
   * `postgresServerUrl` and dropped by stop().
   */
  databaseUrl?: string;
  /** The server on which a fresh database is created (default postgres://postgres@127.0.0.1:5432/postgres). */
  postgresServerUrl?: string;
  /** The Redis server (default redis://127.0.0.1:6379); its database number is replaced by `redisDb`. */
  redisUrl?: string;
  /**
   * The Redis database the cluster uses, flushed at start: the server has no key prefix setting,
   * so a run is kept apart from others (and from its previous run) by a database of its own.
   */
  redisDb?: number;
  /** Environment added to every instance's (after the harness's own). */
  env?: Record<string, string>;
  /** Where logs, the HAProxy config and its socket go (default a fresh folder under the temp dir). */
  runDir?: string;
  /** Drain grace given to each instance (SHUTDOWN_GRACE_MS; default 3000: above HAProxy's inter 1s × fall 2). */
  shutdownGraceMs?: number;
  /** Log every request through HAProxy (to runDir/haproxy.log), with the `x-bench-id` header. */
  requestLog?: boolean;
  /** HAProxy's `maxconn` per instance (default SERVER_MAXCONN; 0: no limit, every request goes to an instance at once). */
  serverMaxconn?: number;
  /** Called before the instances first start, with the database's URL (the benchmark installs its observer). */
  beforeStart?: (databaseUrl: string) => Promise<void>;
};

export type InstanceExit = { index: number; code: number | null; signal: string | null; at: number; expected: boolean };

export type RestartTimes = {
  /** From spawn until the instance's own /readyz answered 200. */
  readyMs: number;
  /** From spawn until HAProxy's health checks had it UP again. */
  upMs: number;
};

export type RollingStep = RestartTimes & {
  index: number;
  /** From SIGTERM until the process exited. */
  exitMs: number;
  code: number | null;
  signal: string | null;
};

export type Cluster = {
  /** The balancer: every client request goes here. */
  url: string;
  /** Each instance directly (bypassing the balancer). */
  instanceUrls: string[];
  /** HAProxy's name of each instance (as in its log): app1, app2, … */
  serverNames: string[];
  databaseUrl: string;
  redisUrl: string;
  smtpUrl: string;
  runDir: string;
  /** Every message the harness's SMTP server accepted, per recipient, in order of arrival. */
  mail: ReceivedMail[];
  /** Instances that exited during the first start (started together on the database) and were started again. */
  startFailures: { index: number; code: number | null; log: string }[];
  /** Every exit of an instance; `expected` when the harness asked for it (kill, rolling restart, stop). */
  exits: InstanceExit[];
  /** Sends `signal` to instance i and waits for it to exit. */
  kill(index: number, signal?: NodeJS.Signals): Promise<InstanceExit>;
  /** Starts instance i again (it must have exited) and waits until the balancer has it UP. */
  restart(index: number): Promise<RestartTimes>;
  /**
   * A deploy: one instance at a time, SIGTERM, wait for it to exit, start it again, wait until
   * the balancer sees it healthy, then the next.
   */
  rollingRestart(): Promise<RollingStep[]>;
  /** HAProxy's view of each instance (UP, DOWN, MAINT, …), from its runtime API. */
  serverStates(): Promise<Record<string, string>>;
  /** SIGTERM to every instance and HAProxy, closes the mail server, drops a database it created. */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
};

const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";
const SERVER_ENTRY = "dist/server/server.js";

/**
 * Where each instance comes back after a SIGKILL or a deploy takes it out, and how HAProxy
 * decides: round robin, `/readyz` checked every second, two failures take an instance out and two
 * successes bring it back. Retries: a request that never reached a server (connection refused,
 * the instance gone) is sent to another one (`retries 3`, `option redispatch 1`); one that
 * reached a server and got nothing back (`empty-response`, `response-timeout`) is replayed only if
 * it is a GET or HEAD: HAProxy replays any method it is told to (configuration.txt, retry-on), and
 * a lead or a payment replayed after the server may have stored it would be stored twice.
 * An instance killed without warning is taken out at its third refused connection in a row
 * (`observe layer4 error-limit 3 on-error mark-down`), not after two failed checks: a retry sent
 * round robin lands on the dead instance again about one time in three, and in the 2 s the
 * checks take, three retries in a row on it happened to tens of requests on a loaded machine.
 * `slowstart 5s`, as in deploy/haproxy.cfg: an instance back in rotation is given its share of
 * requests over 5 s, while its code is still being compiled and its pools filled.
 */
/**
 * Requests HAProxy sends each instance at once (`maxconn` on the server line, as in
 * deploy/haproxy.cfg). Past it, requests wait in the balancer's queue (`timeout queue`) rather than
 * in the instance's event loop, where `/readyz` would wait behind them: an overloaded instance keeps
 * answering its health checks and stays in rotation, instead of every instance being taken out
 * at once (HAProxy's <NOSRV> 503) when the load is more than the machine can serve.
 */
export const SERVER_MAXCONN = 32;

export function haproxyConfig(options: {
  port: number;
  servers: { name: string; port: number }[];
  socket: string;
  requestLog: boolean;
  /** Requests each instance is given at once; the rest wait in HAProxy's queue (0: no limit). */
  serverMaxconn?: number;
}): string {
  const maxconn = options.serverMaxconn ?? SERVER_MAXCONN;
  const log = options.requestLog
    ? [
        "  log global",
        // accept time of the connection (epoch s.ms), the client's request id, server, status,
        // termination state, retries (+ when redispatched), then handshake and idle time (on a
        // kept-alive connection the accept time is the end of the previous request: the request
        // itself began Th + Ti later) and its active time, method and path.
        '  log-format "%Ts.%ms %[capture.req.hdr(0)] %s %ST %ts %rc %Th %Ti %Ta %HM %HU"',
      ]
    : [];
  return [
    "global",
    "  log stdout format raw local0",
    `  stats socket ${options.socket} mode 600 level admin`,
    "  maxconn 4096",
    "",
    "defaults",
    "  mode http",
    ...log,
    "  option forwardfor",
    "  option redispatch 1",
    "  retries 3",
    "  retry-on conn-failure empty-response response-timeout",
    "  timeout connect 2s",
    "  timeout client 30s",
    "  timeout server 30s",
    "  timeout http-request 10s",
    "  timeout http-keep-alive 10s",
    "  timeout queue 10s",
    "  timeout check 2s",
    "",
    "frontend web",
    `  bind 127.0.0.1:${options.port}`,
    "  http-request capture req.hdr(x-bench-id) len 40",
    "  default_backend app",
    "",
    "backend app",
    "  balance roundrobin",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    // Only GET and HEAD may be sent again once a server may have received them.
    "  http-request disable-l7-retry unless METH_GET",
    `  default-server inter 1s fall 2 rise 2 slowstart 5s observe layer4 error-limit 3 on-error mark-down${maxconn > 0 ? ` maxconn ${maxconn}` : ""}`,
    ...options.servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    "",
  ].join("\n");
}

/** Asks HAProxy's runtime API (its stats socket) one command and returns the answer. */
function haproxyCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = connect(socket);
    let answer = "";
    client.on("connect", () => client.end(`${command}\n`));
    client.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    client.on("end", () => resolve(answer));
    client.on("error", reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fresh database on the PostgreSQL server at `serverUrl`; returns its URL. */
async function createDatabase(serverUrl: string): Promise<string> {
  const pg = (await import("pg")).default;
  const name = `cluster_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  const pg = (await import("pg")).default;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(databaseUrl).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
}

/** The Redis URL on database `db`, after flushing that database. */
async function freshRedis(serverUrl: string, db: number): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${db}`;
  const { Redis } = await import("ioredis");
  const redis = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on("error", () => undefined);
  await redis.connect().catch((error: Error) => {
    throw new Error(`Redis is not reachable at ${url.host}: ${error.message}`);
  });
  await redis.flushdb();
  redis.disconnect();
  return url.toString();
}

/** The built server is needed; build it when it is missing. */
export function ensureBuilt(): void {
  if (existsSync(SERVER_ENTRY)) return;
  console.error(`${SERVER_ENTRY} is missing: running \`npm run build\` first.`);
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0 || !existsSync(SERVER_ENTRY)) throw new Error("npm run build failed");
}

/**
 * Starts `instances` copies of the built server on one PostgreSQL database and one Redis, a real
 * SMTP server for their e-mail, and HAProxy in front; resolves once the balancer has every
 * instance UP. The instances are started together, as a deploy on a new database does: one that
 * exits meanwhile is recorded in `startFailures` and started again, as a process manager would.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  ensureBuilt();
  if (!existsSync(HAPROXY)) {
    throw new Error(`HAProxy is not at ${HAPROXY} (Debian: apt-get install -y haproxy; or set HAPROXY_PATH)`);
  }
  const count = options.instances ?? 3;
  const port = options.port ?? 8380;
  const runDir = options.runDir ?? mkdtempSync(join(tmpdir(), "cluster-"));
  const serverNames = Array.from({ length: count }, (_, i) => `app${i + 1}`);
  const instancePorts = serverNames.map((_, i) => port + 1 + i);
  const instanceUrls = instancePorts.map((p) => `http://127.0.0.1:${p}`);
  const url = `http://127.0.0.1:${port}`;
  const socket = join(runDir, "haproxy.sock");

  // --- mail ----------------------------------------------------------------------------------------
  const mail: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // Headers only, unparsed beyond what is counted: hundreds of messages a second arrive.
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
        const at = Date.now();
        for (const recipient of session.envelope.rcptTo) {
          mail.push({ messageId: header("Message-ID"), subject: header("Subject"), to: recipient.address, at });
        }
        callback();
      });
    },
  });
  // An instance killed mid-session resets its connection: smtp-server reports that as an 'error'
  // event, which must not take the harness down with it (the message is resent by the outbox).
  smtp.on("error", () => {});
  smtp.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  // --- stores --------------------------------------------------------------------------------------
  const postgresServerUrl = options.postgresServerUrl ?? DEFAULT_POSTGRES;
  const createdDatabase = !options.databaseUrl;
  const databaseUrl = options.databaseUrl ?? (await createDatabase(postgresServerUrl));
  const redisUrl = await freshRedis(options.redisUrl ?? "redis://127.0.0.1:6379", options.redisDb ?? 15);
  await options.beforeStart?.(databaseUrl);

  // --- instances -----------------------------------------------------------------------------------
  const children: (ChildProcess | undefined)[] = Array.from({ length: count });
  const expecting = new Set<number>();
  const exits: InstanceExit[] = [];
  const logPath = (i: number) => join(runDir, `${serverNames[i]}.log`);

  const spawnInstance = (i: number): ChildProcess => {
    const out = openSync(logPath(i), "a");
    const child = spawn(
      process.execPath,
      [...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), SERVER_ENTRY],
      {
        env: {
          ...process.env,
          PORT: String(instancePorts[i]),
          HOST: "127.0.0.1",
          NODE_ENV: "production",
          LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? "info",
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisUrl,
          // One reverse proxy in front: the rightmost X-Forwarded-For entry (HAProxy's) is the client.
          TRUST_PROXY: "1",
          BACKGROUND_JOBS: "true",
          SHUTDOWN_GRACE_MS: String(options.shutdownGraceMs ?? 3000),
          SMTP_URL: smtpUrl,
          SMTP_FROM: "Studio <shop@example.test>",
          // Each instance's Prometheus port of its own, on loopback (a production host has one each).
          METRICS_PORT: String(instancePorts[i]! + 1000),
          STUDIO_EMAIL: "studio@example.test",
          PAYMENT_GATEWAY: "sandbox",
          SITE_URL: url,
          ...options.env,
        },
        stdio: ["ignore", out, out],
        // A process group of its own: Ctrl-C reaches the harness, which stops the instances in order.
        detached: true,
      },
    );
    closeSync(out);
    children[i] = child;
    child.once("exit", (code, signal) => {
      exits.push({ index: i, code, signal, at: Date.now(), expected: expecting.has(i) });
      expecting.delete(i);
      if (children[i] === child) children[i] = undefined;
    });
    return child;
  };

  /** Waits until instance i answers /readyz 200; rejects if it exits first. */
  const waitReady = async (i: number, child: ChildProcess, timeoutMs = 60_000): Promise<void> => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${serverNames[i]} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
      }
      try {
        const response = await fetch(`${instanceUrls[i]}/readyz`, { signal: AbortSignal.timeout(1000) });
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(25);
    }
    throw new Error(`${serverNames[i]} was not ready within ${timeoutMs / 1000} s`);
  };

  const serverStates = async (): Promise<Record<string, string>> => {
    const csv = await haproxyCommand(socket, "show stat");
    const [header, ...rows] = csv.split("\n").filter(Boolean);
    const columns = header!.replace(/^# /, "").split(",");
    const at = (name: string) => columns.indexOf(name);
    const states: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(",");
      if (cells[at("pxname")] === "app" && serverNames.includes(cells[at("svname")]!)) {
        states[cells[at("svname")]!] = cells[at("status")]!;
      }
    }
    return states;
  };

  const waitUp = async (i: number, timeoutMs = 30_000): Promise<void> => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      if ((await serverStates())[serverNames[i]!] === "UP") return;
      await sleep(50);
    }
    throw new Error(`HAProxy did not see ${serverNames[i]} UP within ${timeoutMs / 1000} s`);
  };

  const startFailures: Cluster["startFailures"] = [];
  const readLog = (i: number) => {
    try {
      return readFileSync(logPath(i), "utf8");
    } catch {
      return "";
    }
  };

  let haproxy: ChildProcess | undefined;
  const stop = async (stopOptions: { keepDatabase?: boolean } = {}) => {
    await Promise.all(
      children.map(async (child, i) => {
        if (!child) return;
        expecting.add(i);
        const exited = once(child, "exit");
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    if (haproxy && haproxy.exitCode === null) {
      const exited = once(haproxy, "exit");
      haproxy.kill("SIGTERM");
      await exited;
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (createdDatabase && !stopOptions.keepDatabase) await dropDatabase(postgresServerUrl, databaseUrl);
  };

  // Nothing outlives the harness, even when it dies of an error.
  process.once("exit", () => {
    for (const child of [...children, haproxy]) if (child && child.exitCode === null) child.kill("SIGKILL");
  });

  try {
    await startAll();
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }

  async function startAll(): Promise<void> {
    // All together, as a deploy on a new database does.
    const first = serverNames.map((_, i) => spawnInstance(i));
    await Promise.all(
      first.map(async (child, i) => {
        for (let attempt = 0; ; attempt++) {
          try {
            await waitReady(i, attempt === 0 ? child : children[i]!);
            return;
          } catch (error) {
            if (attempt >= 3) throw error;
            startFailures.push({
              index: i,
              code: exits.findLast((exit) => exit.index === i)?.code ?? null,
              log: readLog(i).slice(-2000),
            });
            await sleep(200);
            spawnInstance(i);
          }
        }
      }),
    );

    // --- the balancer --------------------------------------------------------------------------------
    const config = haproxyConfig({
      port,
      servers: serverNames.map((name, i) => ({ name, port: instancePorts[i]! })),
      socket,
      requestLog: options.requestLog ?? false,
      ...(options.serverMaxconn !== undefined ? { serverMaxconn: options.serverMaxconn } : {}),
    });
    const configPath = join(runDir, "haproxy.cfg");
    writeFileSync(configPath, config);
    const haproxyOut = openSync(join(runDir, "haproxy.log"), "a");
    // -db: stay in the foreground (no daemon), so that this process owns it.
    const balancer = spawn(HAPROXY, ["-db", "-f", configPath], {
      stdio: ["ignore", haproxyOut, haproxyOut],
      detached: true,
    });
    haproxy = balancer;
    closeSync(haproxyOut);
    for (let i = 0; !existsSync(socket); i++) {
      if (balancer.exitCode !== null) {
        throw new Error(`HAProxy exited (${balancer.exitCode}): ${readFileSync(join(runDir, "haproxy.log"), "utf8")}`);
      }
      if (i > 200) throw new Error("HAProxy did not start within 10 s");
      await sleep(50);
    }
    await Promise.all(serverNames.map((_, i) => waitUp(i)));
  }

  const kill = async (i: number, signal: NodeJS.Signals = "SIGKILL"): Promise<InstanceExit> => {
    const child = children[i];
    if (!child) throw new Error(`${serverNames[i]} is not running`);
    expecting.add(i);
    const exited = once(child, "exit");
    child.kill(signal);
    await exited;
    return exits.at(-1)!;
  };

  const restart = async (i: number): Promise<RestartTimes> => {
    if (children[i]) throw new Error(`${serverNames[i]} is still running`);
    const started = performance.now();
    const child = spawnInstance(i);
    await waitReady(i, child);
    const readyMs = performance.now() - started;
    await waitUp(i);
    return { readyMs, upMs: performance.now() - started };
  };

  const rollingRestart = async (): Promise<RollingStep[]> => {
    const steps: RollingStep[] = [];
    for (let i = 0; i < count; i++) {
      const stopping = performance.now();
      const exit = await kill(i, "SIGTERM");
      const exitMs = performance.now() - stopping;
      steps.push({ index: i, exitMs, code: exit.code, signal: exit.signal, ...(await restart(i)) });
    }
    return steps;
  };

  return {
    url,
    instanceUrls,
    serverNames,
    databaseUrl,
    redisUrl,
    smtpUrl,
    runDir,
    mail,
    startFailures,
    exits,
    kill,
    restart,
    rollingRestart,
    serverStates,
    stop,
  };
}
