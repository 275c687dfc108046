import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentRequest, startWebhookReceiver } from "#tests/fakes/webhook-receiver.ts";
import { GatewayError, type PaymentGateway } from "../../gateway.ts";
import { createTamaraGateway } from "./adapter.ts";
import { signTamaraToken, startTamaraFake, tamaraTestPhones, type TamaraFake } from "./fake-server.ts";

const keys = { apiToken: "tamara-api-token-1", notificationToken: "tamara-notification-token-1" };
let fake: TamaraFake;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let gateway: PaymentGateway;
const totals = { reference: "NW-240611-0042", amountHalalas: 42_200, vatHalalas: 5_504 };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  fake = await startTamaraFake(keys);
  gateway = createTamaraGateway({ ...keys, apiUrl: fake.url }, { timeoutMs: 1_000 });
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
beforeEach(async () => {
  fake.requests.length = 0;
  fake.clearDrops();
  await fake.flushWebhooks();
  fake.webhookMode = { duplicate: false, hold: false };
  receiver.received.length = 0;
});

const tamaraRequest = (phone: string = `+966${tamaraTestPhones.approve}`) =>
  paymentRequest({
    method: "tamara",
    notificationUrl: receiver.url,
    buyer: { name: "Sara Al-Qahtani", email: "sara@example.sa", phone },
  });

async function complete(orderId: string, outcome?: string) {
  const response = await fetch(`${fake.url}/__test/checkout/${orderId}/complete`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(outcome ? { outcome } : {}),
  });
  return (await response.json()) as { status: string; redirect: string };
}

