import { randomUUID } from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices, orderEvents, orders, outbox, paymentAlerts, paymentWebhookEvents } from "#server/db/schema.ts";
import { expireOrders } from "#server/modules/orders/expire-orders.ts";
import { reconcilePayments } from "#server/modules/orders/reconcile-payments.ts";
import type { PaymentRequest } from "#server/modules/payments/gateway.ts";
import { startMoyasarFake, type MoyasarFake } from "#server/modules/payments/providers/moyasar/fake-server.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { createIntent } from "#tests/helpers/checkout.ts";
import { insertOrder } from "#tests/helpers/orders.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";

/**
 * No money without an order, no order without money (issue 35, decision 0044), against the local
 * Moyasar: a charge whose answer is lost (the fake carries it out, then drops the answer), a crash
 * between the provider's answer and our write, webhooks for payments no order holds, late,
 * duplicate and mismatched payments given back and alerted, and the expiry that keeps an order
 * whose cancel failed. The reconciliation job is run by hand, as if its minute had come.
 */
const SITE = "https://nawat.test";
const keys = {
  secretKey: "sk_test_reconcile",
  publishableKey: "pk_test_reconcile",
  webhookSecret: "moyasar-reconcile",
};
const token = { paymentData: { data: "opaque", version: "EC_v1" } };
let app: FastifyInstance;
let moyasar: MoyasarFake;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  moyasar = await startMoyasarFake({ ...keys, webhookUrl: `${SITE}/api/payment/webhooks/moyasar` });
  app = await createTestApp({
    SITE_URL: SITE,
    PAYMENT_GATEWAY: "providers",
    PAYMENT_PROVIDER_TIMEOUT_MS: "1000",
    CHECKOUTS_PER_MINUTE: "1000",
    SMTP_URL: smtp.url,
    STUDIO_EMAIL: "studio@nawat.test",
    MOYASAR_SECRET_KEY: keys.secretKey,
    MOYASAR_PUBLISHABLE_KEY: keys.publishableKey,
    MOYASAR_WEBHOOK_SECRET: keys.webhookSecret,
    MOYASAR_API_URL: moyasar.url,
  });
  moyasar.deliverVia = async (url, payload, headers) => {
    const target = new URL(url);
    return (await app.inject({ method: "POST", url: `${target.pathname}${target.search}`, payload, headers }))
      .statusCode;
  };
});

afterAll(async () => {
  await app.close();
  await moyasar.close();
  await smtp.close();
});

beforeEach(() => {
  moyasar.webhookMode.duplicate = false;
  moyasar.webhookMode.hold = false;
  moyasar.clearDrops();
});

/** The job's run, as if its minute had come well after every call's deadline. */
const reconcile = () =>
  reconcilePayments(app.payments, {
    olderThanMs: 61_000,
    expiryHours: 24,
    now: new Date(Date.now() + 5 * 60_000),
  });

const orderOf = async (reference: string) =>
  (await app.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;
const historyOf = async (orderId: string) =>
  app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
const invoicesOf = async (orderId: string) => app.db.select().from(invoices).where(eq(invoices.orderId, orderId));
const alertFor = async (providerPaymentId: string) =>
  (await app.db.select().from(paymentAlerts).where(eq(paymentAlerts.providerPaymentId, providerPaymentId)))[0];
const buyerView = (reference: string, accessToken: string) =>
  app.inject({ url: `/api/orders/${reference}`, headers: { "x-order-access": accessToken } });
const mailsAbout = (address: string, reference: string) =>
  smtp.messages.filter((mail) => JSON.stringify(mail.to ?? "").includes(address) && mail.subject?.includes(reference));
const chargesFor = (orderId: string) =>
  [...moyasar.payments.values()].filter(
    (payment) => (payment.metadata as Record<string, string> | null)?.order_id === orderId,
  );

/** What create-intent sends Moyasar for an Apple Pay order (the crash tests make the call themselves). */
type RequestedOrder = Pick<
  typeof orders.$inferSelect,
  | "id"
  | "reference"
  | "totalAmountHalalas"
  | "vatHalalas"
  | "productId"
  | "unitAmountHalalas"
  | "customerName"
  | "customerEmail"
  | "customerPhone"
  | "deliveryAddress"
>;

function applePayRequest(order: RequestedOrder, idempotencyKey = order.id): PaymentRequest {
  return {
    method: "apple-pay",
    orderId: order.id,
    reference: order.reference,
    amountHalalas: order.totalAmountHalalas,
    vatHalalas: order.vatHalalas,
    currency: "SAR",
    item: {
      productId: order.productId,
      name: "Nawat",
      quantity: 1,
      unitAmountHalalas: order.unitAmountHalalas,
      imageUrl: `${SITE}/api/image/nawat`,
      productUrl: `${SITE}/products`,
    },
    buyer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone ?? "" },
    address: order.deliveryAddress!,
    lang: "en",
    returnUrls: { success: `${SITE}/checkout`, failure: `${SITE}/checkout`, cancel: `${SITE}/checkout` },
    notificationUrl: `${SITE}/api/payment/webhooks/moyasar`,
    idempotencyKey,
    applePayToken: token,
  };
}

