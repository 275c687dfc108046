import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentRequest, startWebhookReceiver } from "#tests/fakes/webhook-receiver.ts";
import { GatewayError, type PaymentGateway } from "../../gateway.ts";
import { createTabbyGateway } from "./adapter.ts";
import { startTabbyFake, tabbyTestPhones, type TabbyFake } from "./fake-server.ts";

const config = {
  secretKey: "sk_test_tabby_secret",
  merchantCode: "nawat_sa",
  webhookHeaderName: "X-Nawat-Webhook",
  webhookHeaderValue: "tabby-shared-header-value",
};
let fake: TabbyFake;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let gateway: PaymentGateway;
/** TABBY_CAPTURE_AT=confirm: captured as soon as the buyer comes back. */
let atConfirm: PaymentGateway;
const totals = { reference: "NW-240611-0042", amountHalalas: 42_200, vatHalalas: 5_504 };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  fake = await startTabbyFake({ secretKey: config.secretKey, merchantCode: config.merchantCode });
  gateway = createTabbyGateway({ ...config, apiUrl: fake.url }, { timeoutMs: 1_000 });
  atConfirm = createTabbyGateway({ ...config, apiUrl: fake.url }, { timeoutMs: 1_000, captureAt: "confirm" });
  // What the README tells the studio to do once: register the webhook with our header.
  const registered = await fetch(`${fake.url}/api/v1/webhooks`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${config.secretKey}`,
      "X-Merchant-Code": config.merchantCode,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      url: receiver.url,
      header: { title: config.webhookHeaderName, value: config.webhookHeaderValue },
    }),
  });
  expect(registered.status).toBe(200);
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

const tabbyRequest = (phone: string = tabbyTestPhones.success) =>
  paymentRequest({ method: "tabby", buyer: { name: "Sara Al-Qahtani", email: "otp.success@tabby.ai", phone } });

async function complete(paymentId: string, outcome = "authorize") {
  const response = await fetch(`${fake.url}/__test/payments/${paymentId}/complete`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ outcome }),
  });
  return (await response.json()) as { status: string; redirect: string };
}

describe("Tabby: pay in 4", () => {
  it("opens a session with decimal-string amounts and sends the buyer to web_url", async () => {
    const payment = await gateway.createPayment(tabbyRequest());
    expect(payment).toMatchObject({
      status: "requires_action",
      amountHalalas: 42_200,
      orderReference: "NW-240611-0042",
    });
    expect(payment.redirectUrl).toBe(`${fake.url}/checkout/${payment.providerPaymentId}`);
    const [sent] = fake.requestsTo("POST", "/api/v2/checkout");
    expect(sent!.headers.authorization).toBe("Bearer sk_test_tabby_secret");
    expect(sent!.body).toMatchObject({
      payment: {
        amount: "422.00",
        currency: "SAR",
        buyer: { name: "Sara Al-Qahtani", email: "otp.success@tabby.ai", phone: "+966500000001" },
        shipping_address: { city: "Riyadh", zip: "12214" },
        order: {
          reference_id: "NW-240611-0042",
          tax_amount: "55.04",
          items: [{ title: "Nawat Date Bowl", unit_price: "422.00", quantity: 1 }],
        },
      },
      lang: "ar",
      merchant_code: "nawat_sa",
      merchant_urls: paymentRequest().returnUrls,
    });
  });

  it("pre-scoring rejection (+966500000002) answers failed with Tabby's rejection_reason", async () => {
    const payment = await gateway.createPayment(tabbyRequest(tabbyTestPhones.reject));
    expect(payment).toMatchObject({ status: "failed", failureReason: "not_available" });
    expect(payment.redirectUrl).toBeUndefined();
  });

  it("TABBY_CAPTURE_AT=confirm: the webhook with our header is verified, the payment re-read and captured in full, which closes it", async () => {
    const created = await gateway.createPayment(tabbyRequest());
    expect((await complete(created.providerPaymentId)).redirect).toContain(paymentRequest().returnUrls.success);
    const notice = await gateway.verifyWebhook(receiver.received[0]!);
    expect(notice).toEqual({
      eventKey: `${created.providerPaymentId}:authorized:0:0`,
      providerPaymentId: created.providerPaymentId,
      type: "authorized",
    });
    const fetched = await gateway.fetchPayment(notice!.providerPaymentId);
    expect(fetched).toMatchObject({ status: "authorized", amountHalalas: 42_200 });
    expect(await atConfirm.completePayment(fetched, totals)).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
    expect(fake.requestsTo("POST", `/api/v2/payments/${created.providerPaymentId}/captures`)[0]!.body).toMatchObject({
      amount: "422.00",
      reference_id: "NW-240611-0042-capture",
      tax_amount: "55.04",
    });
    // A retried capture with the same reference takes nothing twice.
    expect(await atConfirm.completePayment(fetched, totals)).toMatchObject({ status: "paid" });
    expect(fake.payments.get(created.providerPaymentId)!.captures).toHaveLength(1);
    // Tabby notifies `authorized` again with the capture, then `closed`: three distinct events.
    const notices = await Promise.all(receiver.received.map((webhook) => gateway.verifyWebhook(webhook)));
    expect(notices.map((notice) => notice?.afterPayment ?? false)).toEqual([false, true, true]);
    const keys = notices.map((notice) => notice?.eventKey);
    expect(keys).toEqual([
      `${created.providerPaymentId}:authorized:0:0`,
      `${created.providerPaymentId}:authorized:1:0`,
      `${created.providerPaymentId}:closed:1:0`,
    ]);
  });

  it("captures at shipment by default: confirm leaves it authorised; a refund before the capture is refused; then partial and full refunds", async () => {
    const created = await gateway.createPayment(tabbyRequest());
    await complete(created.providerPaymentId);
    const confirmed = await gateway.completePayment(await gateway.fetchPayment(created.providerPaymentId), totals);
    expect(confirmed).toMatchObject({ status: "paid", capturedHalalas: 0 });
    expect(fake.requestsTo("POST", `/api/v2/payments/${created.providerPaymentId}/captures`)).toHaveLength(0);
    expect(
      await gateway.refundPayment(created.providerPaymentId, 42_200, "returned", "r-0").catch((e) => e),
    ).toBeInstanceOf(GatewayError);

    const captured = await gateway.capturePayment(created.providerPaymentId, { ...totals, idempotencyKey: "cap-1" });
    expect(captured).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
    expect(fake.requestsTo("POST", `/api/v2/payments/${created.providerPaymentId}/captures`)[0]!.body).toMatchObject({
      amount: "422.00",
      reference_id: "cap-1",
    });
    expect(await gateway.refundPayment(created.providerPaymentId, 12_200, "a chipped rim", "r-1")).toMatchObject({
      status: "paid",
      refundedHalalas: 12_200,
    });
    // The same refund again (a retry after a lost answer) returns nothing twice.
    await gateway.refundPayment(created.providerPaymentId, 12_200, "a chipped rim", "r-1");
    expect(fake.payments.get(created.providerPaymentId)!.refunds).toHaveLength(1);
    expect(await gateway.refundPayment(created.providerPaymentId, 30_000, "returned", "r-2")).toMatchObject({
      status: "refunded",
      refundedHalalas: 42_200,
    });
    // (The first request is the refused one.)
    expect(fake.requestsTo("POST", `/api/v2/payments/${created.providerPaymentId}/refunds`)[1]!.body).toMatchObject({
      amount: "122.00",
      reason: "a chipped rim",
      reference_id: "r-1",
    });
    const refundNotice = await gateway.verifyWebhook(receiver.received.at(-1)!);
    expect(refundNotice).toMatchObject({ type: "closed", afterPayment: true });
  });

  it("closes an authorised payment before the capture (cancelled), and refuses to close it twice", async () => {
    const created = await gateway.createPayment(tabbyRequest());
    await complete(created.providerPaymentId);
    await gateway.completePayment(await gateway.fetchPayment(created.providerPaymentId), totals);
    expect(
      await gateway.voidPayment(created.providerPaymentId, { amountHalalas: 42_200, idempotencyKey: "v-1" }),
    ).toMatchObject({ status: "cancelled", capturedHalalas: 0 });
    expect(
      await gateway
        .voidPayment(created.providerPaymentId, { amountHalalas: 42_200, idempotencyKey: "v-1" })
        .catch((e) => e),
    ).toBeInstanceOf(GatewayError);
  });

  it("rejected after the page, expired, and closed uncaptured by the expiry job", async () => {
    const rejected = await gateway.createPayment(tabbyRequest());
    await complete(rejected.providerPaymentId, "reject");
    expect(await gateway.fetchPayment(rejected.providerPaymentId)).toMatchObject({ status: "failed" });

    const expired = await gateway.createPayment(tabbyRequest());
    await complete(expired.providerPaymentId, "expire");
    expect(await gateway.fetchPayment(expired.providerPaymentId)).toMatchObject({ status: "expired" });

    const created = await gateway.createPayment(tabbyRequest());
    expect(await gateway.cancelPayment(created.providerPaymentId)).toMatchObject({ status: "requires_action" });
    expect(fake.requestsTo("POST", `/api/v2/payments/${created.providerPaymentId}/close`)).toHaveLength(0);
    await complete(created.providerPaymentId);
    expect(await gateway.cancelPayment(created.providerPaymentId)).toMatchObject({ status: "cancelled" });
    expect(fake.requestsTo("POST", `/api/v2/payments/${created.providerPaymentId}/close`)).toHaveLength(1);
  });

  it("refuses webhooks without the registered header value", async () => {
    const body = { id: "p-1", status: "authorized", captures: [], refunds: [] };
    expect(await gateway.verifyWebhook({ headers: {}, query: {}, body })).toBeNull();
    expect(
      await gateway.verifyWebhook({ headers: { "x-nawat-webhook": "tabby-shared-header-valuE" }, query: {}, body }),
    ).toBeNull();
    expect(
      await gateway.verifyWebhook({ headers: { "x-nawat-webhook": config.webhookHeaderValue }, query: {}, body }),
    ).toEqual({
      eventKey: "p-1:authorized:0:0",
      providerPaymentId: "p-1",
      type: "authorized",
    });
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

describe("Tabby: failures become GatewayErrors", () => {
  it("a wrong key, a bad merchant code, a 5xx, a timeout", async () => {
    const wrongKey = createTabbyGateway({ ...config, secretKey: "sk_test_other", apiUrl: fake.url });
    await expect(wrongKey.createPayment(tabbyRequest())).rejects.toMatchObject({ gateway: "tabby", status: 401 });
    const wrongMerchant = createTabbyGateway({ ...config, merchantCode: "someone", apiUrl: fake.url });
    await expect(wrongMerchant.createPayment(tabbyRequest())).rejects.toThrow(/HTTP 400: .*merchant_code/);
    fake.failNext({ status: 500, body: { status: "error", error: "internal" } });
    await expect(gateway.fetchPayment("p-1")).rejects.toMatchObject({ status: 500 });
    fake.failNext({ status: 200, body: {}, delayMs: 2_000 });
    await expect(gateway.fetchPayment("p-1")).rejects.toThrow(/no answer within 1000 ms/);
  });
});

describe("Tabby: finding the payment of an order whose answer was lost (issue 35)", () => {
  const orderOf = () => {
    const orderId = randomUUID();
    const reference = `NW-${orderId.slice(0, 8)}`;
    return {
      request: { ...tabbyRequest(), orderId, idempotencyKey: orderId, reference },
      lookup: { method: "tabby" as const, orderId, reference, idempotencyKey: orderId, createdAt: new Date() },
    };
  };

  it("an authorised payment is found in Tabby's list of payments, with our order id from meta", async () => {
    const { request, lookup } = orderOf();
    const created = await gateway.createPayment(request);
    expect(fake.requestsTo("POST", "/api/v2/checkout").at(-1)!.body).toMatchObject({
      payment: { meta: { order_id: lookup.orderId }, order: { reference_id: lookup.reference } },
    });
    await complete(created.providerPaymentId);
    await gateway.createPayment(orderOf().request).then((other) => complete(other.providerPaymentId));
    fake.requests.length = 0;
    expect(await gateway.findPayment(lookup)).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: "authorized",
      orderId: lookup.orderId,
      orderReference: lookup.reference,
    });
    const [listed] = fake.requests;
    expect(listed).toMatchObject({ method: "GET", path: "/api/v2/payments" });
    const dayBefore = new Date(lookup.createdAt.getTime() - 86_400_000).toISOString().slice(0, 10);
    expect(Object.fromEntries(listed!.query)).toEqual({ created_at__gte: dayBefore, limit: "20", offset: "0" });
  });

  it("a session still CREATED holds no money and is not listed: null, as for an order Tabby never saw", async () => {
    const { request, lookup } = orderOf();
    await gateway.createPayment(request);
    expect(await gateway.findPayment(lookup)).toBeNull();
    expect(await gateway.findPayment(orderOf().lookup)).toBeNull();
  });

  it("reads page after page (20 each) until the order's payment", async () => {
    const { request, lookup } = orderOf();
    const created = await gateway.createPayment(request);
    await complete(created.providerPaymentId);
    // 25 newer authorised payments push it to the second page.
    for (let index = 0; index < 25; index += 1) {
      const other = await gateway.createPayment(orderOf().request);
      await complete(other.providerPaymentId);
    }
    fake.requests.length = 0;
    expect((await gateway.findPayment(lookup))?.providerPaymentId).toBe(created.providerPaymentId);
    expect(fake.requests.map((r) => r.query.get("offset"))).toEqual(["0", "20"]);
  });
});

describe("Tabby misbehaving as the real one does (issue 35)", () => {
  const newOrder = () => {
    const orderId = randomUUID();
    const reference = `NW-${orderId.slice(0, 8)}`;
    return {
      request: { ...tabbyRequest(), orderId, idempotencyKey: orderId, reference },
      lookup: { method: "tabby" as const, orderId, reference, idempotencyKey: orderId, createdAt: new Date() },
    };
  };
  // Other tests' payments share this fake and its clock: each test reads its own payment's webhooks.
  const webhooksOf = (paymentId: string) =>
    receiver.received.filter((webhook) => (webhook.body as { id: string }).id === paymentId);

  async function authorised() {
    const { request, lookup } = newOrder();
    const created = await gateway.createPayment(request);
    await complete(created.providerPaymentId);
    return { paymentId: created.providerPaymentId, lookup };
  }

  it("a session opened, its answer lost: outcome unknown; nothing to find (no buyer has its page), and it expires unpaid", async () => {
    const { request, lookup } = newOrder();
    fake.dropAnswers({ method: "POST", path: "/api/v2/checkout", how: "reset" });
    const lost = await gateway.createPayment(request).catch((e: unknown) => e);
    expect(lost).toMatchObject({ name: "GatewayError", outcomeUnknown: true });
    const [session] = [...fake.payments.values()].filter((payment) => payment.order.reference_id === lookup.reference);
    expect(session).toMatchObject({ status: "CREATED" });
    expect(await gateway.findPayment(lookup)).toBeNull();
    await fake.advanceClock(30 * 60_000);
    expect(await gateway.fetchPayment(session!.id)).toMatchObject({ status: "expired" });
  });

  it("a capture carried out, its answer lost: outcome unknown, the capture is there, and the retry with its reference_id takes nothing twice", async () => {
    const { paymentId } = await authorised();
    fake.dropAnswers({ method: "POST", path: `/api/v2/payments/${paymentId}/captures`, how: "reset" });
    const lost = await gateway
      .capturePayment(paymentId, { ...totals, idempotencyKey: "cap-lost-1" })
      .catch((e: unknown) => e);
    expect(lost).toMatchObject({ name: "GatewayError", outcomeUnknown: true });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
    expect(await gateway.capturePayment(paymentId, { ...totals, idempotencyKey: "cap-lost-1" })).toMatchObject({
      status: "paid",
      capturedHalalas: 42_200,
    });
    expect(fake.payments.get(paymentId)!.captures).toHaveLength(1);
  });

  it("a refund carried out, its answer a 500 or cut off: outcome unknown, the refund is there, a retry refunds nothing twice", async () => {
    const { paymentId } = await authorised();
    await gateway.capturePayment(paymentId, { ...totals, idempotencyKey: "cap-2" });
    fake.dropAnswers({ method: "POST", path: `/api/v2/payments/${paymentId}/refunds`, how: "error", status: 500 });
    const lost = await gateway.refundPayment(paymentId, 10_000, "a scratch", "ref-lost-1").catch((e: unknown) => e);
    expect(lost).toMatchObject({ name: "GatewayError", status: 500, outcomeUnknown: true });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ refundedHalalas: 10_000 });
    fake.dropAnswers({ method: "POST", path: `/api/v2/payments/${paymentId}/refunds`, how: "cut" });
    const cut = await gateway.refundPayment(paymentId, 10_000, "a scratch", "ref-lost-1").catch((e: unknown) => e);
    expect(cut).toMatchObject({ name: "GatewayError", outcomeUnknown: true });
    expect(await gateway.refundPayment(paymentId, 10_000, "a scratch", "ref-lost-1")).toMatchObject({
      refundedHalalas: 10_000,
    });
    expect(fake.payments.get(paymentId)!.refunds).toHaveLength(1);
  });

  it("a session lasts 20 minutes on the test clock (expires_at), and a payment still CREATED turns EXPIRED 10 minutes later, with a webhook", async () => {
    const created = await gateway.createPayment(newOrder().request);
    const payment = fake.payments.get(created.providerPaymentId)!;
    expect(Date.parse(payment.expires_at) - Date.parse(payment.created_at)).toBe(20 * 60_000);
    await fake.advanceClock(20 * 60_000);
    const late = await fetch(`${fake.url}/__test/payments/${created.providerPaymentId}/complete`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ outcome: "authorize" }),
    });
    expect(late.status).toBe(409);
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "requires_action" });
    await fake.advanceClock(10 * 60_000);
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "expired" });
    const [expired] = webhooksOf(created.providerPaymentId);
    expect(await gateway.verifyWebhook(expired!)).toEqual({
      eventKey: `${created.providerPaymentId}:expired:0:0`,
      providerPaymentId: created.providerPaymentId,
      type: "expired",
    });
  });

  it("the buyer's cancel on Tabby's page leaves the payment EXPIRED, as Tabby's cancel URL reports it", async () => {
    const created = await gateway.createPayment(newOrder().request);
    const page = await complete(created.providerPaymentId, "cancel");
    expect(page.redirect).toContain(paymentRequest().returnUrls.cancel);
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "expired" });
  });

  it("webhooks late on the test clock, twice and shuffled: each carries the registered header, each notice named once", async () => {
    fake.webhookMode = { duplicate: true, hold: false, delayMs: 5 * 60_000, order: "shuffle" };
    fake.seedRandom(11);
    const { paymentId } = await authorised();
    await gateway.capturePayment(paymentId, { ...totals, idempotencyKey: "cap-shuffle" });
    await gateway.refundPayment(paymentId, 2_200, "a scratch", "ref-shuffle");
    expect(webhooksOf(paymentId)).toHaveLength(0);
    await fake.advanceClock(5 * 60_000);
    const webhooks = webhooksOf(paymentId);
    // authorized, authorized with the capture, closed, closed with the refund: each twice.
    expect(webhooks).toHaveLength(8);
    expect(webhooks.every((webhook) => webhook.headers["x-nawat-webhook"] === config.webhookHeaderValue)).toBe(true);
    const notices = await Promise.all(webhooks.map((webhook) => gateway.verifyWebhook(webhook)));
    expect(new Set(notices.map((notice) => notice!.eventKey))).toEqual(
      new Set([
        `${paymentId}:authorized:0:0`,
        `${paymentId}:authorized:1:0`,
        `${paymentId}:closed:1:0`,
        `${paymentId}:closed:1:1`,
      ]),
    );
  });
});
