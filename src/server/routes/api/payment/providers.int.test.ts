import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices, orderEvents, orders } from "#server/db/schema.ts";
import { startMoyasarFake, type MoyasarFake } from "#server/modules/payments/providers/moyasar/fake-server.ts";
import { startTabbyFake, type TabbyFake } from "#server/modules/payments/providers/tabby/fake-server.ts";
import { startTamaraFake, type TamaraFake } from "#server/modules/payments/providers/tamara/fake-server.ts";
import type { FakeProvider } from "#tests/fakes/fake-provider.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { confirm, createIntent } from "#tests/helpers/checkout.ts";

/**
 * The whole checkout with PAYMENT_GATEWAY=providers against the local fakes of Moyasar, Tamara
 * and Tabby: the server calls them over HTTP as it would the real APIs, the buyer's step on the
 * hosted page is the fake's test control, and the fakes' webhooks arrive at the server's webhook
 * route with the providers' own proofs (secret token, HS256 JWT, registered header).
 */
const SITE = "https://nawat.test";
const keys = {
  moyasar: {
    secretKey: "sk_test_e2e_moyasar",
    publishableKey: "pk_test_e2e_moyasar",
    webhookSecret: "moyasar-e2e-secret",
  },
  tamara: { apiToken: "tamara-e2e-api-token", notificationToken: "tamara-e2e-notification" },
  tabby: {
    secretKey: "sk_test_e2e_tabby",
    merchantCode: "nawat_sa",
    header: "X-Nawat-Tabby",
    value: "tabby-e2e-header-value",
  },
};
let app: FastifyInstance;
let moyasar: MoyasarFake;
let tamara: TamaraFake;
let tabby: TabbyFake;

