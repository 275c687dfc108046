import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders, outbox, paymentOperations, users } from "#server/db/schema.ts";
import { refundOrder } from "#server/modules/orders/refund-order.ts";
import { resolvePaymentOperations } from "#server/modules/orders/sync-with-provider.ts";
import { GatewayError, type PaymentGateway } from "#server/modules/payments/gateway.ts";
import { startMoyasarFake, type MoyasarFake } from "#server/modules/payments/providers/moyasar/fake-server.ts";
import { startTabbyFake, type TabbyFake } from "#server/modules/payments/providers/tabby/fake-server.ts";
import { startTamaraFake, type TamaraFake } from "#server/modules/payments/providers/tamara/fake-server.ts";
import type { FakeProvider } from "#tests/fakes/fake-provider.ts";
import { signInAdmin, type TestAccount } from "#tests/helpers/accounts.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { confirm, createIntent } from "#tests/helpers/checkout.ts";

/**
 * The life of a payment after "paid" (issue 35), with PAYMENT_GATEWAY=providers against the local
 * fakes of Moyasar, Tamara and Tabby: capture at shipment where the provider expects it, release
 * before capture, partial and full refunds through `refund_pending`, Tamara's refusal to refund an
 * uncaptured order, a refund whose answer never came settled by a sync, and refunds made in a
 * provider's dashboard reaching the order by webhook.
 */
const SITE = "https://nawat.test";
const keys = {
  moyasar: { secretKey: "sk_test_life_moyasar", publishableKey: "pk_test_life_moyasar", webhookSecret: "moyasar-life" },
  tamara: { apiToken: "tamara-life-api-token", notificationToken: "tamara-life-notification" },
  tabby: {
    secretKey: "sk_test_life_tabby",
    merchantCode: "nawat_sa",
    header: "X-Nawat-Tabby",
    value: "tabby-life-value",
  },
};
let app: FastifyInstance;
let admin: TestAccount;
let moyasar: MoyasarFake;
let tamara: TamaraFake;
let tabby: TabbyFake;

