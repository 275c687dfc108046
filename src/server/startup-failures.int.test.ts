import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeStartupFailure } from "./lib/startup-failure.ts";
import { redactSecrets } from "./lib/redact.ts";
import { ConfigError } from "./config.ts";

type Run = { code: number | null; stdout: string; stderr: string };

const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
});

/** Runs a script until it exits, or until `until` sees what it waits for in stdout. */
function run(script: string, env: Record<string, string>, until?: RegExp): Promise<Run & { child: ChildProcess }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "info",
        DATABASE_URL: "",
        REDIS_URL: "",
        CI: "",
        ...env,
      },
    });
    running.push(child);
    const result = { code: null as number | null, stdout: "", stderr: "", child };
    child.stdout.on("data", (chunk: Buffer) => {
      result.stdout += chunk.toString();
      if (until?.test(result.stdout)) resolve(result);
    });
    child.stderr.on("data", (chunk: Buffer) => (result.stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ ...result, code }));
    setTimeout(() => child.kill("SIGKILL"), 90_000).unref();
  });
}

const server = (env: Record<string, string>, until?: RegExp) => run("src/server/server.ts", env, until);
const secret = "hunter2-Sup3rSecret";

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Exactly one line on stderr, no stack frames, no secret anywhere in the output. */
function expectOneCleanLine(result: Run) {
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(`${result.stdout}${result.stderr}`).not.toContain(secret);
  return lines[0]!;
}

describe("start-up failures", () => {
  it("a malformed DATABASE_URL is named, with its password masked", { timeout: 120_000 }, async () => {
    const result = await server({
      DATABASE_URL: `mysql://studio:${secret}@db.internal/studio`,
      DATA_DIR: mkdtempSync(join(tmpdir(), "sf-")),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL (got "mysql://studio:***@db.internal/studio")',
    );
    expect(result.stderr).not.toContain(secret);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it(
    "a DATABASE_URL without its colon is named without its password, by the server and npm start",
    { timeout: 180_000 },
    async () => {
      const env = { DATABASE_URL: "postgres//user:pass@host/db", DATA_DIR: mkdtempSync(join(tmpdir(), "sf-")) };
      const results = await Promise.all([server(env), run("scripts/start.ts", env)]);
      for (const result of results) {
        expect(result.code).toBe(1);
        expect(result.stderr).toContain(
          'DATABASE_URL: must be a postgres:// or postgresql:// URL (got "postgres//user:***@host/db")',
        );
        expect(`${result.stdout}${result.stderr}`).not.toContain("pass");
      }
    },
  );

  it("an unreachable database is one line naming DATABASE_URL and the cause", { timeout: 120_000 }, async () => {
    const port = await closedPort();
    const result = await server({ DATABASE_URL: `postgres://studio:${secret}@127.0.0.1:${port}/studio` });
    const line = expectOneCleanLine(result);
    expect(line).toBe(
      `Cannot start: DATABASE_URL: cannot open postgres://studio:***@127.0.0.1:${port}/studio: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it(
    "a data folder in use and a port in use are one line each, naming DATA_DIR and PORT",
    { timeout: 180_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "sf-"));
      const first = await server({ DATA_DIR: dataDir }, /Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      const port = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(first.stdout)![1]!;

      const [sameFolder, samePort] = await Promise.all([
        server({ DATA_DIR: dataDir }),
        server({ DATA_DIR: mkdtempSync(join(tmpdir(), "sf-")), PORT: port }),
      ]);
      expect(expectOneCleanLine(sameFolder)).toBe(
        `Cannot start: DATA_DIR: cannot open the database in ${dataDir}: the data folder ${dataDir} is in use by process ${first.child.pid}; stop it first, or give this process its own DATA_DIR`,
      );
      expect(expectOneCleanLine(samePort)).toBe(
        `Cannot start: PORT: port ${port} on 127.0.0.1 is already in use by another process`,
      );
      first.child.kill("SIGTERM");
    },
  );

  it("npm start reports a bad setting before building, the same way", { timeout: 120_000 }, async () => {
    const result = await run("scripts/start.ts", {
      DATABASE_URL: `postgresql//studio:${secret}@db/studio`,
      STRIPE_SECRET_KEY: secret,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(result.stderr).not.toContain(secret);
    expect(result.stdout).not.toContain("Building the site");
  });
});

describe("describeStartupFailure", () => {
  it("masks URL passwords and the values of secret variables, and shows no stack", () => {
    const env = { PAYMENT_API_KEY: "pk_live_abcdef", SMTP_PASSWORD: "mail-pass-99", SITE_URL: "https://nawat.studio" };
    const error = new Error("upstream said: pk_live_abcdef rejected for smtp://u:mail-pass-99@mail.example:587", {
      cause: new Error("ECONNRESET"),
    });
    const line = describeStartupFailure(error, { env });
    expect(line).toBe("Cannot start: upstream said: *** rejected for smtp://u:***@mail.example:587: ECONNRESET");
    expect(redactSecrets("see https://nawat.studio and redis://:pw@cache:6379", env)).toBe(
      "see https://nawat.studio and redis://:***@cache:6379",
    );
    // A driver quoting a malformed URL's password alone, or a URL with an unencoded "@" in it.
    const urls = { DATABASE_URL: "postgres//studio:s3cr@t-pw@db/studio", REDIS_URL: "redis://:c4che-pw@cache:6379" };
    expect(redactSecrets('password "s3cr@t-pw" rejected; auth c4che-pw failed', urls)).toBe(
      'password "***" rejected; auth *** failed',
    );
    expect(redactSecrets(`cannot open ${urls.DATABASE_URL}`, {})).toBe("cannot open postgres//studio:***@db/studio");
    expect(describeStartupFailure(new ConfigError(["PORT: too big"]))).toBe(
      "Invalid configuration:\n  - PORT: too big",
    );
  });
});