const moyasarGateway = () => app.payments.gateways.byId("moyasar")!;

/** An Apple Pay order as create-intent stores it before it calls the provider. */
const pendingApplePayOrder = () =>
  insertOrder(app.db, { status: "pending", paidAt: null, gateway: null, paymentMethod: "apple-pay" });

async function payInvoice(invoiceId: string) {
  const response = await fetch(`${moyasar.url}/__test/invoices/${invoiceId}/pay`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ number: "4201320111111010" }),
  });
  expect(response.status).toBe(200);
}

describe("the expiry keeps an order whose cancel at the provider failed", () => {
  it("leaves it open with one note in its history, and the reconciliation expires it once the cancel succeeds", async () => {
    const created = (await createIntent(app, { paymentMethod: "credit-card" })).json();
    const order = await orderOf(created.orderReference);
    expect(order.status).toBe("awaiting_payment");
    const later = { hours: 24, now: new Date(Date.now() + 25 * 3600_000) };
    // Moyasar does not answer: neither the re-read nor the cancel gets through.
    for (let run = 0; run < 2; run++) {
      moyasar.failNext({ status: 503, body: { type: "api_connection_error", message: "Service unavailable" } });
      moyasar.failNext({ status: 503, body: { type: "api_connection_error", message: "Service unavailable" } });
      expect(await expireOrders(app.payments, later)).toMatchObject({ expired: 0, kept: 1 });
    }
    expect((await orderOf(created.orderReference)).status).toBe("awaiting_payment");
    const notes = (await historyOf(order.id)).filter((event) => event.detail?.outcome === "cancel_failed");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ fromStatus: "awaiting_payment", toStatus: "awaiting_payment", actor: "system" });
    expect(moyasar.invoices.get(order.paymentReference!)!.status).toBe("initiated");

    const run = await reconcilePayments(app.payments, { olderThanMs: 61_000, expiryHours: 24, now: later.now });
    expect(run.expired).toBe(1);
    expect((await orderOf(created.orderReference)).status).toBe("expired");
    expect(moyasar.invoices.get(order.paymentReference!)!.status).toBe("canceled");
  });
});

