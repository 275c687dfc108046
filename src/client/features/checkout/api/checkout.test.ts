import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "#client/lib/api.ts";
import type { OrderView } from "#client/lib/orders.ts";
import { classifyIntentFailure, confirmPayment, confirmWithAnyMethod, createIntent, outcomeOf } from "./checkout.ts";

afterEach(() => vi.unstubAllGlobals());

const refusal = (status: number, error: Record<string, unknown>) => new ApiError(status, JSON.stringify({ error }), "");

const order = (status: OrderView["status"]) => ({ reference: "NWT-1", status }) as OrderView;

describe("classifyIntentFailure (spec §8)", () => {
  it("puts a 400 that names fields under the fields", () => {
    const failure = classifyIntentFailure(
      refusal(400, { code: "invalid_request", message: "x", fields: { "address.city": "City is required" } }),
    );
    expect(failure).toEqual({ kind: "fields", fields: { "address.city": "City is required" } });
  });

  it("reads 402 as the provider's decline, in the server's words", () => {
    expect(classifyIntentFailure(refusal(402, { code: "payment_declined", message: "Tabby cannot approve" }))).toEqual({
      kind: "declined",
      message: "Tabby cannot approve",
    });
  });

  it("reads a 400 without fields (amount mismatch) as a system error with its message", () => {
    expect(classifyIntentFailure(refusal(400, { code: "amount_mismatch", message: "Reload the page" }))).toEqual({
      kind: "system",
      message: "Reload the page",
    });
  });

  it("reads 502, 500 and a lost connection as the spec's System Error", () => {
    expect(classifyIntentFailure(refusal(502, { code: "gateway_error", message: "Provider down" }))).toEqual({
      kind: "system",
    });
    expect(classifyIntentFailure(new ApiError(500, "", "Internal Server Error"))).toEqual({ kind: "system" });
    expect(classifyIntentFailure(new TypeError("Failed to fetch"))).toEqual({ kind: "system" });
  });
});

describe("outcomeOf (the order's true state after confirm)", () => {
  it("is paid only when the order is paid", () => {
    expect(outcomeOf({ order: order("paid"), accessToken: "t" })).toEqual({
      kind: "paid",
      order: order("paid"),
      accessToken: "t",
    });
  });
  it("waits while the provider has not decided", () => {
    expect(outcomeOf({ order: order("pending") }).kind).toBe("waiting");
    expect(outcomeOf({ order: order("awaiting_payment") }).kind).toBe("waiting");
  });
  it("fails for failed, cancelled, expired", () => {
    for (const status of ["failed", "cancelled", "expired"] as const)
      expect(outcomeOf({ order: order(status) }).kind).toBe("failed");
  });
});

describe("the calls (spec §7, decision 0017)", () => {
  it("create-intent sends the buyer, the method, SAR amount and currency, with the idempotency key", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ paymentIntentId: "pi", orderReference: "R", accessToken: "a", status: "pending" }),
          {
            status: 201,
          },
        ),
    );
    vi.stubGlobal("fetch", fetch);
    const buyer = {
      name: "Sara",
      email: "sara@example.com",
      phone: "+966501234567",
      address: { city: "Riyadh", district: "Olaya", street: "King Fahd Rd" },
    };
    await createIntent({ buyer, method: "tamara", productId: "sanam", amountHalalas: 35_000, lang: "ar" }, "key-1");
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/payment/create-intent");
    expect(init.method).toBe("POST");
    expect(init.headers).toMatchObject({ "Idempotency-Key": "key-1", "Content-Type": "application/json" });
    expect(JSON.parse(init.body as string)).toEqual({
      ...buyer,
      paymentMethod: "tamara",
      productId: "sanam",
      quantity: 1,
      amount: "350.00",
      currency: "SAR",
      lang: "ar",
    });
  });

  it("confirm turns 402 payment_failed into a failed outcome with the server's message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: "payment_failed", message: "Card declined" } }), {
            status: 402,
          }),
      ),
    );
    await expect(confirmPayment("pi", "credit-card", "en")).resolves.toEqual({
      kind: "failed",
      message: "Card declined",
    });
  });

  it("confirm lets other failures through, for the caller to retry", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("", { status: 503 })),
    );
    await expect(confirmPayment("pi", "credit-card", "en")).rejects.toBeInstanceOf(ApiError);
  });
});

describe("confirmWithAnyMethod (a return this tab did not start)", () => {
  it("tries the methods until the server recognises the order's, and says which", async () => {
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const { paymentMethod } = JSON.parse(init.body as string) as { paymentMethod: string };
      if (paymentMethod !== "tabby")
        return new Response(
          JSON.stringify({
            error: { code: "invalid_request", message: "x", fields: { paymentMethod: "Not this order's method" } },
          }),
          { status: 400 },
        );
      return new Response(JSON.stringify({ order: order("paid"), accessToken: "t" }), { status: 200 });
    });
    vi.stubGlobal("fetch", fetch);
    const answer = await confirmWithAnyMethod("pi", ["credit-card", "tamara", "tabby", "apple-pay"], "en");
    expect(answer.method).toBe("tabby");
    expect(answer.outcome.kind).toBe("paid");
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("stops at the first refusal that is not about the method", async () => {
    const fetch = vi.fn(async () => new Response("", { status: 502 }));
    vi.stubGlobal("fetch", fetch);
    await expect(confirmWithAnyMethod("pi", ["credit-card", "tamara"], "en")).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
