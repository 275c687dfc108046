import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outbox, sandboxPayments } from "#server/db/schema.ts";
import { startMoyasarFake, type MoyasarFake } from "#server/modules/payments/providers/moyasar/fake-server.ts";
import { createSignedInUser } from "#tests/helpers/admin-session.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { confirm, createIntent } from "#tests/helpers/checkout.ts";

/**
 * Issue 35, "safe to switch on": under `providers` nothing of the sandbox exists; Apple Pay's
 * validation URL must be Apple's; the session and confirm routes are rate-limited; and every
 * sandbox order says it is a test.
 */
const session = (app: FastifyInstance, validationUrl: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/payment/apple-pay/session", payload: { validationUrl }, headers });

describe("PAYMENT_GATEWAY=providers: the sandbox does not exist", () => {
  let app: FastifyInstance;
  let moyasar: MoyasarFake;
  beforeAll(async () => {
    const keys = { secretKey: "sk_test_safety_1", publishableKey: "pk_test_safety_1", webhookSecret: "safety-secret" };
    moyasar = await startMoyasarFake(keys);
    app = await createTestApp({
      SITE_URL: "https://nawat.test",
      PAYMENT_GATEWAY: "providers",
      BACKGROUND_JOBS: "false",
      MOYASAR_SECRET_KEY: keys.secretKey,
      MOYASAR_PUBLISHABLE_KEY: keys.publishableKey,
      MOYASAR_WEBHOOK_SECRET: keys.webhookSecret,
      MOYASAR_API_URL: moyasar.url,
    });
  });
  afterAll(async () => {
    await app.close();
    await moyasar.close();
  });

  it("its hosted page, its forms and its webhook endpoint are 404, and the methods say no test mode", async () => {
    for (const [method, url] of [
      ["GET", "/sandbox-gateway/pay/sbx_anything"],
      ["GET", "/ar/sandbox-gateway/pay/sbx_anything"],
      ["POST", "/sandbox-gateway/pay/sbx_anything/card"],
      ["POST", "/sandbox-gateway/pay/sbx_anything/3ds"],
      ["POST", "/api/payment/webhooks/sandbox"],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        ...(method === "POST" ? { payload: { number: "4111111111111111" } } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const methods = (await app.inject("/api/payment/methods?productId=nawat")).json();
    expect(methods).toMatchObject({ gateway: "providers", testMode: false });
  });

  it("the sandbox's Apple Pay test token is not the shop's to judge: it goes to Moyasar like any token", async () => {
    await createIntent(app, { paymentMethod: "apple-pay", applePayToken: { paymentData: { sandbox: "approve" } } });
    expect(await app.db.select().from(sandboxPayments)).toEqual([]);
    const [order] = await app.db.select().from(orders);
    expect(order?.gateway).toBe("moyasar");
    expect(moyasar.requests.some((request) => request.path === "/v1/payments")).toBe(true);
  });
});

describe("Apple Pay's validation URL", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      SITE_URL: "https://nawat.test",
      BACKGROUND_JOBS: "false",
      APPLE_PAY_SESSIONS_PER_MINUTE: "1000",
    });
  });
  afterAll(async () => app.close());

  it("is accepted on Apple's documented merchant-validation hosts", async () => {
    for (const url of [
      "https://apple-pay-gateway.apple.com/paymentservices/startSession",
      "https://cn-apple-pay-gateway.apple.com/paymentservices/startSession",
      "https://apple-pay-gateway-nc-pod3.apple.com/paymentservices/paymentSession",
      "https://apple-pay-gateway-pr-pod5.apple.com/paymentservices/paymentSession",
      "https://cn-apple-pay-gateway-tj-pod2.apple.com/paymentservices/paymentSession",
      "https://apple-pay-gateway-cert.apple.com/paymentservices/startSession",
    ]) {
      expect((await session(app, url)).statusCode, url).toBe(200);
    }
  });

  it("is refused anywhere else with 400 in the API's error shape, in the caller's language", async () => {
    for (const url of [
      "http://apple-pay-gateway.apple.com/paymentservices/startSession",
      "https://apple-pay-gateway.apple.com.evil.example/paymentservices/startSession",
      "https://evil.example/apple-pay-gateway.apple.com",
      "https://apple.com/paymentservices/startSession",
      "https://user:pass@apple-pay-gateway.apple.com/paymentservices/startSession",
      "https://apple-pay-gateway.apple.com:8443/paymentservices/startSession",
      "https://169.254.169.254/latest/meta-data/",
      "https://localhost/paymentservices/startSession",
    ]) {
      const response = await session(app, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toMatchObject({
        code: "invalid_request",
        message: "This Apple Pay request did not come from Apple Pay. Please try again.",
        fields: { validationUrl: "This Apple Pay request did not come from Apple Pay. Please try again." },
      });
    }
    const arabic = await session(app, "https://evil.example/x", { "accept-language": "ar" });
    expect(arabic.json().error.message).toBe("لم يصدر هذا الطلب عن Apple Pay. يُرجى المحاولة مرة أخرى.");
  });
});