describe("a create call whose answer never came", () => {
  it("Apple Pay, the answer lost after the charge: 202 pending (a retry too), then the job pays the order once", async () => {
    moyasar.webhookMode.hold = true; // Moyasar's notification comes later: the job is first.
    moyasar.dropAnswers({ method: "POST", path: /^\/v1\/payments$/, count: 1, how: "reset" });
    const key = randomUUID();
    const body = { paymentMethod: "apple-pay", applePayToken: token, email: "lost.answer@example.sa" };
    const created = await createIntent(app, body, { "idempotency-key": key });
    expect(created.statusCode).toBe(202);
    const answer = created.json();
    expect(answer).toMatchObject({ status: "pending", orderReference: expect.stringMatching(/^ORD-/) });
    const order = await orderOf(answer.orderReference);
    expect(order).toMatchObject({ status: "pending", gateway: "moyasar", paymentReference: null });
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      fromStatus: "pending",
      toStatus: "pending",
      detail: { stage: "create", outcome: "unanswered" },
    });
    // The charge exists at Moyasar: its given_id, the payment's id, is the order's id.
    expect(chargesFor(order.id).map((payment) => [payment.id, payment.status])).toEqual([[order.id, "paid"]]);
    const charges = moyasar.requestsTo("POST", "/v1/payments").length;

    const retried = await createIntent(app, body, { "idempotency-key": key });
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({
      status: "pending",
      paymentIntentId: answer.paymentIntentId,
      orderReference: answer.orderReference,
    });
    expect(moyasar.requestsTo("POST", "/v1/payments")).toHaveLength(charges);
    expect((await buyerView(answer.orderReference, answer.accessToken)).json().order.status).toBe("pending");

    expect(await reconcile()).toMatchObject({ reconciled: 1 });
    const paid = await orderOf(answer.orderReference);
    expect(paid).toMatchObject({ status: "paid", paymentReference: order.id, capturedHalalas: 42_200 });
    expect(await invoicesOf(order.id)).toHaveLength(1);
    await smtp.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsAbout("lost.answer@example.sa", answer.orderReference)).toHaveLength(1);
    expect(mailsAbout("studio@nawat.test", answer.orderReference)).toHaveLength(1);

    // Moyasar's notification arrives at last, twice: nothing more happens.
    moyasar.webhookMode.duplicate = true;
    await moyasar.flushWebhooks();
    expect(moyasar.deliveries.slice(-2).map((delivery) => delivery.status)).toEqual([200, 200]);
    expect((await historyOf(order.id)).filter((event) => event.toStatus === "paid")).toHaveLength(1);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(outbox)
        .where(like(outbox.dedupeKey, `order:${order.id}:%`)),
    ).toHaveLength(2);
    expect(chargesFor(order.id)).toHaveLength(1);
    expect(moyasar.requestsTo("POST", "/v1/payments")).toHaveLength(charges);
    expect((await buyerView(answer.orderReference, answer.accessToken)).json().order.status).toBe("paid");
  });

  it("Apple Pay, no answer and no charge: 202 pending, then the job fails the order: no payment was made", async () => {
    moyasar.failNext({ status: 503, body: { type: "api_connection_error", message: "Service unavailable" } });
    const created = await createIntent(app, { paymentMethod: "apple-pay", applePayToken: token });
    expect(created.statusCode).toBe(202);
    const { orderReference, accessToken } = created.json();
    const order = await orderOf(orderReference);
    expect(chargesFor(order.id)).toHaveLength(0);

    await reconcile();
    expect(await orderOf(orderReference)).toMatchObject({ status: "failed", paymentReference: null });
    expect(await invoicesOf(order.id)).toHaveLength(0);
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      fromStatus: "pending",
      toStatus: "failed",
      actor: "system",
      detail: { stage: "reconcile", reason: "no_payment_made" },
    });
    const view = (await buyerView(orderReference, accessToken)).json().order;
    expect(view).toMatchObject({ status: "failed", failure: "no_payment_made" });
    // The buyer's timeline shows states, not the studio's notes.
    expect(view.events.map((event: { status: string }) => event.status)).toEqual(["pending", "failed"]);
  });

  it("a card's hosted invoice: 502 as for any provider failure (a retry too); an invoice made but never shown is cancelled, the order failed", async () => {
    // Not processed at all.
    moyasar.failNext({ status: 502, body: { type: "api_connection_error", message: "Bad gateway" } });
    const key = randomUUID();
    const refused = await createIntent(app, { paymentMethod: "credit-card" }, { "idempotency-key": key });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toMatchObject({
      code: "gateway_error",
      message: "A system error occurred. Please try again.",
    });
    const again = await createIntent(app, { paymentMethod: "credit-card" }, { "idempotency-key": key });
    expect(again.statusCode).toBe(502);
    const [first] = await app.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(first).toMatchObject({ status: "pending", gateway: "moyasar" });

    // Processed, and the answer lost: the invoice exists, payable by nobody (its URL was in the answer).
    moyasar.dropAnswers({ method: "POST", path: /^\/v1\/invoices$/, count: 1, how: "cut" });
    const lost = await createIntent(app, { paymentMethod: "credit-card", email: "cut@example.sa" });
    expect(lost.statusCode).toBe(502);
    const [second] = await app.db.select().from(orders).where(eq(orders.customerEmail, "cut@example.sa"));
    const invoice = [...moyasar.invoices.values()].find(
      (entry) => (entry.metadata as Record<string, string>).order_id === second!.id,
    )!;
    expect(invoice.status).toBe("initiated");

    await reconcile();
    expect(await orderOf(first!.reference)).toMatchObject({ status: "failed", paymentReference: null });
    expect(await orderOf(second!.reference)).toMatchObject({ status: "failed", paymentReference: invoice.id });
    expect(invoice.status).toBe("canceled");
    for (const order of [first!, second!]) {
      expect((await historyOf(order.id)).at(-1)!.detail).toMatchObject({ reason: "no_payment_made" });
    }
  });
});

