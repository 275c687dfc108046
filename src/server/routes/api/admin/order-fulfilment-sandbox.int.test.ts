import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, sandboxPayments } from "#server/db/schema.ts";
import { getDashboard } from "#server/modules/admin/get-dashboard.ts";
import { signInAdmin, type TestAccount } from "#tests/helpers/accounts.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { confirm, createIntent, payByCard, postSandboxForm, sandboxPath } from "#tests/helpers/checkout.ts";

/**
 * Fulfilment on the sandbox (issue 35), which behaves as the providers it stands in for: a card is
 * charged at once, an instalment plan is only authorised at confirm and captured when the order
 * ships; a refund is of captured money only, in part or in full; the sandbox's own webhooks of
 * those changes leave the order as it is.
 */
let app: FastifyInstance;
let admin: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ BACKGROUND_JOBS: "false", CHECKOUTS_PER_MINUTE: "1000" });
  admin = await signInAdmin(app);
});
afterAll(async () => {
  await app.close();
});

async function paid(method: "tamara" | "credit-card") {
  const intent = (await createIntent(app, { paymentMethod: method })).json();
  if (method === "tamara") {
    await postSandboxForm(app, `${sandboxPath(intent.redirectUrl)}/decide`, { phone: "544337866", action: "approve" });
  } else {
    await payByCard(app, intent.redirectUrl, "4111111111111111");
  }
  const confirmed = (await confirm(app, intent.paymentIntentId, method)).json();
  expect(confirmed.order.status).toBe("paid");
  const [order] = await app.db.select().from(orders).where(eq(orders.reference, intent.orderReference));
  return order!;
}

const act = (id: string, action: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url: `/api/admin/orders/${id}/${action}`, headers: admin.bearer, payload });
const ledger = async (id: string) =>
  (await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0]!;

describe("the sandbox's capture, release and refunds", () => {
  it("an instalment order is captured when it ships, then delivered and refunded in part; the dashboard counts what was kept", async () => {
    const order = await paid("tamara");
    expect(await ledger(order.paymentReference!)).toMatchObject({ status: "paid", capturedHalalas: 0 });
    const before = await getDashboard(app.db, "en");

    const shipped = await act(order.id, "ship", { carrier: "Aramex", trackingNumber: "  AX 7788  " });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().order).toMatchObject({
      status: "shipped",
      capturedHalalas: 42_200,
      shipment: { carrier: "Aramex", trackingNumber: "AX 7788" },
    });
    expect(await ledger(order.paymentReference!)).toMatchObject({ capturedHalalas: 42_200 });
    expect((await act(order.id, "ship")).statusCode).toBe(409);
    expect((await act(order.id, "deliver")).json().order).toMatchObject({ status: "delivered" });

    const tooMuch = await act(order.id, "refund", { amountHalalas: 42_201 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe("The refund is more than what is left to refund (422.00 SAR).");
    const part = await act(order.id, "refund", { amountHalalas: 10_000, reason: "a scratch" });
    expect(part.json().order).toMatchObject({ status: "delivered", refundedHalalas: 10_000 });
    expect(await ledger(order.paymentReference!)).toMatchObject({ status: "paid", refundedHalalas: 10_000 });
    const after = await getDashboard(app.db, "en");
    expect(after.revenue - before.revenue).toBe(-10_000);

    const view = await app.inject({ url: `/api/admin/orders/${order.id}`, headers: admin.bearer });
    expect(view.json().order.events.map((event: { status: string }) => event.status)).toEqual([
      "pending",
      "awaiting_payment",
      "paid",
      "shipped",
      "delivered",
      "refund_pending",
      "delivered",
    ]);
  });

  it("a card order is cancelled before shipping by a full refund; a refund of an uncaptured payment is refused by the sandbox itself", async () => {
    const card = await paid("credit-card");
    expect(await ledger(card.paymentReference!)).toMatchObject({ capturedHalalas: 42_200 });
    const cancelled = await act(card.id, "cancel");
    expect(cancelled.json().order).toMatchObject({ status: "cancelled", refundedHalalas: 42_200 });
    expect(await ledger(card.paymentReference!)).toMatchObject({ status: "refunded", refundedHalalas: 42_200 });
    expect((await act(card.id, "refund")).statusCode).toBe(409);

    const held = await paid("tamara");
    const gateway = app.payments.gateways.byId("sandbox")!;
    await expect(gateway.refundPayment(held.paymentReference!, 100, "x", "k")).rejects.toMatchObject({ status: 400 });
    const released = await act(held.id, "cancel");
    expect(released.json().order).toMatchObject({ status: "cancelled", refundedHalalas: 0 });
    expect(await ledger(held.paymentReference!)).toMatchObject({ status: "cancelled", capturedHalalas: 0 });
  });

  it("validates the actions' bodies with the catalog's words", async () => {
    const order = await paid("credit-card");
    const long = await act(order.id, "ship", { carrier: "x".repeat(81) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ carrier: "At most 80 characters." });
    const zero = await app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/refund`,
      headers: { ...admin.bearer, "accept-language": "ar" },
      payload: { amountHalalas: 0 },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields).toEqual({ amountHalalas: "أدخل المبلغ بالهللات، ولا يقل عن هللة واحدة." });
    expect((await act(order.id, "deliver")).json().error.code).toBe("not_deliverable");
  });
});
