import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { createTestApp } from "#tests/helpers/app.ts";
import { createStaticFixture } from "#tests/helpers/static-fixture.ts";

const path = "/.well-known/apple-developer-merchantid-domain-association";
const contents = "7B227073704964223A2239373943394538343346343131343044463144374336453936394434453233\n";
let configured: FastifyInstance;
let unconfigured: FastifyInstance;

// Both apps are built in the hooks (their timeout suits a busy machine), not in the tests.
beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), "apple-pay-")), "apple-developer-merchantid-domain-association");
  writeFileSync(file, contents);
  [configured, unconfigured] = await Promise.all([
    createTestApp({ STATIC_DIR: createStaticFixture(), APPLE_PAY_DOMAIN_ASSOCIATION: file }),
    createTestApp({ STATIC_DIR: createStaticFixture() }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([configured?.close(), unconfigured?.close()]);
});

describe("Apple Pay domain association", () => {
  it("serves the configured file as plain text at Apple's path, without an extension", async () => {
    const response = await configured.inject(path);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.body).toBe(contents);
  });

  it("is an ordinary 404 when no file is configured", async () => {
    const response = await unconfigured.inject(path);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain("7B22");
  });

  it("refuses to start when the configured file cannot be read, naming the variable", { timeout: 60_000 }, async () => {
    await expect(
      createTestApp({ STATIC_DIR: createStaticFixture(), APPLE_PAY_DOMAIN_ASSOCIATION: "/nonexistent/association" }),
    ).rejects.toThrow(/APPLE_PAY_DOMAIN_ASSOCIATION: cannot read \/nonexistent\/association/);
  });
});