describe("rate limits of the Apple Pay session and of confirm", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      SITE_URL: "https://nawat.test",
      BACKGROUND_JOBS: "false",
      CHECKOUTS_PER_MINUTE: "1000",
      APPLE_PAY_SESSIONS_PER_MINUTE: "2",
      PAYMENT_CONFIRMS_PER_MINUTE: "2",
    });
  });
  afterAll(async () => app.close());

  it("answer 429 past APPLE_PAY_SESSIONS_PER_MINUTE and PAYMENT_CONFIRMS_PER_MINUTE, in the caller's words", async () => {
    const apple = "https://apple-pay-gateway.apple.com/paymentservices/startSession";
    expect((await session(app, apple)).statusCode).toBe(200);
    expect((await session(app, apple)).statusCode).toBe(200);
    const sessions = await session(app, apple, { "accept-language": "ar" });
    expect(sessions.statusCode).toBe(429);
    expect(sessions.json().error).toMatchObject({
      code: "rate_limited",
      message: "محاولات كثيرة للدفع عبر Apple Pay في وقت قصير. انتظر دقيقة ثم حاول من جديد.",
    });

    const intent = (await createIntent(app)).json();
    expect((await confirm(app, intent.paymentIntentId)).statusCode).toBe(200);
    expect((await confirm(app, intent.paymentIntentId)).statusCode).toBe(200);
    const confirms = await confirm(app, intent.paymentIntentId);
    expect(confirms.statusCode).toBe(429);
    expect(confirms.json().error.message).toBe(
      "Too many payment checks in a short time. Please wait a minute and try again.",
    );
  });
});

describe("sandbox orders are marked as tests", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({
      SITE_URL: "https://nawat.test",
      PAYMENT_GATEWAY: "sandbox",
      BACKGROUND_JOBS: "false",
      STUDIO_EMAIL: "studio@nawat.test",
    });
  });
  afterAll(async () => app.close());

  it("in the methods, the admin's list and both e-mails", async () => {
    expect((await app.inject("/api/payment/methods?productId=nawat")).json().testMode).toBe(true);
    const paid = await createIntent(app, {
      paymentMethod: "apple-pay",
      applePayToken: { paymentData: { sandbox: "approve" } },
    });
    const { orderReference } = paid.json();
    const subjects = (await app.db.select().from(outbox)).map((mail) => mail.subject);
    expect(subjects).toContain(`[TEST] Your order ${orderReference} is confirmed`);
    expect(subjects.some((subject) => subject.startsWith(`[TEST] New paid order ${orderReference}`))).toBe(true);

    const admin = await createSignedInUser(app, { isAdmin: true });
    const list = await app.inject({ url: "/api/admin/orders", headers: { authorization: `Bearer ${admin.token}` } });
    expect(list.json().items).toEqual([expect.objectContaining({ reference: orderReference, test: true })]);
  });
});
