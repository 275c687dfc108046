import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createTestApp } from "#tests/helpers/app.ts";
import { loggableUrl } from "./redact.ts";

/** Issue 35: the request log never holds an access token, a provider's token, a payment id, a session. */
const SECRET = "s3cr3t-Token-Value-0123456789";

function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

async function logOf(level: "info" | "debug") {
  const { lines, stream } = captured();
  const app = await createTestApp({ LOG_LEVEL: level, BACKGROUND_JOBS: "false" }, { logStream: stream });
  try {
    const headers = {
      authorization: `Bearer ${SECRET}`,
      cookie: `session=${SECRET}`,
      "x-order-access": SECRET,
    };
    await app.inject({ url: `/api/orders/ORD-NOPE0000?access=${SECRET}&lang=en`, headers });
    await app.inject({ url: `/api/orders/ORD-NOPE0000/invoice.pdf?access=${SECRET}`, headers });
    await app.inject({
      method: "POST",
      url: `/api/payment/webhooks/tamara?tamaraToken=${SECRET}&paymentId=${SECRET}`,
      payload: { order_id: "x" },
      headers,
    });
    await app.inject({ url: `/checkout?order=ORD-1&intent=${SECRET}&id=${SECRET}&token=${SECRET}` });
    await app.inject({ url: `/no/such/page?access=${SECRET}`, headers });
  } finally {
    await app.close();
  }
  return lines.join("");
}

describe("the request log", () => {
  it("at info: one line per API call, its path without the query; no token, no session, no header", async () => {
    const log = await logOf("info");
    expect(log).toContain('"url":"/api/orders/ORD-NOPE0000?…"');
    expect(log).toContain('"url":"/api/payment/webhooks/tamara?…"');
    expect(log).not.toContain(SECRET);
    expect(log.toLowerCase()).not.toContain("authorization");
    expect(log.toLowerCase()).not.toContain("cookie");
  });

  it("at debug: the query too, with every credential-like value masked", async () => {
    const log = await logOf("debug");
    expect(log).toContain('"url":"/api/orders/ORD-NOPE0000?access=***&lang=en"');
    expect(log).toContain('"url":"/api/payment/webhooks/tamara?tamaraToken=***&paymentId=***"');
    expect(log).not.toContain(SECRET);
  });

  it("loggableUrl leaves a URL without a query as it is", () => {
    expect(loggableUrl("/api/products", false)).toBe("/api/products");
    expect(loggableUrl("/api/x?a=1&token=t", true)).toBe("/api/x?a=1&token=***");
  });
});
