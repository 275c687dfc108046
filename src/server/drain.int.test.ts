import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { Agent, request as httpRequest, type ClientRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createStaticFixture } from "#tests/helpers/static-fixture.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { openDatabase } from "./db/database.ts";
import { outbox } from "./db/schema/notifications.ts";

type Answer = { status: number; connection: string | undefined; body: string };

/** A GET over `agent` (kept-alive connections, as a balancer or browser keeps them). */
function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, agent }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("draining in the app", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it("says 503 on /readyz and closes every connection after its answer, the front door's too", async () => {
    app = await createTestApp({ STATIC_DIR: createStaticFixture() });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const agent = new Agent({ keepAlive: true });
    try {
      expect(await get(port, "/readyz", agent)).toMatchObject({ status: 200, connection: "keep-alive" });
      const held = app.frontDoor.served;
      expect(await get(port, "/", agent)).toMatchObject({ status: 200, connection: "keep-alive" });
      expect(app.frontDoor.served).toBe(held + 1);

      app.drain.begin();
      const ready = await get(port, "/readyz", agent);
      expect(ready).toMatchObject({ status: 503, connection: "close" });
      expect(JSON.parse(ready.body)).toMatchObject({ status: "draining" });
      // Still served normally, from the front door and from the app, each on a connection it then closes.
      expect(await get(port, "/", agent)).toMatchObject({ status: 200, connection: "close" });
      expect(app.frontDoor.served).toBe(held + 2);
      expect(await get(port, "/api/fonts", agent)).toMatchObject({ status: 200, connection: "close" });
      expect(await get(port, "/healthz", agent)).toMatchObject({ status: 200, connection: "close" });
    } finally {
      agent.destroy();
    }
  });
});

type ServerRun = { code: number | null; stdout: string; stderr: string; exitedAt: number };

const GRACE_MS = 2000;
const TIMEOUT_MS = 9000;
/** The balancer's health checks (HAProxy `inter`), and how many failures take the instance out (`fall`). */
const CHECK_EVERY_MS = 200;
const FALL = 2;