beforeAll(async () => {
  moyasar = await startMoyasarFake({ ...keys.moyasar, webhookUrl: `${SITE}/api/payment/webhooks/moyasar` });
  tamara = await startTamaraFake(keys.tamara);
  tabby = await startTabbyFake({ secretKey: keys.tabby.secretKey, merchantCode: keys.tabby.merchantCode });
  app = await createTestApp({
    SITE_URL: SITE,
    PAYMENT_GATEWAY: "providers",
    CHECKOUTS_PER_MINUTE: "1000",
    // Orders live 6 hours here: Moyasar's invoice must live exactly as long.
    CHECKOUT_EXPIRY_HOURS: "6",
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
  // The shop does not listen here: the fakes' webhooks go through its request pipeline instead.
  for (const fake of [moyasar, tamara, tabby] as FakeProvider[]) {
    fake.deliverVia = async (url, payload, headers) => {
      const target = new URL(url);
      expect(target.origin).toBe(SITE);
      const response = await app.inject({
        method: "POST",
        url: `${target.pathname}${target.search}`,
        payload,
        headers,
      });
      return response.statusCode;
    };
  }
  // Registered once with Tabby, as the README says.
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

const orderOf = async (reference: string) =>
  (await app.db.select().from(orders).where(eq(orders.reference, reference)))[0]!;
const paidEvents = async (orderId: string) =>
  (await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
    (event) => event.toStatus === "paid",
  );

describe("PAYMENT_GATEWAY=providers", () => {
  it("offers every method whose provider has its keys", async () => {
    const response = await app.inject("/api/payment/methods?productId=nawat");
    expect(response.json()).toMatchObject({
      gateway: "providers",
      testMode: false,
      methods: [
        { id: "apple-pay", available: true },
        { id: "credit-card", available: true },
        { id: "tamara", available: true },
        { id: "tabby", available: true },
      ],
    });
  });

  it("refuses webhooks that do not carry the provider's proof, changing nothing", async () => {
    for (const gateway of ["moyasar", "tamara", "tabby"]) {
      const response = await app.inject({
        method: "POST",
        url: `/api/payment/webhooks/${gateway}`,
        payload: {
          id: "x",
          type: "payment_paid",
          order_id: "x",
          event_type: "order_approved",
          status: "authorized",
          data: { id: "x" },
        },
      });
      expect(response.statusCode, gateway).toBe(401);
    }
  });
});

describe("Moyasar through the server", () => {
  it("card: create-intent → Moyasar's invoice page → paid by webhook (sent twice) → confirm answers paid, once", async () => {
    moyasar.webhookMode.duplicate = true;
    const created = await createIntent(app, { paymentMethod: "credit-card" });
    expect(created.statusCode).toBe(201);
    const { paymentIntentId, orderReference, redirectUrl } = created.json();
    expect(redirectUrl).toMatch(new RegExp(`^${moyasar.url}/invoices/[0-9a-f-]{36}$`));
    const invoiceId = redirectUrl.split("/").pop();
    expect(moyasar.requestsTo("POST", "/v1/invoices").at(-1)!.body).toMatchObject({ amount: 42200, currency: "SAR" });
    // The invoice stays payable as long as the order waits for payment (CHECKOUT_EXPIRY_HOURS), no longer.
    const order = await orderOf(orderReference);
    const invoiceExpiry = Date.parse(String(moyasar.invoices.get(invoiceId)!.expired_at));
    expect(invoiceExpiry - order.createdAt.getTime()).toBeGreaterThanOrEqual(6 * 3600_000 - 1_000);
    expect(invoiceExpiry - order.createdAt.getTime()).toBeLessThan(6 * 3600_000 + 60_000);

    const fetchesBefore = moyasar.requestsTo("GET", `/v1/invoices/${invoiceId}`).length;
    await control(moyasar, `/__test/invoices/${invoiceId}/pay`, { number: "4201320111111010" });
    expect(moyasar.deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    // The webhook was not believed on its word: the server asked Moyasar for the invoice.
    expect(moyasar.requestsTo("GET", `/v1/invoices/${invoiceId}`).length).toBeGreaterThan(fetchesBefore);

    expect(await orderOf(orderReference)).toMatchObject({
      status: "paid",
      gateway: "moyasar",
      paymentReference: invoiceId,
    });
    const confirmed = await confirm(app, paymentIntentId, "credit-card");
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().order).toMatchObject({
      reference: orderReference,
      status: "paid",
      totalAmountHalalas: 42_200,
    });
    expect(await paidEvents(order.id)).toHaveLength(1);
    expect(await app.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });

  it("card: a decline keeps the page open; an invoice that then expires answers confirm with 402 payment_failed", async () => {
    const { paymentIntentId, orderReference, redirectUrl } = (
      await createIntent(app, { paymentMethod: "credit-card" })
    ).json();
    const invoiceId = redirectUrl.split("/").pop();
    await control(moyasar, `/__test/invoices/${invoiceId}/pay`, { number: "4201321234411220" });
    const pending = await confirm(app, paymentIntentId, "credit-card");
    expect(pending.statusCode).toBe(200);
    expect(pending.json().order.status).not.toBe("paid");

    await control(moyasar, `/__test/invoices/${invoiceId}/expire`);
    const failed = await confirm(app, paymentIntentId, "credit-card");
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toMatchObject({
      error: { code: "payment_failed", message: "An error occurred while processing payment. Please try again." },
      order: { reference: orderReference, status: "expired" },
    });
  });

  it("Apple Pay: the sheet's token pays at once; a declined token is 402 payment_declined and confirm then 402 payment_failed", async () => {
    const token = { paymentData: { data: "opaque", version: "EC_v1" } };
    const paid = await createIntent(app, { paymentMethod: "apple-pay", applePayToken: token });
    expect(paid.statusCode).toBe(201);
    const confirmed = await confirm(app, paid.json().paymentIntentId, "apple-pay");
    expect(confirmed.json().order.status).toBe("paid");

    const declined = await createIntent(app, { paymentMethod: "apple-pay", applePayToken: { paymentData: "DECLINE" } });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toMatchObject({
      code: "payment_declined",
      message: "Your payment was declined. Please try another card or payment method.",
    });
    const declinedPayment = moyasar.requestsTo("POST", "/v1/payments").at(-1)!;
    expect(declinedPayment.body).toMatchObject({ source: { type: "applepay", token: { paymentData: "DECLINE" } } });
    const failedOrders = (await app.db.select().from(orders)).filter(
      (row) => row.paymentMethod === "apple-pay" && row.status === "failed",
    );
    expect(failedOrders).toHaveLength(1);
    const again = await confirm(app, failedOrders[0]!.paymentIntentId!, "apple-pay");
    expect(again.statusCode).toBe(402);
    expect(again.json().error.code).toBe("payment_failed");
  });

  it("answers Apple Pay's merchant validation through Moyasar with the site's domain", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/payment/apple-pay/session",
      payload: { validationUrl: "https://apple-pay-gateway.apple.com/paymentservices/startSession" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ domainName: "nawat.test", displayName: "Nawat Studio" });
  });
});

describe("Tamara through the server", () => {
  it("approved (544337866): notifications held, duplicated and reversed still authorise once and pay once", async () => {
    tamara.webhookMode = { duplicate: true, hold: true };
    const created = await createIntent(app, { paymentMethod: "tamara", phone: "0544337866" });
    expect(created.statusCode).toBe(201);
    const { paymentIntentId, orderReference, redirectUrl } = created.json();
    const orderId = redirectUrl.split("/").pop();
    expect(tamara.requestsTo("POST", "/checkout").at(-1)!.body).toMatchObject({
      order_reference_id: orderReference,
      total_amount: { amount: 422, currency: "SAR" },
      consumer: { phone_number: "544337866" },
      merchant_url: { notification: `${SITE}/api/payment/webhooks/tamara` },
    });

    const page = await control(tamara, `/__test/checkout/${orderId}/complete`);
    expect(page.redirect).toContain(`/checkout?order=${orderReference}`);
    // The buyer is back before any notification arrived: confirm asks Tamara, authorises, pays.
    const confirmed = await confirm(app, paymentIntentId, "tamara");
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().order.status).toBe("paid");
    await tamara.flushWebhooks({ reverse: true });
    expect(tamara.deliveries.map((delivery) => (delivery.body as { event_type: string }).event_type)).toEqual([
      "order_authorised",
      "order_authorised",
      "order_approved",
      "order_approved",
    ]);
    expect(tamara.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    expect(tamara.requestsTo("POST", `/orders/${orderId}/authorise`)).toHaveLength(1);
    expect(await paidEvents((await orderOf(orderReference)).id)).toHaveLength(1);
  });

  it("declined (526422337): the notification fails the order and confirm answers 402 payment_failed", async () => {
    const { paymentIntentId, redirectUrl } = (
      await createIntent(app, { paymentMethod: "tamara", phone: "0526422337" })
    ).json();
    await control(tamara, `/__test/checkout/${redirectUrl.split("/").pop()}/complete`);
    expect(tamara.deliveries.map((delivery) => delivery.status)).toEqual([200]);
    const confirmed = await confirm(app, paymentIntentId, "tamara");
    expect(confirmed.statusCode).toBe(402);
    expect(confirmed.json()).toMatchObject({ error: { code: "payment_failed" }, order: { status: "failed" } });
  });
});

describe("Tabby through the server", () => {
  it("authorised on Tabby's page: the webhook pays the order, once, leaving the capture for the shipment; confirm answers paid", async () => {
    tabby.webhookMode.duplicate = true;
    const created = await createIntent(app, {
      paymentMethod: "tabby",
      phone: "0500000001",
      email: "otp.success@tabby.ai",
    });
    expect(created.statusCode).toBe(201);
    const { paymentIntentId, orderReference, redirectUrl } = created.json();
    const paymentId = redirectUrl.split("/").pop();
    expect(tabby.requestsTo("POST", "/api/v2/checkout").at(-1)!.body).toMatchObject({
      payment: { amount: "422.00", buyer: { phone: "+966500000001" }, order: { reference_id: orderReference } },
      merchant_code: "nawat_sa",
    });

    await control(tabby, `/__test/payments/${paymentId}/complete`, { outcome: "authorize" });
    expect(tabby.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    // TABBY_CAPTURE_AT=shipment (the default): authorised is the studio's; nothing is captured yet.
    expect(tabby.payments.get(paymentId)!).toMatchObject({ status: "AUTHORIZED", captures: [] });
    const confirmed = await confirm(app, paymentIntentId, "tabby");
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().order.status).toBe("paid");
    expect(tabby.requestsTo("POST", `/api/v2/payments/${paymentId}/captures`)).toHaveLength(0);
    expect(await paidEvents((await orderOf(orderReference)).id)).toHaveLength(1);
  });

  it("pre-scoring rejection (+966500000002): 402 payment_declined with Tabby's words, in English and Arabic", async () => {
    const english = await createIntent(app, {
      paymentMethod: "tabby",
      phone: "0500000002",
      email: "otp.success@tabby.ai",
    });
    expect(english.statusCode).toBe(402);
    expect(english.json().error).toEqual({
      code: "payment_declined",
      message:
        "Sorry, Tabby is unable to approve this purchase. Please use an alternative payment method for your order.",
    });
    const arabic = await createIntent(app, {
      paymentMethod: "tabby",
      phone: "0500000002",
      email: "otp.success@tabby.ai",
      lang: "ar",
    });
    expect(arabic.statusCode).toBe(402);
    expect(arabic.json().error.message).toBe(
      "نأسف، تابي غير قادرة على الموافقة على هذه العملية. الرجاء استخدام طريقة دفع أخرى.",
    );
  });

  it("a provider that does not answer is 502 gateway_error, in the buyer's language", async () => {
    tabby.failNext({ status: 503, body: { status: "error", error: "maintenance" } });
    const response = await createIntent(app, { paymentMethod: "tabby", phone: "0500000001" });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: "gateway_error",
      message: "A system error occurred. Please try again.",
    });
  });
});