describe("Tamara: four instalments", () => {
  it("opens a checkout with the documented body (amounts in riyals) and sends the buyer to checkout_url", async () => {
    const payment = await gateway.createPayment(tamaraRequest());
    expect(payment).toMatchObject({
      status: "requires_action",
      amountHalalas: 42_200,
      orderReference: "NW-240611-0042",
    });
    expect(payment.redirectUrl).toBe(`${fake.url}/checkout/${payment.providerPaymentId}`);
    const [sent] = fake.requestsTo("POST", "/checkout");
    expect(sent!.headers.authorization).toBe("Bearer tamara-api-token-1");
    expect(sent!.body).toMatchObject({
      order_reference_id: "NW-240611-0042",
      total_amount: { amount: 422, currency: "SAR" },
      tax_amount: { amount: 55.04, currency: "SAR" },
      shipping_amount: { amount: 0, currency: "SAR" },
      items: [{ reference_id: "nawat", quantity: 1, unit_price: { amount: 422, currency: "SAR" } }],
      consumer: { first_name: "Sara", last_name: "Al-Qahtani", email: "sara@example.sa", phone_number: "544337866" },
      shipping_address: { city: "Riyadh", country_code: "SA", line1: "7420 Olaya Street" },
      merchant_url: { notification: receiver.url },
      payment_type: "PAY_BY_INSTALMENTS",
      instalments: 4,
      country_code: "SA",
      locale: "ar_SA",
    });
  });

  it("approved by the test phone: the signed notification is verified, the order re-read, authorised, then paid", async () => {
    const created = await gateway.createPayment(tamaraRequest());
    const page = await complete(created.providerPaymentId);
    expect(page.redirect).toBe(paymentRequest().returnUrls.success);

    const [approved] = receiver.received;
    const notice = await gateway.verifyWebhook(approved!);
    expect(notice).toEqual({
      eventKey: `${created.providerPaymentId}:order_approved`,
      providerPaymentId: created.providerPaymentId,
      type: "order_approved",
    });
    // The JWT does not cover the body: the adapter's caller reads the order again before acting.
    const fetched = await gateway.fetchPayment(notice!.providerPaymentId);
    expect(fetched).toMatchObject({ status: "authorized", amountHalalas: 42_200, orderReference: "NW-240611-0042" });
    expect(await gateway.completePayment(fetched, totals)).toMatchObject({ status: "paid" });
    expect(fake.requestsTo("POST", `/orders/${created.providerPaymentId}/authorise`)).toHaveLength(1);
    // A second authorise (a duplicate notification) is refused by Tamara and read as the order's state.
    expect(await gateway.completePayment(fetched, totals)).toMatchObject({ status: "paid" });
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "paid" });
    expect(receiver.received.map((webhook) => (webhook.body as { event_type: string }).event_type)).toEqual([
      "order_approved",
      "order_authorised",
    ]);
  });

  it("declined by the test phone", async () => {
    const created = await gateway.createPayment(tamaraRequest(`+966${tamaraTestPhones.decline}`));
    expect((await complete(created.providerPaymentId)).redirect).toBe(paymentRequest().returnUrls.failure);
    expect((await gateway.verifyWebhook(receiver.received[0]!))?.type).toBe("order_declined");
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({
      status: "failed",
      failureReason: "declined",
    });
  });

  it("reads expired and cancelled checkouts; cancelling a new one asks Tamara nothing more", async () => {
    const expiring = await gateway.createPayment(tamaraRequest());
    await complete(expiring.providerPaymentId, "expire");
    expect(await gateway.fetchPayment(expiring.providerPaymentId)).toMatchObject({ status: "expired" });

    const fresh = await gateway.createPayment(tamaraRequest());
    expect(await gateway.cancelPayment(fresh.providerPaymentId)).toMatchObject({ status: "requires_action" });
    expect(fake.requestsTo("POST", `/orders/${fresh.providerPaymentId}/cancel`)).toHaveLength(0);

    const approved = await gateway.createPayment(tamaraRequest());
    await complete(approved.providerPaymentId);
    expect(await gateway.cancelPayment(approved.providerPaymentId)).toMatchObject({ status: "cancelled" });
    expect(fake.requestsTo("POST", `/orders/${approved.providerPaymentId}/cancel`)[0]!.body).toEqual({
      total_amount: { amount: 422, currency: "SAR" },
    });
  });

  it("refuses to refund an authorised order that was never captured; captures at shipment, then refunds part and the rest", async () => {
    const created = await gateway.createPayment(tamaraRequest());
    await complete(created.providerPaymentId);
    const authorised = await gateway.completePayment(await gateway.fetchPayment(created.providerPaymentId), totals);
    expect(authorised).toMatchObject({ status: "paid", capturedHalalas: 0 });

    // Tamara refunds captured orders only: an authorised one is refused, and nothing moves.
    const refused = await gateway.refundPayment(created.providerPaymentId, 42_200, "returned", "op-1").catch((e) => e);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).status).toBe(400);
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "paid", capturedHalalas: 0 });

    const shippedAt = new Date("2026-12-01T09:00:00Z");
    const captured = await gateway.capturePayment(created.providerPaymentId, {
      ...totals,
      shipment: { carrier: "SMSA", trackingNumber: "SMSA123456", shippedAt },
      idempotencyKey: "op-2",
    });
    expect(captured).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
    expect(fake.requestsTo("POST", "/payments/capture")[0]!.body).toEqual({
      order_id: created.providerPaymentId,
      total_amount: { amount: 422, currency: "SAR" },
      tax_amount: { amount: 55.04, currency: "SAR" },
      shipping_amount: { amount: 0, currency: "SAR" },
      discount_amount: { amount: 0, currency: "SAR" },
      shipping_info: { shipped_at: shippedAt.toISOString(), shipping_company: "SMSA", tracking_number: "SMSA123456" },
    });
    // A second capture of a captured order asks Tamara nothing.
    await gateway.capturePayment(created.providerPaymentId, { ...totals, idempotencyKey: "op-2" });
    expect(fake.requestsTo("POST", "/payments/capture")).toHaveLength(1);
    // Cancelling is for authorised orders: captured money comes back by refund.
    expect(
      await gateway
        .voidPayment(created.providerPaymentId, { amountHalalas: 42_200, idempotencyKey: "op-3" })
        .catch((e) => e),
    ).toBeInstanceOf(GatewayError);

    const part = await gateway.refundPayment(created.providerPaymentId, 10_000, "a scratch", "op-4");
    expect(part).toMatchObject({ status: "paid", refundedHalalas: 10_000, capturedHalalas: 42_200 });
    // (The first request is the refused one.)
    expect(fake.requestsTo("POST", `/payments/simplified-refund/${created.providerPaymentId}`)[1]!.body).toEqual({
      total_amount: { amount: 100, currency: "SAR" },
      comment: "a scratch",
    });
    const rest = await gateway.refundPayment(created.providerPaymentId, 32_200, "returned", "op-5");
    expect(rest).toMatchObject({ status: "refunded", refundedHalalas: 42_200 });
    expect(await gateway.refundPayment(created.providerPaymentId, 100, "more", "op-6").catch((e) => e)).toBeInstanceOf(
      GatewayError,
    );
  });

  it("cancels an authorised order before capture (the whole amount), and reports the cancel webhook as a change after payment", async () => {
    const created = await gateway.createPayment(tamaraRequest());
    await complete(created.providerPaymentId);
    await gateway.completePayment(await gateway.fetchPayment(created.providerPaymentId), totals);
    receiver.received.length = 0;
    const voided = await gateway.voidPayment(created.providerPaymentId, {
      amountHalalas: 42_200,
      idempotencyKey: "v-1",
    });
    expect(voided).toMatchObject({ status: "cancelled", capturedHalalas: 0 });
    expect(fake.requestsTo("POST", `/orders/${created.providerPaymentId}/cancel`)[0]!.body).toMatchObject({
      total_amount: { amount: 422, currency: "SAR" },
    });
    const notice = await gateway.verifyWebhook(receiver.received.at(-1)!);
    expect(notice).toMatchObject({ type: "order_canceled", afterPayment: true });
    // Nothing left to capture.
    expect(
      await gateway.capturePayment(created.providerPaymentId, { ...totals, idempotencyKey: "v-2" }).catch((e) => e),
    ).toBeInstanceOf(GatewayError);
  });

  it("has no Apple Pay", async () => {
    await expect(
      gateway.createApplePaySession({
        validationUrl: "https://apple-pay-gateway.apple.com/x",
        domainName: "d",
        displayName: "n",
      }),
    ).rejects.toBeInstanceOf(GatewayError);
  });
});