describe("a crash between the provider's answer and our write", () => {
  it("the order left pending with the charge at Moyasar is paid once by the job; the late webhooks change nothing", async () => {
    moyasar.webhookMode.hold = true;
    const order = await pendingApplePayOrder();
    const charged = await moyasarGateway().createPayment(applePayRequest(order));
    expect(charged.status).toBe("paid");
    // …and the process died here: nothing written.
    expect((await orderOf(order.reference)).paymentReference).toBeNull();

    await reconcile();
    expect(await orderOf(order.reference)).toMatchObject({
      status: "paid",
      paymentReference: charged.providerPaymentId,
    });
    moyasar.webhookMode.duplicate = true;
    await moyasar.flushWebhooks({ reverse: true });
    expect((await historyOf(order.id)).filter((event) => event.toStatus === "paid")).toHaveLength(1);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect(chargesFor(order.id)).toHaveLength(1);
  });
});

describe("webhooks for a payment no order holds", () => {
  it("is matched to its order by the order id Moyasar echoes: the order takes the payment and is paid", async () => {
    const order = await pendingApplePayOrder();
    const charged = await moyasarGateway().createPayment(applePayRequest(order));
    const delivery = moyasar.deliveries.at(-1)!;
    expect(delivery.status).toBe(200);
    const paid = await orderOf(order.reference);
    expect(paid).toMatchObject({ status: "paid", paymentReference: charged.providerPaymentId, gateway: "moyasar" });
    expect((await historyOf(order.id)).at(-1)).toMatchObject({
      toStatus: "paid",
      actor: "webhook:moyasar",
      detail: { matchedBy: "provider_payment" },
    });
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect(await alertFor(charged.providerPaymentId)).toBeUndefined();
  });

  it("a payment nobody knows is kept as an alert, answered 200, and never refunded blind", async () => {
    const stranger: RequestedOrder = {
      id: randomUUID(),
      reference: "ORD-NOBODY00",
      totalAmountHalalas: 42_200,
      vatHalalas: 5504,
      productId: "nawat",
      unitAmountHalalas: 42_200,
      customerName: "Someone Else",
      customerEmail: "someone@example.sa",
      customerPhone: "+966550000000",
      deliveryAddress: { city: "Jeddah", district: "Al Rawdah", street: "Prince Sultan Road", country: "SA" },
    };
    const charged = await moyasarGateway().createPayment(applePayRequest(stranger, randomUUID()));
    const delivery = moyasar.deliveries.at(-1)!;
    expect(delivery.status).toBe(200);
    const alert = await alertFor(charged.providerPaymentId);
    expect(alert).toMatchObject({
      kind: "unmatched",
      action: "kept",
      gateway: "moyasar",
      orderId: null,
      amountHalalas: 42_200,
      refundHalalas: 0,
      resolvedAt: null,
    });
    expect(moyasar.requestsTo("POST", `/v1/payments/${charged.providerPaymentId}/refund`)).toHaveLength(0);
    const recorded = await app.db
      .select()
      .from(paymentWebhookEvents)
      .where(
        and(
          eq(paymentWebhookEvents.gateway, "moyasar"),
          eq(paymentWebhookEvents.eventKey, String((delivery.body as { id: string }).id)),
        ),
      );
    expect(recorded).toHaveLength(1);
  });
});