describe("the server process on SIGTERM", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    "drains behind a balancer: no request fails, /readyz is 503 at once, answers close their connections, " +
      "requests and the e-mail in flight finish, and it exits 0 within the bound",
    { timeout: 120_000 },
    async () => {
      // The mail server takes its time to accept, so that the outbox is mid-send when the grace ends.
      const smtp: TestSmtpServer = await startSmtpServer({ delayMs: GRACE_MS + 1000 });
      cleanups.push(() => smtp.close());
      const dataDir = mkdtempSync(join(tmpdir(), "drain-"));
      const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
        env: {
          ...process.env,
          HOST: "127.0.0.1",
          PORT: "0",
          LOG_LEVEL: "info",
          DATABASE_URL: "",
          DATA_DIR: dataDir,
          STATIC_DIR: createStaticFixture(),
          SMTP_URL: smtp.url,
          LEADS_PER_MINUTE: "1000",
          SHUTDOWN_GRACE_MS: String(GRACE_MS),
          SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
        },
      });
      const exited = new Promise<ServerRun>((resolve) => {
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
        child.on("exit", (code) => resolve({ code, stdout, stderr, exitedAt: Date.now() }));
      });
      cleanups.push(async () => void child.kill("SIGKILL"));
      const port = await new Promise<number>((resolve, reject) => {
        let seen = "";
        child.stdout.on("data", (chunk: Buffer) => {
          seen += chunk.toString();
          const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(seen);
          if (match) resolve(Number(match[1]));
        });
        void exited.then((run) => reject(new Error(`the server exited early:\n${run.stdout}\n${run.stderr}`)));
      });

      // A lead whose two e-mails the outbox is sending (held by the mail server) when the grace ends.
      const lead = await fetch(`http://127.0.0.1:${port}/api/inquiries`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Sara", email: "sara@example.sa", message: "Twenty bowls for Eid, please." }),
      });
      expect(lead.status).toBe(201);

      // The balancer: clients on kept-alive connections send requests while the instance is in
      // rotation; its health check takes it out after FALL failed /readyz probes in a row.
      const agent = new Agent({ keepAlive: true, maxSockets: 4 });
      cleanups.push(async () => agent.destroy());
      let inRotation = true;
      let signalledAt = Number.POSITIVE_INFINITY;
      let firstNotReadyAt = Number.POSITIVE_INFINITY;
      const probes: { at: number; status: number }[] = [];
      const answers: { sentAt: number; path: string; answer?: Answer; error?: string }[] = [];
      const checks = (async () => {
        let failures = 0;
        while (inRotation) {
          const at = Date.now();
          const probe = await get(port, "/readyz", new Agent()).catch(() => ({ status: 0 }) as Answer);
          probes.push({ at, status: probe.status });
          if (probe.status !== 200) firstNotReadyAt = Math.min(firstNotReadyAt, at);
          failures = probe.status === 200 ? 0 : failures + 1;
          if (failures >= FALL) inRotation = false;
          else await sleep(CHECK_EVERY_MS);
        }
      })();
      const client = async (paths: string[]) => {
        for (let i = 0; inRotation; i++) {
          const path = paths[i % paths.length]!;
          const sentAt = Date.now();
          try {
            answers.push({ sentAt, path, answer: await get(port, path, agent) });
          } catch (error) {
            answers.push({ sentAt, path, error: String(error) });
          }
          await sleep(5);
        }
      };
      const clients = [client(["/", "/api/products"]), client(["/api/fonts", "/ar"])];

      await sleep(500);
      signalledAt = Date.now();
      child.kill("SIGTERM");

      // A request in flight when the grace ends: its headers and half its body come during the
      // grace, the rest after the server stopped accepting; it is answered all the same.
      await sleep(GRACE_MS - 400);
      const body = JSON.stringify({ name: "Nora", email: "nora@example.sa", message: "A late message, in flight." });
      const slow = new Promise<Answer>((resolve, reject) => {
        const request: ClientRequest = httpRequest(
          {
            host: "127.0.0.1",
            port,
            path: "/api/inquiries",
            method: "POST",
            headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
          },
          (response) => {
            let text = "";
            response.on("data", (chunk: Buffer) => (text += chunk.toString()));
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }),
            );
          },
        );
        request.on("error", reject);
        request.write(body.slice(0, 20));
        setTimeout(() => request.end(body.slice(20)), 900);
      });

      const run = await exited;
      inRotation = false;
      await Promise.all([checks, ...clients]);
      const said = `${run.stdout.slice(-4000)}\n${run.stderr.slice(-2000)}`;

      // Exit 0, after the grace and within the bound.
      expect(run.code, said).toBe(0);
      expect(run.exitedAt - signalledAt).toBeGreaterThanOrEqual(GRACE_MS);
      expect(run.exitedAt - signalledAt).toBeLessThan(TIMEOUT_MS);

      // Not one request failed, before or after the signal; some were served after it.
      expect(answers.filter((sent) => sent.error || sent.answer!.status !== 200)).toEqual([]);
      expect(answers.filter((sent) => sent.sentAt > signalledAt).length).toBeGreaterThan(0);
      // /readyz turned 503 at once, and stayed so until the balancer took the instance out.
      expect(probes.filter((probe) => probe.at < signalledAt).every((probe) => probe.status === 200)).toBe(true);
      expect(firstNotReadyAt - signalledAt).toBeLessThanOrEqual(CHECK_EVERY_MS + 200);
      expect(probes.filter((probe) => probe.at >= firstNotReadyAt).map((probe) => probe.status)).toEqual(
        Array.from({ length: FALL }, () => 503),
      );
      // Answers given once draining closed their connections: clients reconnect elsewhere.
      const whileDraining = answers.filter((sent) => sent.sentAt >= firstNotReadyAt);
      expect(whileDraining.length).toBeGreaterThan(0);
      expect(whileDraining.every((sent) => sent.answer!.connection === "close")).toBe(true);
      expect(answers.filter((sent) => sent.sentAt < signalledAt).every((s) => s.answer!.connection !== "close")).toBe(
        true,
      );
      // The request in flight when the grace ended was answered.
      expect(await slow).toMatchObject({ status: 201, connection: "close" });

      // The outbox finished the e-mails it was sending: delivered and marked sent, once each. The
      // late lead's e-mails wait in the outbox for another instance (or the next start).
      expect(smtp.messages).toHaveLength(2);
      const lines = run.stdout.trim().split("\n");
      expect(lines.filter((line) => line.includes('"msg":"e-mail sent"'))).toHaveLength(2);
      expect(lines.some((line) => line.includes('"msg":"shut down"'))).toBe(true);
      const database = await openDatabase({ dataDir });
      try {
        const rows = await database.db.select({ status: outbox.status }).from(outbox);
        expect(rows.map((row) => row.status).sort()).toEqual(["pending", "pending", "sent", "sent"]);
      } finally {
        await database.close();
      }
    },
  );

  it("exits 1 with a log line when the shutdown outlasts SHUTDOWN_TIMEOUT_MS", { timeout: 120_000 }, async () => {
    // A mail server that holds the message far longer than the bound: the outbox cannot finish it.
    const smtp = await startSmtpServer({ delayMs: 20_000 });
    cleanups.push(() => smtp.close());
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "info",
        DATABASE_URL: "",
        DATA_DIR: mkdtempSync(join(tmpdir(), "drain-")),
        SMTP_URL: smtp.url,
        SHUTDOWN_GRACE_MS: "100",
        SHUTDOWN_TIMEOUT_MS: "1500",
      },
    });
    cleanups.push(async () => void child.kill("SIGKILL"));
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: string | null; at: number }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    const port = await new Promise<number>((resolve) =>
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout);
        if (match) resolve(Number(match[1]));
      }),
    );
    const lead = await fetch(`http://127.0.0.1:${port}/api/inquiries`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Sara", email: "sara@example.sa", message: "Twenty bowls for Eid, please." }),
    });
    expect(lead.status).toBe(201);
    await sleep(300);
    const signalledAt = Date.now();
    child.kill("SIGTERM");
    const run = await exited;
    // Exit code 1; or, when the exit comes while the font model is still loading in its threads
    // (it loads after listen, for seconds), onnxruntime's native code aborts as they are torn down.
    const aborted = run.signal === "SIGABRT" && stderr.includes("Napi::Error");
    expect(aborted || run.code === 1, `${run.code} ${run.signal} ${stdout}\n${stderr}`).toBe(true);
    expect(run.at - signalledAt).toBeGreaterThanOrEqual(1500);
    expect(run.at - signalledAt).toBeLessThan(5000);
    const line = stdout
      .trim()
      .split("\n")
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.msg === "shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting");
    expect(line).toMatchObject({ level: 50, timeoutMs: 1500 });
  });
});
