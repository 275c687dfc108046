import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders, paymentWebhookEvents, sandboxPayments } from "#server/db/schema.ts";
import { sandboxWebhookSecret, signSandboxWebhook } from "#server/modules/payments/providers/sandbox/adapter.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { createIntent, payByCard } from "#tests/helpers/checkout.ts";

/**
 * Webhooks of the sandbox: signed with HMAC-SHA256 of the raw body, delivered in the background,
 * duplicated here every time (SANDBOX_WEBHOOK_DUPLICATE_RATE=1). Nothing but webhooks pays these
 * orders: no test calls confirm.
 */
let app: FastifyInstance;
let secret: Buffer;

beforeAll(async () => {
  app = await createTestApp({ SANDBOX_WEBHOOK_DUPLICATE_RATE: "1", CHECKOUTS_PER_MINUTE: "1000" });
  secret = await sandboxWebhookSecret(app.db);
});

afterAll(async () => {
  await app.close();
});

const orderOf = async (reference: string) => {
  const [order] = await app.db.select().from(orders).where(eq(orders.reference, reference));
  return order!;
};

const eventsOf = async (orderId: string) =>
  app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function postWebhook(body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: "POST",
    url: "/api/payment/webhooks/sandbox",
    headers: {
      "content-type": "application/json",
      ...(signature !== null ? { "x-sandbox-signature": signature ?? signSandboxWebhook(secret, raw) } : {}),
    },
    payload: raw,
  });
}

const eventFor = (paymentId: string, status: string, id = `evt_test_${Math.random().toString(16).slice(2)}`) => ({
  id,
  type: `payment.${status}`,
  data: { id: paymentId, status, amount: 42_200, currency: "SAR" },
});

describe("POST /api/payment/webhooks/sandbox", () => {
  it("the sandbox's own webhooks pay the order (duplicates processed once), with the webhook as actor", async () => {
    const intent = (await createIntent(app)).json();
    await payByCard(app, intent.redirectUrl, "4201320111111010");
    const order = await until(
      () => orderOf(intent.orderReference),
      (row) => row.status === "paid",
    );
    expect(order.status).toBe("paid");
    const events = await eventsOf(order.id);
    expect(events.map((event) => [event.toStatus, event.actor])).toEqual([
      ["pending", "buyer"],
      ["awaiting_payment", "gateway:sandbox"],
      ["paid", "webhook:sandbox"],
    ]);
    // Every event was sent twice; each key is recorded once and the queue drains.
    const ledger = await until(
      async () =>
        (await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, order.paymentReference!)))[0]!,
      (row) => ((row.details as { webhooks?: unknown[] }).webhooks ?? []).length === 0,
    );
    expect((ledger.details as { webhooks?: unknown[] }).webhooks).toEqual([]);
    const recorded = await app.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.orderId, order.id));
    expect(recorded).toHaveLength(1);
  });

  it("refuses a bad or missing signature with 401 and changes nothing", async () => {
    const intent = (await createIntent(app)).json();
    const order = await orderOf(intent.orderReference);
    const body = eventFor(order.paymentReference!, "paid");
    const forged = await postWebhook(body, signSandboxWebhook(Buffer.from("not the secret"), JSON.stringify(body)));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe("webhook_rejected");
    expect((await postWebhook(body, null as unknown as string)).statusCode).toBe(401);
    // A body changed after signing.
    const raw = JSON.stringify(body);
    const tampered = await app.inject({
      method: "POST",
      url: "/api/payment/webhooks/sandbox",
      headers: { "content-type": "application/json", "x-sandbox-signature": signSandboxWebhook(secret, raw) },
      payload: raw.replace("42200", "100"),
    });
    expect(tampered.statusCode).toBe(401);
    expect((await orderOf(intent.orderReference)).status).toBe("awaiting_payment");
    const recorded = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.orderId, order.id));
    expect(recorded[0]!.n).toBe(0);
  });

  it("a signed webhook that claims 'paid' for an unpaid payment pays nothing: the state is fetched from the gateway", async () => {
    const intent = (await createIntent(app)).json();
    const order = await orderOf(intent.orderReference);
    const response = await postWebhook(eventFor(order.paymentReference!, "paid"));
    expect(response.statusCode).toBe(200);
    expect((await orderOf(intent.orderReference)).status).toBe("awaiting_payment");
    expect((await eventsOf(order.id)).map((event) => event.toStatus)).toEqual(["pending", "awaiting_payment"]);
  });

  it("a replayed event is acknowledged as a duplicate; stale and out-of-order events change nothing", async () => {
    const intent = (await createIntent(app)).json();
    await payByCard(app, intent.redirectUrl, "4111111111111111");
    const paid = await until(
      () => orderOf(intent.orderReference),
      (row) => row.status === "paid",
    );
    const before = await eventsOf(paid.id);

    const event = eventFor(paid.paymentReference!, "requires_action", "evt_replayed_1");
    const first = await postWebhook(event);
    expect(first.json()).toEqual({ received: true, outcome: "processed" });
    const replay = await postWebhook(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, outcome: "duplicate" });
    // Two copies of a late event at once: one is processed, the other is its duplicate, one row kept.
    const twin = eventFor(paid.paymentReference!, "paid", "evt_twin_1");
    const both = await Promise.all([postWebhook(twin), postWebhook(twin)]);
    expect(both.map((response) => response.json().outcome).sort()).toEqual(["duplicate", "processed"]);
    const recorded = await app.db
      .select()
      .from(paymentWebhookEvents)
      .where(and(eq(paymentWebhookEvents.gateway, "sandbox"), eq(paymentWebhookEvents.eventKey, "evt_twin_1")));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.orderId).toBe(paid.id);
    // Out of order: a "failed" arriving after the payment: re-fetched as paid, refused by the state machine.
    expect((await postWebhook(eventFor(paid.paymentReference!, "failed"))).statusCode).toBe(200);

    expect((await orderOf(intent.orderReference)).status).toBe("paid");
    expect(await eventsOf(paid.id)).toHaveLength(before.length);
  });

  it("an event for an unknown payment or gateway is not processed", async () => {
    const unknown = await postWebhook(eventFor("sbx_000000000000000000000000", "paid"));
    expect(unknown.json()).toEqual({ received: true, outcome: "unknown_payment" });
    const gateway = await app.inject({ method: "POST", url: "/api/payment/webhooks/paypal", payload: {} });
    expect(gateway.statusCode).toBe(404);
  });

  it("a payment whose amount differs from the order's fails the order and says why", async () => {
    const intent = (await createIntent(app)).json();
    const order = await orderOf(intent.orderReference);
    // The provider's record says 1 SAR (as if the amount had been tampered with at the provider).
    await app.db
      .update(sandboxPayments)
      .set({ amountHalalas: 100, status: "paid" })
      .where(eq(sandboxPayments.id, order.paymentReference!));
    await postWebhook(eventFor(order.paymentReference!, "paid"));
    const after = await orderOf(intent.orderReference);
    expect(after.status).toBe("failed");
    const [failed] = await app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "failed")));
    expect(failed!.detail).toMatchObject({ reason: "amount_mismatch", providerAmountHalalas: 100 });
  });
});