beforeAll(async () => {
  moyasar = await startMoyasarFake({ ...keys.moyasar, webhookUrl: `${SITE}/api/payment/webhooks/moyasar` });
  tamara = await startTamaraFake(keys.tamara);
  tabby = await startTabbyFake({ secretKey: keys.tabby.secretKey, merchantCode: keys.tabby.merchantCode });
  app = await createTestApp({
    SITE_URL: SITE,
    BACKGROUND_JOBS: "false",
    PAYMENT_GATEWAY: "providers",
    PAYMENT_PROVIDER_TIMEOUT_MS: "1000",
    CHECKOUTS_PER_MINUTE: "1000",
    MOYASAR_SECRET_KEY: keys.moyasar.secretKey,
    MOYASAR_PUBLISHABLE_KEY: keys.moyasar.publishableKey,
    MOYASAR_WEBHOOK_SECRET: keys.moyasar.webhookSecret,
    MOYASAR_API_URL: moyasar.url,
    TAMARA_API_TOKEN: keys.tamara.apiToken,
    TAMARA_NOTIFICATION_TOKEN: keys.tamara.notificationToken,
    TAMARA_API_URL: tamara.url,
    TABBY_SECRET_KEY: keys.tabby.secretKey,
    TABBY_MERCHANT_CODE: keys.tabby.merchantCode,
    TABBY_WEBHOOK_HEADER_NAME: keys.tabby.header,
    TABBY_WEBHOOK_HEADER_VALUE: keys.tabby.value,
    TABBY_API_URL: tabby.url,
  });
  admin = await signInAdmin(app);
  for (const fake of [moyasar, tamara, tabby] as FakeProvider[]) {
    fake.deliverVia = async (url, payload, headers) => {
      const target = new URL(url);
      const response = await app.inject({
        method: "POST",
        url: `${target.pathname}${target.search}`,
        payload,
        headers,
      });
      return response.statusCode;
    };
  }
  await fetch(`${tabby.url}/api/v1/webhooks`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${keys.tabby.secretKey}`,
      "X-Merchant-Code": keys.tabby.merchantCode,
      "Content-Type": "application/json",
    },
    body: JSON.stringify({
      url: `${SITE}/api/payment/webhooks/tabby`,
      header: { title: keys.tabby.header, value: keys.tabby.value },
    }),
  });
});
afterAll(async () => {
  await app.close();
  await Promise.all([moyasar.close(), tamara.close(), tabby.close()]);
});
beforeEach(() => {
  for (const fake of [moyasar, tamara, tabby] as FakeProvider[]) {
    fake.webhookMode = { duplicate: false, hold: false };
    fake.deliveries.length = 0;
  }
});

async function control(fake: FakeProvider, path: string, body: unknown = {}) {
  const response = await fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

type Paid = { id: string; reference: string; paymentId: string };

/** A paid order through the server: create-intent, the buyer on the provider's page, confirm. */
async function paidOrder(method: "tamara" | "tabby" | "credit-card", lang: "en" | "ar" = "en"): Promise<Paid> {
  const overrides =
    method === "tamara"
      ? { paymentMethod: "tamara", phone: "0544337866" }
      : method === "tabby"
        ? { paymentMethod: "tabby", phone: "0500000001", email: "otp.success@tabby.ai" }
        : { paymentMethod: "credit-card" };
  const created = await createIntent(app, { ...overrides, lang });
  expect(created.statusCode).toBe(201);
  const { paymentIntentId, orderReference, redirectUrl } = created.json();
  const paymentId = redirectUrl.split("/").pop() as string;
  if (method === "tamara") await control(tamara, `/__test/checkout/${paymentId}/complete`);
  else if (method === "tabby") await control(tabby, `/__test/payments/${paymentId}/complete`, { outcome: "authorize" });
  else await control(moyasar, `/__test/invoices/${paymentId}/pay`, { number: "4201320111111010" });
  const confirmed = await confirm(app, paymentIntentId, method);
  expect(confirmed.json().order.status).toBe("paid");
  const [order] = await app.db.select().from(orders).where(eq(orders.reference, orderReference));
  return { id: order!.id, reference: orderReference, paymentId };
}

const act = (id: string, action: string, payload: unknown = {}, lang = "en") =>
  app.inject({
    method: "POST",
    url: `/api/admin/orders/${id}/${action}`,
    headers: { ...admin.bearer, "accept-language": lang },
    payload: payload as Record<string, unknown>,
  });

const operations = async (orderId: string) =>
  app.db.select().from(paymentOperations).where(eq(paymentOperations.orderId, orderId)).orderBy(paymentOperations.id);

describe("Tamara: authorised at confirm, captured at shipment, refunded only once captured", () => {
  it("ships: captures with the shipment, then refunds a part (still shipped) and the rest (refunded); the buyer gets the Arabic e-mail", async () => {
    const order = await paidOrder("tamara", "ar");
    expect(tamara.orders.get(order.paymentId)).toMatchObject({ status: "authorised", captured_amount: { amount: 0 } });

    const shipped = await act(order.id, "ship", { carrier: "SMSA", trackingNumber: "SMSA-778812" });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({
      outcome: "done",
      order: {
        status: "shipped",
        capturedHalalas: 42_200,
        shipment: { carrier: "SMSA", trackingNumber: "SMSA-778812" },
      },
    });
    expect(tamara.requestsTo("POST", "/payments/capture").at(-1)!.body).toMatchObject({
      order_id: order.paymentId,
      total_amount: { amount: 422, currency: "SAR" },
      shipping_info: { shipping_company: "SMSA", tracking_number: "SMSA-778812" },
    });
    expect(tamara.orders.get(order.paymentId)!.status).toBe("fully_captured");
    const [mail] = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `order:${order.id}:shipped`));
    expect(mail).toMatchObject({
      kind: "order.shipped",
      lang: "ar",
      subject: `طلبك ${order.reference} في الطريق إليك`,
    });

    const part = await act(order.id, "refund", { amountHalalas: 12_200, reason: "a chipped rim" });
    expect(part.statusCode).toBe(200);
    expect(part.json().order).toMatchObject({ status: "shipped", refundedHalalas: 12_200 });
    const rest = await act(order.id, "refund", { reason: "returned" });
    expect(rest.json().order).toMatchObject({ status: "refunded", refundedHalalas: 42_200 });
    expect(tamara.orders.get(order.paymentId)!.status).toBe("fully_refunded");

    const view = rest.json().order;
    expect(
      view.operations.map((op: { kind: string; state: string; amountHalalas: number }) => [
        op.kind,
        op.state,
        op.amountHalalas,
      ]),
    ).toEqual([
      ["capture", "succeeded", 42_200],
      ["refund", "succeeded", 12_200],
      ["refund", "succeeded", 30_000],
    ]);
    expect(view.events.map((event: { status: string }) => event.status).slice(-5)).toEqual([
      "shipped",
      "refund_pending",
      "shipped",
      "refund_pending",
      "refunded",
    ]);
    // Refund before the provider call: each refund's `refund_pending` row precedes its completion.
    expect(view.events.at(-1)).toMatchObject({
      actor: expect.stringMatching(/^admin:/),
      detail: { reason: "returned", refundedHalalas: 42_200 },
    });
  });

  it("before capture: a partial refund is refused clearly; a full refund cancels at Tamara instead (no refund call)", async () => {
    const order = await paidOrder("tamara");
    const partial = await act(order.id, "refund", { amountHalalas: 10_000 });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().error.code).toBe("not_captured");
    expect(partial.json().error.message).toMatch(/only authorised, not captured yet/);
    const arabic = await act(order.id, "refund", { amountHalalas: 10_000 }, "ar");
    expect(arabic.json().error.message).toMatch(/مفوَّضة فقط/);

    const full = await act(order.id, "refund", { reason: "out of stock" });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({ cancelledInstead: true, order: { status: "cancelled", refundedHalalas: 0 } });
    expect(tamara.requestsTo("POST", `/orders/${order.paymentId}/cancel`)).toHaveLength(1);
    expect(tamara.requestsTo("POST", `/payments/simplified-refund/${order.paymentId}`)).toHaveLength(0);
    expect(tamara.orders.get(order.paymentId)!.status).toBe("canceled");
    expect((await operations(order.id)).map((op) => [op.kind, op.state])).toEqual([["void", "succeeded"]]);
  });
});

describe("Tabby: captured at shipment (the default), closed when cancelled before", () => {
  it("ships: the capture carries the operation's idempotency key; cancel before capture closes the payment", async () => {
    const order = await paidOrder("tabby");
    expect(tabby.payments.get(order.paymentId)!.captures).toHaveLength(0);
    const shipped = await act(order.id, "ship", {});
    expect(shipped.json().order).toMatchObject({
      status: "shipped",
      capturedHalalas: 42_200,
      shipment: { carrier: null },
    });
    const [capture] = await operations(order.id);
    expect(tabby.payments.get(order.paymentId)!.captures).toEqual([
      expect.objectContaining({ amount: "422.00", reference_id: capture!.idempotencyKey }),
    ]);
    expect((await act(order.id, "deliver")).json().order).toMatchObject({ status: "delivered" });
    const refund = await act(order.id, "refund", { amountHalalas: 2_200 });
    expect(refund.json().order).toMatchObject({ status: "delivered", refundedHalalas: 2_200 });
    expect(tabby.payments.get(order.paymentId)!.refunds).toEqual([expect.objectContaining({ amount: "22.00" })]);

    const other = await paidOrder("tabby");
    const cancelled = await act(other.id, "cancel");
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: "cancelled", capturedHalalas: 0 });
    expect(tabby.payments.get(other.paymentId)).toMatchObject({ status: "CLOSED", captures: [] });
    expect((await act(other.id, "ship")).statusCode).toBe(409);
  });
});

describe("Moyasar card: captured at payment; refunded when cancelled", () => {
  it("ships without a capture call; cancel of another captured order refunds it in full and ends cancelled", async () => {
    const order = await paidOrder("credit-card");
    const before = moyasar.requestsTo("POST", "/v1/payments/").length;
    const shipped = await act(order.id, "ship", { trackingNumber: "ARX-1" });
    expect(shipped.json().order).toMatchObject({ status: "shipped", capturedHalalas: 42_200 });
    expect(moyasar.requestsTo("POST", "/v1/payments/")).toHaveLength(before);
    expect((await act(order.id, "cancel")).statusCode).toBe(409);

    const other = await paidOrder("credit-card");
    const cancelled = await act(other.id, "cancel");
    expect(cancelled.json().order).toMatchObject({ status: "cancelled", refundedHalalas: 42_200 });
    expect(moyasar.invoices.get(other.paymentId)!.status).toBe("refunded");
  });

  it("a refund whose provider call fails (a crash before it arrived) waits in refund_pending; the sync puts the order back, nothing refunded", async () => {
    const order = await paidOrder("credit-card");
    // The process dies between the committed refund_pending and the provider call: the call never arrives.
    const real = app.payments.gateways.byId("moyasar")!;
    const crashing: PaymentGateway = {
      ...real,
      refundPayment: async () => {
        throw new GatewayError("moyasar", "POST /v1/payments/…/refund: HTTP 503", 503);
      },
    };
    const context = { ...app.payments, gateways: { ...app.payments.gateways, byId: () => crashing } };
    const user = (await app.db.select().from(users).where(eq(users.email, admin.email)))[0]!;
    const crashed = await refundOrder(context, order.id, user.id, { amountHalalas: 5_000 });
    expect(crashed).toMatchObject({ outcome: "pending", order: { status: "refund_pending", refundedHalalas: 0 } });
    const view = await app.inject({ url: `/api/admin/orders/${order.id}`, headers: admin.bearer });
    expect(view.json().order).toMatchObject({
      status: "refund_pending",
      operations: [{ kind: "refund", state: "requested" }],
    });
    // No other action while it waits.
    expect((await act(order.id, "refund", { amountHalalas: 5_000 })).statusCode).toBe(409);
    const synced = await act(order.id, "sync");
    expect(synced.json().order).toMatchObject({ status: "paid", refundedHalalas: 0 });
    expect((await operations(order.id)).map((op) => op.state)).toEqual(["failed"]);
    const payment = [...moyasar.payments.values()].find((p) => p.invoice_id === order.paymentId)!;
    expect(payment.refunded).toBe(0);
  });

  it("a refund made at the provider whose answer was lost is completed by the operations job, once", async () => {
    const order = await paidOrder("credit-card");
    const real = app.payments.gateways.byId("moyasar")!;
    const losing: PaymentGateway = {
      ...real,
      refundPayment: async (...args) => {
        await real.refundPayment(...args);
        throw new GatewayError("moyasar", "no answer within 1000 ms");
      },
    };
    const context = { ...app.payments, gateways: { ...app.payments.gateways, byId: () => losing } };
    const user = (await app.db.select().from(users).where(eq(users.email, admin.email)))[0]!;
    const answered = await refundOrder(context, order.id, user.id, { amountHalalas: 12_200, reason: "lost answer" });
    expect(answered.outcome).toBe("done");
    // The provider's webhook of the refund arrived meanwhile and completed it already.
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: "paid", refundedHalalas: 12_200 });
    // Settling again (the job, after a restart) changes nothing more.
    await resolvePaymentOperations(app.payments, { olderThanMs: 0 });
    const [again] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(again).toMatchObject({ status: "paid", refundedHalalas: 12_200 });
    expect((await operations(order.id)).map((op) => [op.kind, op.state, op.source])).toEqual([
      ["refund", "succeeded", "studio"],
    ]);
  });

  it("the same lost answer without its webhook: the order waits in refund_pending until the job re-reads Moyasar", async () => {
    const order = await paidOrder("credit-card");
    moyasar.webhookMode.hold = true;
    const real = app.payments.gateways.byId("moyasar")!;
    const losing: PaymentGateway = {
      ...real,
      refundPayment: async (...args) => {
        await real.refundPayment(...args);
        throw new GatewayError("moyasar", "no answer within 1000 ms");
      },
    };
    const context = { ...app.payments, gateways: { ...app.payments.gateways, byId: () => losing } };
    const user = (await app.db.select().from(users).where(eq(users.email, admin.email)))[0]!;
    expect((await refundOrder(context, order.id, user.id, {})).outcome).toBe("pending");
    const [waiting] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(waiting).toMatchObject({ status: "refund_pending", refundedHalalas: 0 });
    expect(await resolvePaymentOperations(app.payments, { olderThanMs: 0 })).toMatchObject({ settled: 1 });
    const [done] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(done).toMatchObject({ status: "refunded", refundedHalalas: 42_200 });
    // The late webhook finds nothing left to do.
    await moyasar.flushWebhooks();
    const [after] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: "refunded", refundedHalalas: 42_200 });
  });

  it("refunds made in Moyasar's dashboard reach the order by webhook: a part, then the rest", async () => {
    const order = await paidOrder("credit-card");
    moyasar.deliveries.length = 0;
    const payment = [...moyasar.payments.values()].find((p) => p.invoice_id === order.paymentId)!;
    const dashboardRefund = (amount: number) =>
      fetch(`${moyasar.url}/v1/payments/${payment.id}/refund`, {
        method: "POST",
        headers: {
          Authorization: `Basic ${Buffer.from(`${keys.moyasar.secretKey}:`).toString("base64")}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({ amount }),
      });
    moyasar.webhookMode.duplicate = true;
    expect((await dashboardRefund(10_000)).status).toBe(200);
    expect(moyasar.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    const [part] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(part).toMatchObject({ status: "paid", refundedHalalas: 10_000 });
    expect((await dashboardRefund(32_200)).status).toBe(200);
    const [full] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(full).toMatchObject({ status: "refunded", refundedHalalas: 42_200 });
    expect((await operations(order.id)).map((op) => [op.kind, op.source, op.amountHalalas])).toEqual([
      ["refund", "provider", 10_000],
      ["refund", "provider", 32_200],
    ]);
  });
});