describe("late, duplicate and mismatched payments are given back and alerted", () => {
  it("a payment for an expired order is refunded at Moyasar and alerted; the order stays expired and unpaid", async () => {
    const created = (await createIntent(app, { paymentMethod: "credit-card" })).json();
    const order = await orderOf(created.orderReference);
    // Expired as the expiry leaves an order whose hosted page the buyer still had open.
    await app.db.update(orders).set({ status: "expired" }).where(eq(orders.id, order.id));
    await payInvoice(order.paymentReference!);
    expect(moyasar.deliveries.at(-1)!.status).toBe(200);

    const invoice = moyasar.invoices.get(order.paymentReference!)!;
    const payment = invoice.payments[0]!;
    expect(payment).toMatchObject({ status: "refunded", refunded: 42_200 });
    expect(await alertFor(order.paymentReference!)).toMatchObject({
      kind: "late",
      action: "refunded",
      refundMethod: "refund",
      refundHalalas: 42_200,
      orderId: order.id,
      attempts: 1,
    });
    expect(await orderOf(created.orderReference)).toMatchObject({ status: "expired", paidAt: null });
    expect(await invoicesOf(order.id)).toHaveLength(0);
    const notes = (await historyOf(order.id)).filter((event) => event.detail?.stage === "payment_alert");
    expect(notes.map((event) => event.detail?.outcome)).toEqual(["refund_requested", "refund_done"]);
  });

  it("an amount other than the order's fails the order, is refunded and alerted", async () => {
    const created = (await createIntent(app, { paymentMethod: "credit-card" })).json();
    const order = await orderOf(created.orderReference);
    // The provider's record says 100 SAR (as if the amount had been changed at the provider).
    moyasar.invoices.get(order.paymentReference!)!.amount = 10_000;
    await payInvoice(order.paymentReference!);

    expect(await orderOf(created.orderReference)).toMatchObject({ status: "failed", paidAt: null });
    expect(await alertFor(order.paymentReference!)).toMatchObject({
      kind: "mismatch",
      action: "refunded",
      amountHalalas: 10_000,
      refundHalalas: 10_000,
    });
    expect(moyasar.invoices.get(order.paymentReference!)!.payments[0]).toMatchObject({ refunded: 10_000 });
    expect(await invoicesOf(order.id)).toHaveLength(0);
  });

  it("a second payment for an order already paid is refunded and alerted; the order keeps its first", async () => {
    const created = await createIntent(app, { paymentMethod: "apple-pay", applePayToken: token });
    expect(created.statusCode).toBe(201);
    const order = await orderOf(created.json().orderReference);
    expect(order.status).toBe("paid");
    const second = await moyasarGateway().createPayment(applePayRequest(order, randomUUID()));
    expect(moyasar.deliveries.at(-1)!.status).toBe(200);

    expect(await alertFor(second.providerPaymentId)).toMatchObject({
      kind: "duplicate",
      action: "refunded",
      orderId: order.id,
      refundHalalas: 42_200,
    });
    expect(moyasar.payments.get(second.providerPaymentId)).toMatchObject({ status: "refunded", refunded: 42_200 });
    expect(await orderOf(order.reference)).toMatchObject({ status: "paid", paymentReference: order.paymentReference });
    expect(moyasar.payments.get(order.paymentReference!)).toMatchObject({ status: "paid", refunded: 0 });
    expect(await invoicesOf(order.id)).toHaveLength(1);
  });

  it("a refund whose answer was lost is re-read by the job and completed once", async () => {
    const created = (await createIntent(app, { paymentMethod: "credit-card" })).json();
    const order = await orderOf(created.orderReference);
    await app.db.update(orders).set({ status: "expired" }).where(eq(orders.id, order.id));
    moyasar.dropAnswers({ method: "POST", path: /^\/v1\/payments\/[^/]+\/refund$/, count: 1, how: "reset" });
    await payInvoice(order.paymentReference!);
    expect(await alertFor(order.paymentReference!)).toMatchObject({ kind: "late", action: "refund_pending" });

    await reconcile();
    expect(await alertFor(order.paymentReference!)).toMatchObject({ action: "refunded", attempts: 1 });
    const payment = moyasar.invoices.get(order.paymentReference!)!.payments[0]!;
    expect(payment.refunded).toBe(42_200);
    expect(moyasar.requestsTo("POST", `/v1/payments/${payment.id}/refund`)).toHaveLength(1);
  });
});