describe("Tamara: notifications", () => {
  const body = {
    order_id: "o-1",
    order_reference_id: "NW-1",
    order_number: "NW-1",
    event_type: "order_approved",
    data: [],
  };
  const seconds = Math.floor(Date.now() / 1000);

  it("accepts the token from the Authorization header or the tamaraToken query parameter", async () => {
    const token = await signTamaraToken(keys.notificationToken, { iat: seconds, exp: seconds + 600 });
    const expected = { eventKey: "o-1:order_approved", providerPaymentId: "o-1", type: "order_approved" };
    expect(await gateway.verifyWebhook({ headers: { authorization: `Bearer ${token}` }, query: {}, body })).toEqual(
      expected,
    );
    expect(await gateway.verifyWebhook({ headers: {}, query: { tamaraToken: token }, body })).toEqual(expected);
  });

  it("refuses a missing, foreign-signed, expired or non-HS256 token", async () => {
    const foreign = await signTamaraToken("someone-else", { exp: seconds + 600 });
    const expired = await signTamaraToken(keys.notificationToken, { exp: seconds - 600 });
    const otherAlg = await signTamaraToken(keys.notificationToken, { exp: seconds + 600 }, "HS384");
    expect(await gateway.verifyWebhook({ headers: {}, query: {}, body })).toBeNull();
    for (const token of [foreign, expired, otherAlg]) {
      expect(
        await gateway.verifyWebhook({ headers: { authorization: `Bearer ${token}` }, query: {}, body }),
      ).toBeNull();
      expect(await gateway.verifyWebhook({ headers: {}, query: { tamaraToken: token }, body })).toBeNull();
    }
  });
});

describe("Tamara: failures become GatewayErrors", () => {
  it("a wrong token, a validation error with Tamara's words, a 5xx, a timeout", async () => {
    const wrong = createTamaraGateway({ ...keys, apiToken: "nope-nope", apiUrl: fake.url });
    await expect(wrong.createPayment(tamaraRequest())).rejects.toMatchObject({ gateway: "tamara", status: 401 });
    fake.failNext({
      status: 400,
      body: { message: "Invalid request", errors: [{ error_code: "invalid_phone_number" }] },
    });
    await expect(gateway.createPayment(tamaraRequest())).rejects.toThrow(
      /HTTP 400: Invalid request .*invalid_phone_number/,
    );
    fake.failNext({ status: 502, body: { message: "Bad gateway" } });
    await expect(gateway.fetchPayment("o-1")).rejects.toMatchObject({ status: 502 });
    fake.failNext({ status: 200, body: {}, delayMs: 2_000 });
    await expect(gateway.fetchPayment("o-1")).rejects.toThrow(/no answer within 1000 ms/);
  });

  it("an unknown order: 404", async () => {
    await expect(gateway.fetchPayment("missing")).rejects.toMatchObject({ status: 404 });
  });
});

