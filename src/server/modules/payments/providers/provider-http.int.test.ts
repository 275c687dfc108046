import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeProvider } from "#tests/fakes/fake-provider.ts";
import { GatewayError } from "../gateway.ts";
import { providerClient } from "./provider-http.ts";

/**
 * What the adapters learn from an answer lost after the provider acted (issue 35), for every way
 * the fakes lose one: no status, so `outcomeUnknown`, and the provider's record kept. A refusal
 * keeps its status and is no unknown outcome.
 */
class LedgerFake extends FakeProvider {
  readonly charges: unknown[] = [];

  constructor() {
    super();
    this.route("POST", /^\/charges$/, (request) => {
      this.charges.push(request.body);
      return { status: 201, body: { id: `ch_${this.charges.length}`, amount: 42_200, note: "x".repeat(2_000) } };
    });
    this.route("POST", /^\/refusals$/, () => ({
      status: 400,
      body: { message: "refused", errors: ["amount"], padding: "y".repeat(2_000) },
    }));
    this.route("GET", /^\/page$/, () => ({ status: 200, html: "<!doctype html><p>maintenance</p>" }));
  }
}

let fake: LedgerFake;
let call: ReturnType<typeof providerClient>;

beforeAll(async () => {
  fake = await new LedgerFake().start();
  call = providerClient({ gateway: "moyasar", baseUrl: fake.url, authorization: "Basic x", timeoutMs: 1_000 });
});
afterAll(async () => {
  await fake.close();
});

const charge = () => call({ method: "POST", path: "/charges", body: { amount: 42_200 } });

describe("an answer lost after the provider acted is an unknown outcome", () => {
  for (const how of ["reset", "hang", "error", "cut"] as const) {
    it(`${how}: the charge is made, the adapter sees outcomeUnknown`, async () => {
      const before = fake.charges.length;
      fake.dropAnswers({ method: "POST", path: "/charges", how });
      const error = await charge().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).outcomeUnknown).toBe(true);
      expect(fake.charges.length).toBe(before + 1);
    });
  }

  it("a 2xx that is not JSON: unknown too (no status)", async () => {
    const error = await call({ method: "GET", path: "/page" }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "GatewayError", status: undefined, outcomeUnknown: true });
    expect((error as Error).message).toMatch(/HTTP 200, answer is not JSON/);
  });

  it("a refusal cut off mid-body keeps its status: the provider said no", async () => {
    fake.dropAnswers({ method: "POST", path: "/refusals", how: "cut" });
    const error = await call({ method: "POST", path: "/refusals", body: {} }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "GatewayError", status: 400, outcomeUnknown: false });
  });

  it("a failure before acting (failNext) is known: nothing was charged, the status is the provider's", async () => {
    const before = fake.charges.length;
    fake.failNext({ status: 409, body: { message: "conflict" } });
    await expect(charge()).rejects.toMatchObject({ status: 409, outcomeUnknown: false });
    expect(fake.charges.length).toBe(before);
  });

  it("only the next N matching requests are dropped; the rest are answered", async () => {
    fake.dropAnswers({ method: "POST", path: /^\/charges$/, count: 2 });
    const results = await Promise.all(
      [0, 1, 2].map(() =>
        charge().then(
          () => "answered",
          () => "lost",
        ),
      ),
    );
    expect(results.sort()).toEqual(["answered", "lost", "lost"]);
  });

  it("a fraction drawn from a seed: the same seed drops the same requests", async () => {
    const run = async () => {
      fake.clearDrops();
      fake.seedRandom(2026);
      fake.dropAnswers({ method: "POST", path: "/charges", fraction: 0.4 });
      const outcomes: string[] = [];
      for (let index = 0; index < 12; index += 1)
        outcomes.push(
          await charge().then(
            () => "ok",
            () => "lost",
          ),
        );
      fake.clearDrops();
      return outcomes;
    };
    const first = await run();
    expect(first).toContain("ok");
    expect(first).toContain("lost");
    expect(await run()).toEqual(first);
  });

  it("the drop switch and the clock are test controls over HTTP too", async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${fake.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect(
      (await post("/__test/drop-answers", { method: "POST", pathPattern: "^/charges$", how: "error" })).status,
    ).toBe(204);
    await expect(charge()).rejects.toMatchObject({ status: 502, outcomeUnknown: true });
    expect((await post("/__test/drop-answers", { how: "error" })).status).toBe(400);
    const before = fake.clock.nowMs();
    const moved = (await (await post("/__test/clock", { advanceMs: 3_600_000 })).json()) as { now: string };
    expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(3_600_000);
    expect((await post("/__test/clock", { advanceMs: -1 })).status).toBe(500);
  });
});
