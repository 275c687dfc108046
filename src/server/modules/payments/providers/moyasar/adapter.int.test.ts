import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentRequest, startWebhookReceiver } from "#tests/fakes/webhook-receiver.ts";
import { GatewayError, type PaymentGateway, type PaymentLookup, type PaymentRequest } from "../../gateway.ts";
import { createMoyasarGateway, givenId } from "./adapter.ts";
import { startMoyasarFake, type MoyasarFake } from "./fake-server.ts";

const keys = {
  secretKey: "sk_test_moyasar_secret",
  publishableKey: "pk_test_moyasar_pub",
  webhookSecret: "whsec-moyasar-1",
};
let fake: MoyasarFake;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let gateway: PaymentGateway;
const totals = { reference: "NW-240611-0042", amountHalalas: 42_200, vatHalalas: 5_504 };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  fake = await startMoyasarFake({ ...keys, webhookUrl: receiver.url });
  gateway = createMoyasarGateway({ ...keys, apiUrl: fake.url }, { timeoutMs: 1_000 });
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

async function payInvoice(id: string, number: string) {
  const response = await fetch(`${fake.url}/__test/invoices/${id}/pay`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ number }),
  });
  expect(response.status).toBe(200);
}

describe("Moyasar: card and mada through the hosted invoice page", () => {
  it("opens an invoice in integer halalas with Basic auth and sends the buyer to its page", async () => {
    const payment = await gateway.createPayment(paymentRequest());
    expect(payment).toMatchObject({
      status: "requires_action",
      amountHalalas: 42_200,
      currency: "SAR",
      orderReference: "NW-240611-0042",
      redirectUrl: `${fake.url}/invoices/${payment.providerPaymentId}`,
    });
    const [sent] = fake.requestsTo("POST", "/v1/invoices");
    expect(sent!.headers.authorization).toBe(`Basic ${Buffer.from("sk_test_moyasar_secret:").toString("base64")}`);
    expect(sent!.body).toMatchObject({
      amount: 42200,
      currency: "SAR",
      success_url: paymentRequest().returnUrls.success,
      back_url: paymentRequest().returnUrls.cancel,
      metadata: { order_reference: "NW-240611-0042", order_id: paymentRequest().orderId },
    });
    expect((sent!.body as { description: string }).description).toContain("NW-240611-0042");
    expect(Date.parse((sent!.body as { expired_at: string }).expired_at)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    // The hosted page is the provider's; nothing of the card passes through the shop.
    expect(JSON.stringify(sent!.body)).not.toMatch(/number|cvc/);
  });

  it("keeps a declined invoice payable with the decline's words, then reads it paid, from webhooks proved by the secret token", async () => {
    const created = await gateway.createPayment(paymentRequest());
    await payInvoice(created.providerPaymentId, "4201320000311101");
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({
      status: "requires_action",
      failureReason: "INSUFFICIENT_FUNDS",
    });
    await payInvoice(created.providerPaymentId, "4201320111111010");
    const paid = await gateway.fetchPayment(created.providerPaymentId);
    expect(paid).toMatchObject({ status: "paid", amountHalalas: 42_200, orderReference: "NW-240611-0042" });
    expect(paid.redirectUrl).toBeUndefined();

    const notices = await Promise.all(receiver.received.map((webhook) => gateway.verifyWebhook(webhook)));
    expect(notices.map((notice) => notice?.type)).toEqual(["payment_failed", "payment_paid"]);
    // Both belong to the invoice the order holds, and each event is named once.
    expect(notices.every((notice) => notice?.providerPaymentId === created.providerPaymentId)).toBe(true);
    expect(new Set(notices.map((notice) => notice?.eventKey)).size).toBe(2);
  });

  it("refuses webhooks without the right secret token", async () => {
    const body = { id: "evt_1", type: "payment_paid", secret_token: "whsec-moyasar-2", data: { id: "p1" } };
    expect(await gateway.verifyWebhook({ headers: {}, query: {}, body })).toBeNull();
    expect(
      await gateway.verifyWebhook({ headers: {}, query: {}, body: { ...body, secret_token: undefined } }),
    ).toBeNull();
    expect(await gateway.verifyWebhook({ headers: {}, query: {}, body: "payment_paid" })).toBeNull();
    expect(
      await gateway.verifyWebhook({ headers: {}, query: {}, body: { ...body, secret_token: keys.webhookSecret } }),
    ).toEqual({
      eventKey: "evt_1",
      providerPaymentId: "p1",
      type: "payment_paid",
    });
  });

  it("a paid invoice is captured already: a shipment captures nothing; its payment is refunded in part, then in full", async () => {
    const created = await gateway.createPayment(paymentRequest());
    await payInvoice(created.providerPaymentId, "4111111111111111");
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({
      status: "paid",
      capturedHalalas: 42_200,
    });
    fake.requests.length = 0;
    const shipped = await gateway.capturePayment(created.providerPaymentId, { ...totals, idempotencyKey: "c-1" });
    expect(shipped).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
    expect(fake.requestsTo("POST", "/v1/payments/")).toHaveLength(0);

    const part = await gateway.refundPayment(created.providerPaymentId, 12_200, "a chipped rim", "r-1");
    expect(part).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: "paid",
      refundedHalalas: 12_200,
    });
    const refunded = await gateway.refundPayment(created.providerPaymentId, 30_000, "buyer changed their mind", "r-2");
    expect(refunded).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: "refunded",
      refundedHalalas: 42_200,
    });
    const refunds = fake.requestsTo("POST", "/v1/payments/");
    expect(refunds[0]!.path).toMatch(/^\/v1\/payments\/[0-9a-f-]+\/refund$/);
    expect(refunds.map((refund) => refund.body)).toEqual([{ amount: 12200 }, { amount: 30000 }]);
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "refunded" });
    // Nothing is left to refund, and a captured payment cannot be voided.
    expect(await gateway.refundPayment(created.providerPaymentId, 100, "more", "r-3").catch((e) => e)).toBeInstanceOf(
      GatewayError,
    );
  });

  it("an authorisation (manual) is captured in part (the rest released) or voided; it is never refunded before capture", async () => {
    const authorise = async () => {
      const response = await fetch(`${fake.url}/v1/payments`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${keys.secretKey}:`).toString("base64")}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({
          amount: 42_200,
          description: "manual",
          source: { type: "creditcard", number: "4201320111111010", "3ds": false, manual: true },
        }),
      });
      return ((await response.json()) as { id: string }).id;
    };
    const held = await authorise();
    expect(await gateway.fetchPayment(held)).toMatchObject({ status: "authorized", capturedHalalas: 0 });
    expect(await gateway.refundPayment(held, 42_200, "no", "r-9").catch((e) => e)).toBeInstanceOf(GatewayError);
    const captured = await gateway.capturePayment(held, { ...totals, amountHalalas: 30_000, idempotencyKey: "c-9" });
    expect(captured).toMatchObject({ status: "paid", capturedHalalas: 30_000 });
    expect(fake.requestsTo("POST", `/v1/payments/${held}/capture`)[0]!.body).toEqual({ amount: 30_000 });
    expect(await gateway.refundPayment(held, 30_001, "too much", "r-10").catch((e) => e)).toBeInstanceOf(GatewayError);
    expect(await gateway.refundPayment(held, 30_000, "returned", "r-11")).toMatchObject({ status: "refunded" });

    const released = await authorise();
    expect(await gateway.voidPayment(released, { amountHalalas: 42_200, idempotencyKey: "v-1" })).toMatchObject({
      status: "cancelled",
      capturedHalalas: 0,
    });
    const voidNotice = await gateway.verifyWebhook(receiver.received.at(-1)!);
    expect(voidNotice).toMatchObject({ type: "payment_voided", afterPayment: true });
    expect(
      await gateway.voidPayment(released, { amountHalalas: 42_200, idempotencyKey: "v-1" }).catch((e) => e),
    ).toBeInstanceOf(GatewayError);
  });

  it("cancels an unpaid invoice (the expiry job) and leaves a paid one alone", async () => {
    const open = await gateway.createPayment(paymentRequest());
    expect(await gateway.cancelPayment(open.providerPaymentId)).toMatchObject({ status: "cancelled" });
    expect(fake.requestsTo("PUT", `/v1/invoices/${open.providerPaymentId}/cancel`)).toHaveLength(1);

    const paid = await gateway.createPayment(paymentRequest());
    await payInvoice(paid.providerPaymentId, "5421080101000000");
    expect(await gateway.cancelPayment(paid.providerPaymentId)).toMatchObject({ status: "paid" });
    expect(fake.requestsTo("PUT", `/v1/invoices/${paid.providerPaymentId}/cancel`)).toHaveLength(0);
  });

  it("reads an expired invoice as expired", async () => {
    const created = await gateway.createPayment(paymentRequest());
    await fetch(`${fake.url}/__test/invoices/${created.providerPaymentId}/expire`, { method: "POST" });
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "expired" });
  });
});

describe("Moyasar: Apple Pay", () => {
  const token = { paymentData: { data: "opaque", version: "EC_v1" }, paymentMethod: { network: "Visa" } };

  it("pays with the sheet's token at once, and a retry with the same idempotency key creates nothing twice", async () => {
    const request = paymentRequest({ method: "apple-pay", applePayToken: token, idempotencyKey: "order-77-attempt-1" });
    const paid = await gateway.createPayment(request);
    expect(paid).toMatchObject({ status: "paid", amountHalalas: 42_200, orderReference: "NW-240611-0042" });
    const again = await gateway.createPayment(request);
    expect(again.providerPaymentId).toBe(paid.providerPaymentId);
    const sent = fake.requestsTo("POST", "/v1/payments");
    expect(sent[0]!.body).toMatchObject({ amount: 42200, source: { type: "applepay", token } });
    const givenId = (sent[0]!.body as { given_id: string }).given_id;
    expect(givenId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((sent[1]!.body as { given_id: string }).given_id).toBe(givenId);
    // A payment that is no invoice is read from /v1/payments.
    expect(await gateway.fetchPayment(paid.providerPaymentId)).toMatchObject({ status: "paid" });
  });

  it("answers a declined token (HTTP 201, status failed) as failed with Moyasar's message", async () => {
    const declined = await gateway.createPayment(
      paymentRequest({ method: "apple-pay", applePayToken: { paymentData: "DECLINE" }, idempotencyKey: "k-declined" }),
    );
    expect(declined).toMatchObject({ status: "failed", failureReason: "INSUFFICIENT_FUNDS" });
    const [webhook] = receiver.received;
    expect(await gateway.verifyWebhook(webhook!)).toMatchObject({
      providerPaymentId: declined.providerPaymentId,
      type: "payment_failed",
    });
  });

  it("asks Moyasar for the merchant session with the publishable key", async () => {
    const session = (await gateway.createApplePaySession({
      validationUrl: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
      domainName: "nawat.studio",
      displayName: "Nawat Studio",
    })) as Record<string, unknown>;
    expect(session).toMatchObject({ domainName: "nawat.studio", displayName: "Nawat Studio" });
    expect(session.merchantSessionIdentifier).toEqual(expect.any(String));
    expect(fake.requestsTo("POST", "/v1/applepay/initiate")[0]!.body).toEqual({
      validation_url: "https://apple-pay-gateway.apple.com/paymentservices/startSession",
      display_name: "Nawat Studio",
      domain_name: "nawat.studio",
      publishable_api_key: "pk_test_moyasar_pub",
    });
    await expect(
      gateway.createApplePaySession({
        validationUrl: "https://evil.example/x",
        domainName: "nawat.studio",
        displayName: "N",
      }),
    ).rejects.toMatchObject({ name: "GatewayError", status: 400 });
  });

  it("completes only an authorised payment (capture) and leaves others untouched", async () => {
    const paid = await gateway.createPayment(
      paymentRequest({ method: "apple-pay", applePayToken: token, idempotencyKey: "k-complete" }),
    );
    fake.requests.length = 0;
    expect(
      await gateway.completePayment(paid, { reference: "NW-240611-0042", amountHalalas: 42_200, vatHalalas: 5_504 }),
    ).toBe(paid);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("Moyasar: failures become GatewayErrors", () => {
  it("a wrong key: 401 with Moyasar's own words", async () => {
    const wrong = createMoyasarGateway({ ...keys, secretKey: "sk_test_wrong", apiUrl: fake.url });
    const error = await wrong.createPayment(paymentRequest()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ gateway: "moyasar", status: 401 });
    expect((error as Error).message).toContain("authentication_error Invalid authorization credentials");
    expect((error as Error).message).not.toContain("sk_test_wrong");
  });

  it("a validation error, a 5xx, a body that is not JSON", async () => {
    fake.failNext({
      status: 400,
      body: { type: "invalid_request_error", message: "Validation Failed", errors: { amount: ["must be an integer"] } },
    });
    await expect(gateway.createPayment(paymentRequest())).rejects.toThrow(
      /HTTP 400: invalid_request_error Validation Failed \{"amount":\["must be an integer"\]\}/,
    );
    fake.failNext({ status: 503, body: { type: "api_connection_error", message: "Service unavailable" } });
    await expect(gateway.fetchPayment("x")).rejects.toMatchObject({ status: 503 });
    fake.failNext({ status: 200, body: undefined });
    await expect(gateway.fetchPayment("x")).rejects.toMatchObject({ name: "GatewayError" });
  });

  it("an amount Moyasar would refuse never leaves the adapter", async () => {
    await expect(gateway.createPayment(paymentRequest({ amountHalalas: 99 }))).rejects.toBeInstanceOf(GatewayError);
    expect(fake.requests).toHaveLength(0);
  });

  it("no answer within the timeout, and no server at all", async () => {
    fake.failNext({ status: 200, body: {}, delayMs: 2_000 });
    const started = Date.now();
    await expect(gateway.fetchPayment("slow")).rejects.toThrow(/no answer within 1000 ms/);
    expect(Date.now() - started).toBeLessThan(1_900);
    const nowhere = createMoyasarGateway({ ...keys, apiUrl: "http://127.0.0.1:9" }, { timeoutMs: 1_000 });
    await expect(nowhere.fetchPayment("x")).rejects.toMatchObject({ name: "GatewayError", status: undefined });
  });
});

/** An order of its own (a fresh id, which is also its idempotency key, as create-intent sends it). */
function freshOrder(overrides: Partial<PaymentRequest> = {}): { request: PaymentRequest; lookup: PaymentLookup } {
  const orderId = randomUUID();
  const request = paymentRequest({ orderId, idempotencyKey: orderId, ...overrides });
  return {
    request,
    lookup: {
      method: request.method,
      orderId,
      reference: request.reference,
      idempotencyKey: orderId,
      createdAt: new Date(),
    },
  };
}

describe("Moyasar: finding the payment of an order whose answer was lost (issue 35)", () => {
  const token = { paymentData: { data: "opaque", version: "EC_v1" } };

  it("Apple Pay: the payment's id is the given_id, so it is read there, with our order id echoed", async () => {
    const { request, lookup } = freshOrder({ method: "apple-pay", applePayToken: token });
    const created = await gateway.createPayment(request);
    expect(created.providerPaymentId).toBe(givenId(request.idempotencyKey));
    fake.requests.length = 0;
    const found = await gateway.findPayment(lookup);
    expect(found).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: "paid",
      amountHalalas: 42_200,
      orderId: lookup.orderId,
      orderReference: "NW-240611-0042",
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/payments/${created.providerPaymentId}`,
    ]);
  });

  it("Apple Pay: an order that created nothing finds null, after the given_id and the list by metadata", async () => {
    const { lookup } = freshOrder({ method: "apple-pay" });
    expect(await gateway.findPayment(lookup)).toBeNull();
    const [byId, listed] = fake.requests;
    expect(byId).toMatchObject({ method: "GET", path: `/v1/payments/${givenId(lookup.idempotencyKey)}` });
    expect(listed).toMatchObject({ method: "GET", path: "/v1/payments" });
    expect(listed!.query.get("metadata[order_id]")).toBe(lookup.orderId);
  });

  it("Apple Pay: a retried create is refused by Moyasar (used_given_id) and answered with the payment the first one made", async () => {
    const { request } = freshOrder({ method: "apple-pay", applePayToken: token });
    const first = await gateway.createPayment(request);
    const again = await gateway.createPayment(request);
    expect(again).toMatchObject({ providerPaymentId: first.providerPaymentId, status: "paid" });
    const ofOrder = [...fake.payments.values()].filter(
      (payment) => (payment.metadata as Record<string, string> | null)?.order_id === request.orderId,
    );
    expect(ofOrder).toHaveLength(1);
    const refused = await fetch(`${fake.url}/v1/payments`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${keys.secretKey}:`).toString("base64")}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(fake.requestsTo("POST", "/v1/payments").at(-1)!.body),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ type: "used_given_id" });
  });

  it("card: the invoice is found by metadata[order_id], open, then paid; another order's is never taken", async () => {
    const { request, lookup } = freshOrder();
    const created = await gateway.createPayment(request);
    await gateway.createPayment(freshOrder().request);
    expect(await gateway.findPayment(lookup)).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: "requires_action",
      redirectUrl: `${fake.url}/invoices/${created.providerPaymentId}`,
      orderId: lookup.orderId,
    });
    const listed = fake.requestsTo("GET", "/v1/invoices").find((r) => r.path === "/v1/invoices")!;
    expect(listed.query.get("metadata[order_id]")).toBe(lookup.orderId);
    await payInvoice(created.providerPaymentId, "4201320111111010");
    expect(await gateway.findPayment(lookup)).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: "paid",
      capturedHalalas: 42_200,
    });
    expect(await gateway.findPayment(freshOrder().lookup)).toBeNull();
  });

  it("card: of two invoices for one order (a retry after a lost answer), the one that was paid tells the story", async () => {
    const { request, lookup } = freshOrder();
    const first = await gateway.createPayment(request);
    const second = await gateway.createPayment(request);
    await payInvoice(first.providerPaymentId, "4111111111111111");
    expect((await gateway.findPayment(lookup))?.providerPaymentId).toBe(first.providerPaymentId);
    expect(second.providerPaymentId).not.toBe(first.providerPaymentId);
  });

  it("a method Moyasar does not serve has nothing to find", async () => {
    expect(await gateway.findPayment({ ...freshOrder().lookup, method: "tamara" })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it("the hosted invoice lives as long as the order (invoiceLifetimeMs from CHECKOUT_EXPIRY_HOURS)", async () => {
    const sixHours = createMoyasarGateway({ ...keys, apiUrl: fake.url }, { invoiceLifetimeMs: 6 * 3600_000 });
    const before = Date.now();
    const created = await sixHours.createPayment(freshOrder().request);
    const expiresAt = Date.parse(String(fake.invoices.get(created.providerPaymentId)!.expired_at));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 6 * 3600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 6 * 3600_000);
  });
});

describe("Moyasar misbehaving as a real provider does (issue 35)", () => {
  const token = { paymentData: { data: "opaque", version: "EC_v1" } };

  it("the Apple Pay charge is made, then its answer lost: outcome unknown, the payment exists, a retry charges nothing twice", async () => {
    const { request, lookup } = freshOrder({ method: "apple-pay", applePayToken: token });
    fake.dropAnswers({ method: "POST", path: "/v1/payments", how: "reset" });
    const lost = await gateway.createPayment(request).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(GatewayError);
    expect((lost as GatewayError).outcomeUnknown).toBe(true);
    expect(fake.dropped).toContainEqual(expect.objectContaining({ method: "POST", path: "/v1/payments" }));
    // The charge exists at Moyasar, under the given_id, and the order finds it.
    const paymentId = givenId(request.idempotencyKey);
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
    expect(await gateway.findPayment(lookup)).toMatchObject({ providerPaymentId: paymentId, status: "paid" });
    // Its webhook went out before the answer was lost.
    expect((receiver.received.at(-1)!.body as { data: { id: string } }).data.id).toBe(paymentId);
    expect(await gateway.createPayment(request)).toMatchObject({ providerPaymentId: paymentId, status: "paid" });
    expect([...fake.payments.keys()].filter((id) => id === paymentId)).toHaveLength(1);
  });

  it("a refund applied, its answer cut off mid-body: outcome unknown, and Moyasar's payment shows the refund", async () => {
    const created = await gateway.createPayment(freshOrder().request);
    await payInvoice(created.providerPaymentId, "4111111111111111");
    fake.dropAnswers({ method: "POST", path: /^\/v1\/payments\/[^/]+\/refund$/, how: "cut" });
    const lost = await gateway
      .refundPayment(created.providerPaymentId, 12_200, "a chipped rim", "r-lost")
      .catch((e: unknown) => e);
    expect(lost).toMatchObject({ name: "GatewayError", outcomeUnknown: true });
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({
      status: "paid",
      refundedHalalas: 12_200,
    });
  });

  it("a capture applied, answered by a 502 from the edge: outcome unknown, the capture is there", async () => {
    const response = await fetch(`${fake.url}/v1/payments`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${keys.secretKey}:`).toString("base64")}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        amount: 42_200,
        description: "manual",
        source: { type: "creditcard", number: "4201320111111010", "3ds": false, manual: true },
      }),
    });
    const held = ((await response.json()) as { id: string }).id;
    fake.dropAnswers({ method: "POST", path: `/v1/payments/${held}/capture`, how: "error", status: 502 });
    const lost = await gateway.capturePayment(held, { ...totals, idempotencyKey: "c-lost" }).catch((e: unknown) => e);
    expect(lost).toMatchObject({ name: "GatewayError", status: 502, outcomeUnknown: true });
    expect(await gateway.fetchPayment(held)).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
  });

  it("a provider that never answers after acting: the deadline gives outcome unknown", async () => {
    const created = await gateway.createPayment(freshOrder().request);
    fake.dropAnswers({ method: "PUT", path: `/v1/invoices/${created.providerPaymentId}/cancel`, how: "hang" });
    const started = Date.now();
    const lost = await gateway.cancelPayment(created.providerPaymentId).catch((e: unknown) => e);
    expect(lost).toMatchObject({ name: "GatewayError", outcomeUnknown: true });
    expect(Date.now() - started).toBeLessThan(1_900);
    expect(await gateway.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "cancelled" });
  });

  it("a share of answers lost, drawn from a seeded random: each lost one was carried out all the same", async () => {
    fake.seedRandom(7);
    fake.dropAnswers({ method: "POST", path: "/v1/invoices", fraction: 0.5 });
    const outcomes: ("answered" | "lost")[] = [];
    const orderIds = new Set<string>();
    for (let index = 0; index < 10; index += 1) {
      const { request } = freshOrder();
      orderIds.add(request.orderId);
      const result = await gateway.createPayment(request).catch((e: unknown) => e);
      outcomes.push(result instanceof GatewayError && result.outcomeUnknown ? "lost" : "answered");
    }
    const lost = outcomes.filter((outcome) => outcome === "lost").length;
    expect(lost).toBeGreaterThan(0);
    expect(lost).toBeLessThan(10);
    // Every request made an invoice, answered or not.
    const made = [...fake.invoices.values()].filter((invoice) =>
      orderIds.has((invoice.metadata as Record<string, string> | null)?.order_id ?? ""),
    );
    expect(made).toHaveLength(10);
  });

  it("an invoice expires at its expired_at on the test clock, and its page then takes no payment", async () => {
    const hourly = createMoyasarGateway(
      { ...keys, apiUrl: fake.url },
      { invoiceLifetimeMs: 3600_000, now: () => fake.clock.now() },
    );
    const created = await hourly.createPayment(freshOrder().request);
    await fake.advanceClock(59 * 60_000);
    expect(await hourly.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "requires_action" });
    const response = await fetch(`${fake.url}/__test/clock`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ advanceMs: 2 * 60_000 }),
    });
    expect(Date.parse(((await response.json()) as { now: string }).now)).toBeGreaterThan(
      Date.parse(String(fake.invoices.get(created.providerPaymentId)!.expired_at)),
    );
    expect(await hourly.fetchPayment(created.providerPaymentId)).toMatchObject({ status: "expired" });
    const late = await fetch(`${fake.url}/__test/invoices/${created.providerPaymentId}/pay`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ number: "4111111111111111" }),
    });
    expect(late.status).toBe(400);
  });

  it("webhooks held, then delivered twice and shuffled: each authentic, each event named once however often it comes", async () => {
    fake.webhookMode = { duplicate: true, hold: true };
    const created = await gateway.createPayment(freshOrder().request);
    await payInvoice(created.providerPaymentId, "4201320000311101");
    await payInvoice(created.providerPaymentId, "4201320111111010");
    await gateway.refundPayment(created.providerPaymentId, 2_200, "a scratch", "r-shuffle");
    expect(receiver.received).toHaveLength(0);
    expect(fake.pendingWebhooks).toBe(3);
    fake.seedRandom(3);
    await fake.flushWebhooks({ shuffle: true });
    expect(receiver.received).toHaveLength(6);
    const notices = await Promise.all(receiver.received.map((webhook) => gateway.verifyWebhook(webhook)));
    expect(notices.every((notice) => notice?.providerPaymentId === created.providerPaymentId)).toBe(true);
    expect(new Set(notices.map((notice) => notice?.eventKey)).size).toBe(3);
    expect(new Set(notices.map((notice) => notice?.type))).toEqual(
      new Set(["payment_failed", "payment_paid", "payment_refunded"]),
    );
  });

  it("webhooks late on the test clock: nothing until the delay has passed, then all of them", async () => {
    fake.webhookMode = { duplicate: false, hold: false, delayMs: 10 * 60_000, order: "reverse" };
    const created = await gateway.createPayment(freshOrder().request);
    await payInvoice(created.providerPaymentId, "4201321234411220");
    await payInvoice(created.providerPaymentId, "5421080101000000");
    await fake.advanceClock(9 * 60_000);
    expect(receiver.received).toHaveLength(0);
    await fake.advanceClock(60_000);
    const types = receiver.received.map((webhook) => (webhook.body as { type: string }).type);
    expect(types).toEqual(["payment_paid", "payment_failed"]);
    expect(
      receiver.received.every(
        (webhook) => (webhook.body as { secret_token: string }).secret_token === keys.webhookSecret,
      ),
    ).toBe(true);
  });
});