describe("Tamara: finding the checkout of an order whose answer was lost (issue 35)", () => {
  const lookupFor = (reference: string) => ({
    method: "tamara" as const,
    orderId: "0b6f3e55-9a3d-4d8e-a0a4-5b7f4e0c2a11",
    reference,
    idempotencyKey: "0b6f3e55-9a3d-4d8e-a0a4-5b7f4e0c2a11",
    createdAt: new Date(),
  });

  it("by the order_reference_id we sent, as Tamara's order (approved and authorised later too)", async () => {
    const created = await gateway.createPayment({ ...tamaraRequest(), reference: "NW-FIND-0001" });
    fake.requests.length = 0;
    expect(await gateway.findPayment(lookupFor("NW-FIND-0001"))).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: "requires_action",
      amountHalalas: 42_200,
      orderReference: "NW-FIND-0001",
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /merchants/orders/reference-id/NW-FIND-0001",
    ]);
    await complete(created.providerPaymentId);
    expect(await gateway.findPayment(lookupFor("NW-FIND-0001"))).toMatchObject({ status: "authorized" });
  });

  it("a reference Tamara never saw finds null (404), and a Tamara failure is not taken for 'none'", async () => {
    expect(await gateway.findPayment(lookupFor("NW-NEVER-SENT"))).toBeNull();
    fake.failNext({ status: 503, body: { message: "Service unavailable" } });
    const failed = await gateway.findPayment(lookupFor("NW-NEVER-SENT")).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(GatewayError);
    expect((failed as GatewayError).outcomeUnknown).toBe(true);
  });
});

