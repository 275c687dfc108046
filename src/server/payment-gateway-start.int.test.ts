import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Issue 35: a production server never runs on the sandbox by accident. The server itself, spawned
 * as an operator would start it (NODE_ENV=production, the default), with and without
 * PAYMENT_GATEWAY.
 */
type Run = { code: number | null; stdout: string; stderr: string; child: ChildProcess };
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
});

function server(env: Record<string, string>, until?: RegExp): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: "0",
        LOG_LEVEL: "info",
        DATABASE_URL: "",
        REDIS_URL: "",
        PAYMENT_GATEWAY: "",
        BACKGROUND_JOBS: "false",
        DATA_DIR: mkdtempSync(join(tmpdir(), "gateway-start-")),
        ...env,
      },
    });
    running.push(child);
    const result: Run = { code: null, stdout: "", stderr: "", child };
    child.stdout.on("data", (chunk: Buffer) => {
      result.stdout += chunk.toString();
      if (until?.test(result.stdout)) resolve(result);
    });
    child.stderr.on("data", (chunk: Buffer) => (result.stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ ...result, code }));
    setTimeout(() => child.kill("SIGKILL"), 90_000).unref();
  });
}

describe("PAYMENT_GATEWAY at a production start", () => {
  it("unset: the server refuses to start, naming the setting", { timeout: 120_000 }, async () => {
    const result = await server({ NODE_ENV: "production" });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'PAYMENT_GATEWAY: must be set when NODE_ENV is production: "providers" to take real payments, or "sandbox"',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).not.toContain("Server listening");
  });

  it(
    "providers, with the seller's placeholder VAT number and address: it refuses to start, naming them",
    { timeout: 120_000 },
    async () => {
      const result = await server({
        NODE_ENV: "production",
        PAYMENT_GATEWAY: "providers",
        SELLER_ADDRESS_AR: "١٢ طريق الملك فهد، حي العليا، الرياض ١٢٢١١، المملكة العربية السعودية",
      });
      expect(result.code).toBe(1);
      const placeholder =
        'must be set when NODE_ENV is production and PAYMENT_GATEWAY is "providers": real tax invoices cannot carry the placeholder';
      expect(result.stderr).toContain(`SELLER_VAT_NUMBER: ${placeholder}`);
      expect(result.stderr).toContain(`SELLER_ADDRESS_EN: ${placeholder}`);
      expect(result.stderr).not.toContain("SELLER_ADDRESS_AR:");
      expect(result.stdout).not.toContain("Server listening");
    },
  );

  it("sandbox, set explicitly: it starts, and says it is in test mode", { timeout: 120_000 }, async () => {
    const listening = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
    const result = await server({ NODE_ENV: "production", PAYMENT_GATEWAY: "sandbox" }, listening);
    const port = listening.exec(result.stdout)?.[1];
    expect(port, result.stderr).toBeDefined();
    const methods = await (await fetch(`http://127.0.0.1:${port}/api/payment/methods?productId=nawat`)).json();
    expect(methods).toMatchObject({ gateway: "sandbox", testMode: true });
    expect(result.stdout).toContain("test mode");
    result.child.kill("SIGTERM");
  });
});