describe("Tamara misbehaving as the real one does (issue 35)", () => {
  // Other tests' orders share this fake and its clock: each test reads its own order's notifications.
  const webhooksOf = (orderId: string) =>
    receiver.received.filter((webhook) => (webhook.body as { order_id: string }).order_id === orderId);
  const eventTypes = (orderId: string) =>
    webhooksOf(orderId).map((webhook) => (webhook.body as { event_type: string }).event_type);

  /** A checkout approved by the buyer and authorised by us: the money held for capture. */
  async function authorisedOrder(reference: string) {
    const created = await gateway.createPayment({ ...tamaraRequest(), reference });
    await complete(created.providerPaymentId);
    await gateway.completePayment(await gateway.fetchPayment(created.providerPaymentId), totals);
    return created.providerPaymentId;
  }

  it("a checkout opened, its answer lost: outcome unknown, and the order is found by our reference", async () => {
    fake.dropAnswers({ method: "POST", path: "/checkout", how: "reset" });
    const lost = await gateway
      .createPayment({ ...tamaraRequest(), reference: "NW-LOST-0001" })
      .catch((e: unknown) => e);
    expect(lost).toMatchObject({ name: "GatewayError", outcomeUnknown: true });
    const lookup = {
      method: "tamara" as const,
      orderId: "5d0f0a8e-3c1b-4f5e-9a53-0f4a2b9c7d10",
      reference: "NW-LOST-0001",
      idempotencyKey: "5d0f0a8e-3c1b-4f5e-9a53-0f4a2b9c7d10",
      createdAt: new Date(),
    };
    const found = await gateway.findPayment(lookup);
    expect(found).toMatchObject({ status: "requires_action", orderReference: "NW-LOST-0001" });
    expect(fake.orders.get(found!.providerPaymentId)!.status).toBe("new");
  });

  it("the authorisation made, its answer lost: outcome unknown; Tamara's order is authorised, and the retry reads it so", async () => {
    const created = await gateway.createPayment(tamaraRequest());
    await complete(created.providerPaymentId);
    const approved = await gateway.fetchPayment(created.providerPaymentId);
    fake.dropAnswers({ method: "POST", path: `/orders/${created.providerPaymentId}/authorise`, how: "cut" });
    const lost = await gateway.completePayment(approved, totals).catch((e: unknown) => e);
    expect(lost).toMatchObject({ name: "GatewayError", outcomeUnknown: true });
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "paid", capturedHalalas: 0 });
    expect(await gateway.completePayment(approved, totals)).toMatchObject({ status: "paid" });
    expect(eventTypes(created.providerPaymentId)).toEqual(["order_approved", "order_authorised"]);
  });

  it("a capture and a refund carried out, both answers lost: outcome unknown each time, the money moved all the same", async () => {
    const orderId = await authorisedOrder("NW-LOST-0002");
    fake.dropAnswers({ method: "POST", path: "/payments/capture", how: "error", status: 504 });
    const capture = await gateway
      .capturePayment(orderId, { ...totals, idempotencyKey: "cap-lost" })
      .catch((e: unknown) => e);
    expect(capture).toMatchObject({ name: "GatewayError", status: 504, outcomeUnknown: true });
    expect(await gateway.fetchPayment(orderId)).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
    // A second capture after the lost answer asks Tamara first and captures nothing twice.
    await gateway.capturePayment(orderId, { ...totals, idempotencyKey: "cap-lost" });
    expect(fake.requestsTo("POST", "/payments/capture")).toHaveLength(1);

    fake.dropAnswers({ method: "POST", path: `/payments/simplified-refund/${orderId}`, how: "reset" });
    const refund = await gateway.refundPayment(orderId, 20_000, "returned", "ref-lost").catch((e: unknown) => e);
    expect(refund).toMatchObject({ name: "GatewayError", outcomeUnknown: true });
    expect(await gateway.fetchPayment(orderId)).toMatchObject({ status: "paid", refundedHalalas: 20_000 });
  });

  it("keeps refusing to refund an authorised order that was never captured, whatever the clock says", async () => {
    const orderId = await authorisedOrder("NW-UNCAPTURED-1");
    await fake.advanceClock(24 * 3600_000);
    const refused = await gateway.refundPayment(orderId, 42_200, "returned", "r-x").catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: "GatewayError", status: 400, outcomeUnknown: false });
    expect(await gateway.fetchPayment(orderId)).toMatchObject({ status: "paid", capturedHalalas: 0 });
  });

  it("a new checkout expires after 30 minutes on the test clock, with a signed order_expired notification", async () => {
    const created = await gateway.createPayment(tamaraRequest());
    await fake.advanceClock(29 * 60_000);
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "requires_action" });
    await fake.advanceClock(60_000);
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "expired" });
    const [expiredNotice] = webhooksOf(created.providerPaymentId);
    const notice = await gateway.verifyWebhook(expiredNotice!);
    expect(notice).toEqual({
      eventKey: `${created.providerPaymentId}:order_expired`,
      providerPaymentId: created.providerPaymentId,
      type: "order_expired",
    });
    // The buyer is too late.
    const late = await fetch(`${fake.url}/__test/checkout/${created.providerPaymentId}/complete`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(late.status).toBe(409);
  });

  it("an approved order not authorised within 72 hours expires; an authorised one does not", async () => {
    const approved = await gateway.createPayment(tamaraRequest());
    await complete(approved.providerPaymentId);
    const authorised = await authorisedOrder("NW-HELD-0003");
    await fake.advanceClock(71 * 3600_000);
    expect(await gateway.fetchPayment(approved.providerPaymentId)).toMatchObject({ status: "authorized" });
    receiver.received.length = 0;
    await fake.advanceClock(3600_000);
    expect(await gateway.fetchPayment(approved.providerPaymentId)).toMatchObject({ status: "expired" });
    expect(await gateway.fetchPayment(authorised)).toMatchObject({ status: "paid" });
    expect(eventTypes(approved.providerPaymentId)).toEqual(["order_expired"]);
    expect(eventTypes(authorised)).toEqual([]);
    expect(await gateway.verifyWebhook(webhooksOf(approved.providerPaymentId)[0]!)).toMatchObject({
      type: "order_expired",
      providerPaymentId: approved.providerPaymentId,
    });
  });

  it("notifications held, delivered twice and newest first: every copy signed, the same events named the same", async () => {
    fake.webhookMode = { duplicate: true, hold: true };
    const orderId = await authorisedOrder("NW-LATE-0004");
    await gateway.capturePayment(orderId, { ...totals, idempotencyKey: "cap-late" });
    expect(receiver.received).toHaveLength(0);
    const response = await fetch(`${fake.url}/__test/webhooks/flush`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ reverse: true }),
    });
    expect(response.status).toBe(200);
    expect(eventTypes(orderId)).toEqual([
      "order_captured",
      "order_captured",
      "order_authorised",
      "order_authorised",
      "order_approved",
      "order_approved",
    ]);
    const notices = await Promise.all(webhooksOf(orderId).map((webhook) => gateway.verifyWebhook(webhook)));
    expect(notices.every((notice) => notice?.providerPaymentId === orderId)).toBe(true);
    expect(new Set(notices.map((notice) => notice!.eventKey)).size).toBe(3);
    // The JWT is in both places Tamara puts it.
    for (const webhook of webhooksOf(orderId)) {
      expect(webhook.headers.authorization).toBe(`Bearer ${String(webhook.query.tamaraToken)}`);
    }
  });
});
