import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, orderEvents, orders, outbox, sandboxPayments } from "#server/db/schema.ts";
import { configureOrderAccess } from "#server/modules/orders/order-access.ts";
import { reconcilePayments } from "#server/modules/orders/reconcile-payments.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import {
  checkoutBody,
  confirm,
  createIntent,
  payByCard,
  postSandboxForm,
  sandboxPath,
} from "#tests/helpers/checkout.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";

let app: FastifyInstance;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({
    SMTP_URL: smtp.url,
    STUDIO_EMAIL: "studio@nawat.test",
    SITE_URL: "https://nawat.test",
    CHECKOUTS_PER_MINUTE: "1000",
    SANDBOX_WEBHOOK_DUPLICATE_RATE: "0",
  });
});

afterAll(async () => {
  await app.close();
  await smtp.close();
});

const orderOf = async (reference: string) => {
  const [order] = await app.db.select().from(orders).where(eq(orders.reference, reference));
  return order!;
};

const mailTo = (address: string, reference: string) =>
  smtp.messages.filter(
    (mail) => mail.to && JSON.stringify(mail.to).includes(address) && mail.subject?.includes(reference),
  );

describe("POST /api/payment/create-intent: prices from the catalog only", () => {
  it.each([
    ["a tampered amount", { amount: "1.00" }, "amount", "The amount does not match the price of this product."],
    ["an amount as a number with a third decimal", { amount: 422.001 }, "amount", "The amount does not match"],
    ["another currency", { currency: "USD" }, "currency", "Prices are in Saudi riyals (SAR)."],
    ["an unknown product", { productId: "teapot" }, "productId", "Choose one of the studio's products."],
    ["a quantity of 2", { quantity: 2 }, "quantity", "The quantity must be 1."],
  ])("refuses %s with 400 and the field's message, creating no order", async (_what, override, field, message) => {
    const before = await app.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const response = await createIntent(app, override);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toContain(message);
    const after = await app.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('accepts the price as 422, 422.0 or "422.00", and prices Sanam at 350 with its VAT', async () => {
    for (const amount of [422, 422.0, "422", "422.00"])
      expect((await createIntent(app, { amount })).statusCode).toBe(201);
    const sanam = await createIntent(app, { productId: "sanam", amount: "350.00" });
    expect(sanam.statusCode).toBe(201);
    const order = await orderOf(sanam.json().orderReference);
    expect(order).toMatchObject({
      totalAmountHalalas: 35_000,
      vatHalalas: 4565,
      unitAmountHalalas: 35_000,
      currency: "SAR",
    });
  });

  it("says in Arabic what is wrong when the page is Arabic", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/payment/create-intent",
      payload: { ...checkoutBody({ amount: "1" }), lang: "ar" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.amount).toBe("المبلغ لا يطابق سعر هذا المنتج. حدّث الصفحة ثم حاول مجددًا.");
  });

  it("validates the buyer: a non-Saudi mobile and a missing street are refused", async () => {
    const response = await createIntent(app, {
      phone: "+44 20 7946 0958",
      address: { city: "Riyadh", district: "Olaya", street: "" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(["address.street", "phone"]);
  });
});

describe("card payments through the sandbox's hosted page", () => {
  it("opens the payment, shows the hosted page in the buyer's language, and pays once after 3-D Secure", async () => {
    const created = await app.inject({
      method: "POST",
      url: "/api/payment/create-intent",
      payload: { ...checkoutBody({ email: "card.buyer@example.sa" }), lang: "ar" },
    });
    expect(created.statusCode).toBe(201);
    const intent = created.json();
    expect(intent.orderReference).toMatch(/^ORD-[A-Z2-7]{8}$/);
    expect(intent.paymentIntentId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(intent.status).toBe("awaiting_payment");
    expect(intent.redirectUrl).toMatch(/^https:\/\/nawat\.test\/sandbox-gateway\/pay\/sbx_/);

    const page = await app.inject({ url: sandboxPath(intent.redirectUrl) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain("بيئة تجريبية — لا تُخصم أي مبالغ حقيقية");
    expect(page.body).toContain("٤٢٢ ريال");
    expect(page.headers["content-security-policy"]).toMatch(/default-src 'none'; style-src 'sha256-/);

    // Confirm before paying: still waiting, nothing paid.
    const early = await confirm(app, intent.paymentIntentId);
    expect(early.statusCode).toBe(200);
    expect(early.json().order.status).toBe("awaiting_payment");

    const bad = await postSandboxForm(app, `${sandboxPath(intent.redirectUrl)}/card`, {
      number: "12",
      expiry: "13/99",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("أدخل رقم البطاقة");

    const back = await payByCard(app, intent.redirectUrl, "4111 1111 1111 1111");
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(
      `/ar/checkout?order=${intent.orderReference}&intent=${encodeURIComponent(intent.paymentIntentId)}&method=credit-card`,
    );

    const confirmed = await confirm(app, intent.paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    const { order } = confirmed.json();
    expect(order).toMatchObject({
      reference: intent.orderReference,
      status: "paid",
      totalAmountHalalas: 42_200,
      vatHalalas: 5504,
      // Paid through the sandbox: its invoice is of the test series, not the real sequence (issue 35).
      invoice: { number: expect.stringMatching(/^TEST-\d{6}$/) },
    });
    expect(order.events.map((event: { status: string }) => event.status)).toEqual([
      "pending",
      "awaiting_payment",
      "paid",
    ]);

    // The buyer's confirmation in Arabic and the studio's copy arrive once.
    await smtp.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const buyerMail = mailTo("card.buyer@example.sa", intent.orderReference);
    const studioMail = mailTo("studio@nawat.test", intent.orderReference);
    expect(buyerMail).toHaveLength(1);
    expect(studioMail).toHaveLength(1);
    expect(buyerMail[0]!.subject).toBe(`[تجريبي] تم تأكيد طلبك ${intent.orderReference}`);
    expect(buyerMail[0]!.text).toContain("٤٢٢ ريال");
    expect(buyerMail[0]!.text).toContain("٥٥٫٠٤ ريال");
    expect(buyerMail[0]!.text).toContain("King Fahd Road");
    // The link carries the order's access token (issue 35: one of its own, with its own expiry) in the fragment.
    const link = /https:\/\/nawat\.test\/ar\/orders\/invoice#ref=([\w-]+)&amp;access=(o1\.[\w.-]+)"/.exec(
      String(buyerMail[0]!.html),
    );
    expect(link?.[1]).toBe(intent.orderReference);
    const opened = await app.inject({
      url: `/api/orders/${intent.orderReference}`,
      headers: { "x-order-access": link![2]! },
    });
    expect(opened.statusCode).toBe(200);
    expect(studioMail[0]!.replyTo?.text).toContain("card.buyer@example.sa");

    // Confirming again changes nothing and sends nothing.
    const again = await confirm(app, intent.paymentIntentId);
    expect(again.json().order.status).toBe("paid");
    const rows = await app.db.select().from(orderEvents).innerJoin(orders, eq(orders.id, orderEvents.orderId));
    expect(rows.filter((row) => row.orders.reference === intent.orderReference)).toHaveLength(3);
  });

  it("ten concurrent confirms of one intent make one paid order, one invoice and one pair of e-mails", async () => {
    // Without background jobs no webhook can pay the order first: the ten confirms race for it.
    const quiet = await createTestApp({ BACKGROUND_JOBS: "false", CHECKOUTS_PER_MINUTE: "1000" });
    try {
      const intent = (await createIntent(quiet, { email: "ten.confirms@example.sa" })).json();
      await payByCard(quiet, intent.redirectUrl, "5421080101000000");
      const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(quiet, intent.paymentIntentId)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((answer) => answer.json().order.status))).toEqual(new Set(["paid"]));
      const [order] = await quiet.db.select().from(orders).where(eq(orders.reference, intent.orderReference));
      const paidEvents = await quiet.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.toStatus, "paid")));
      expect(paidEvents).toHaveLength(1);
      expect(await quiet.db.select().from(invoices).where(eq(invoices.orderId, order!.id))).toHaveLength(1);
      const mails = await quiet.db.select().from(outbox);
      expect(mails.map((mail) => mail.kind).sort()).toEqual(["order.confirmation", "order.studio"]);
    } finally {
      await quiet.close();
    }
  });

  it.each([
    ["4201320000311101", true, "insufficient funds"],
    ["4201321234411220", true, "declined"],
    ["4000000000000002", true, "declined"],
    ["4111111111111111", false, "3-D Secure authentication failed"],
  ])(
    "card %s (3-D Secure approved: %s) fails the order: confirm answers 402 with the order",
    async (number, approve, reason) => {
      const intent = (await createIntent(app)).json();
      await payByCard(app, intent.redirectUrl, number, approve);
      const response = await confirm(app, intent.paymentIntentId);
      expect(response.statusCode).toBe(402);
      const body = response.json();
      expect(body.error).toEqual({
        code: "payment_failed",
        message: "An error occurred while processing payment. Please try again.",
      });
      expect(body.order).toMatchObject({ reference: intent.orderReference, status: "failed", invoice: null });
      const order = await orderOf(intent.orderReference);
      const [failed] = await app.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "failed")));
      expect(failed).toMatchObject({
        // Confirm or the sandbox's webhook, whichever came first.
        actor: expect.stringMatching(/^(gateway|webhook):sandbox$/),
        detail: { failureReason: reason },
      });
    },
  );

  it("the buyer's cancel on the hosted page cancels the order", async () => {
    const intent = (await createIntent(app)).json();
    const back = await postSandboxForm(app, `${sandboxPath(intent.redirectUrl)}/cancel`, {});
    expect(back.statusCode).toBe(303);
    const response = await confirm(app, intent.paymentIntentId);
    expect(response.statusCode).toBe(402);
    expect(response.json().order.status).toBe("cancelled");
  });

  it("confirm with an unknown intent is 404, with another method 400", async () => {
    expect((await confirm(app, "no-such-intent")).statusCode).toBe(404);
    const intent = (await createIntent(app)).json();
    const response = await confirm(app, intent.paymentIntentId, "tabby");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("This payment was started with another payment method.");
  });
});

describe("Tamara and Tabby", () => {
  it("Tamara: the approved test phone authorises, and confirm completes the payment (authorise) and pays", async () => {
    const intent = (await createIntent(app, { paymentMethod: "tamara" })).json();
    expect(intent.redirectUrl).toContain("/sandbox-gateway/pay/");
    const page = await app.inject({ url: sandboxPath(intent.redirectUrl) });
    expect(page.body).toContain("Pay in 4 with Tamara");
    expect(page.body).toContain("105.50 SAR");
    const back = await postSandboxForm(app, `${sandboxPath(intent.redirectUrl)}/decide`, {
      phone: "544337866",
      action: "approve",
    });
    expect(back.statusCode).toBe(303);
    const [ledger] = await app.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderReference, intent.orderReference));
    // Approved, not yet authorised by us (unless the sandbox's webhook already made the server complete it).
    expect(["authorized", "paid"]).toContain(ledger!.status);
    const response = await confirm(app, intent.paymentIntentId, "tamara");
    expect(response.json().order.status).toBe("paid");
    const [after] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, ledger!.id));
    expect(after!.status).toBe("paid");
  });

  it("Tamara: the declined test phone fails the order", async () => {
    const intent = (await createIntent(app, { paymentMethod: "tamara" })).json();
    await postSandboxForm(app, `${sandboxPath(intent.redirectUrl)}/decide`, { phone: "526422337", action: "approve" });
    const response = await confirm(app, intent.paymentIntentId, "tamara");
    expect(response.statusCode).toBe(402);
    expect(response.json().order.status).toBe("failed");
  });

  it("Tabby: +966500000001 is authorised and captured on confirm", async () => {
    const intent = (await createIntent(app, { paymentMethod: "tabby", phone: "+966500000001" })).json();
    await postSandboxForm(app, `${sandboxPath(intent.redirectUrl)}/decide`, {
      phone: "+966500000001",
      action: "approve",
    });
    expect((await confirm(app, intent.paymentIntentId, "tabby")).json().order.status).toBe("paid");
  });

  it("Tabby: +966500000002 is rejected at session creation: 402 payment_declined with Tabby's words, in English and Arabic", async () => {
    const english = await createIntent(app, { paymentMethod: "tabby", phone: "+966500000002" });
    expect(english.statusCode).toBe(402);
    expect(english.json().error).toEqual({
      code: "payment_declined",
      message:
        "Sorry, Tabby is unable to approve this purchase. Please use an alternative payment method for your order.",
    });
    const arabic = await app.inject({
      method: "POST",
      url: "/api/payment/create-intent",
      payload: { ...checkoutBody({ paymentMethod: "tabby", phone: "0500000002" }), lang: "ar" },
    });
    expect(arabic.statusCode).toBe(402);
    expect(arabic.json().error.message).toBe(
      "نأسف، تابي غير قادرة على الموافقة على هذه العملية. الرجاء استخدام طريقة دفع أخرى.",
    );
    const failed = await app.db.select().from(orders).where(eq(orders.status, "failed"));
    expect(failed.some((order) => order.customerPhone === "+966500000002")).toBe(true);
  });

  it("GET /api/payment/methods offers the four methods with the first of four instalments", async () => {
    const response = await app.inject({ url: "/api/payment/methods?productId=nawat" });
    expect(response.json()).toEqual({
      gateway: "sandbox",
      testMode: true,
      methods: [
        { id: "apple-pay", available: true },
        { id: "credit-card", available: true },
        { id: "tamara", available: true, instalment: { count: 4, amountHalalas: 10_550 } },
        { id: "tabby", available: true, instalment: { count: 4, amountHalalas: 10_550 } },
      ],
    });
    expect((await app.inject({ url: "/api/payment/methods?productId=teapot" })).statusCode).toBe(400);
  });
});

describe("Apple Pay (the direct path)", () => {
  it("an approved token pays at once; confirm after the 2 s wait says paid", async () => {
    const created = await createIntent(app, {
      paymentMethod: "apple-pay",
      applePayToken: { paymentData: { sandbox: "approve" } },
    });
    expect(created.statusCode).toBe(201);
    const intent = created.json();
    expect(intent.status).toBe("paid");
    expect(intent.redirectUrl).toBeUndefined();
    expect((await confirm(app, intent.paymentIntentId, "apple-pay")).json().order.status).toBe("paid");
  });

  it("a declined token is 402 payment_declined; an unreadable one 400", async () => {
    const declined = await createIntent(app, {
      paymentMethod: "apple-pay",
      applePayToken: { paymentData: { sandbox: "decline" } },
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.code).toBe("payment_declined");
    const unreadable = await createIntent(app, { paymentMethod: "apple-pay", applePayToken: "garbage" });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.fields.applePayToken).toBe(
      "Apple Pay did not send a readable payment. Please try again.",
    );
    expect((await createIntent(app, { paymentMethod: "apple-pay" })).statusCode).toBe(400);
  });

  it("answers a merchant session for the sheet", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/payment/apple-pay/session",
      payload: { validationUrl: "https://apple-pay-gateway.apple.com/paymentservices/startSession" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      merchantSessionIdentifier: expect.any(String),
      domainName: "nawat.test",
      displayName: "Nawat Studio",
      epochTimestamp: expect.any(Number),
    });
  });
});

describe("a provider outage", () => {
  it("answers 502 gateway_error ('A system error occurred'); the order waits for reconciliation, which finds no payment and fails it", async () => {
    const response = await createIntent(app, { email: "gateway-error@example.sa" });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toEqual({
      code: "gateway_error",
      message: "A system error occurred. Please try again.",
    });
    const [order] = await app.db.select().from(orders).where(eq(orders.customerEmail, "gateway-error@example.sa"));
    // A 503 may come after the provider acted (issue 35): not failed blind.
    expect(order).toMatchObject({ status: "pending", gateway: "sandbox", paymentReference: null });
    await reconcilePayments(app.payments, {
      olderThanMs: 60_000,
      expiryHours: 24,
      now: new Date(Date.now() + 5 * 60_000),
    });
    const [after] = await app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after!.status).toBe("failed");
    const [failed] = await app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.toStatus, "failed")));
    expect(failed!.detail).toMatchObject({ stage: "reconcile", reason: "no_payment_made" });
  });
});

describe("Idempotency-Key on create-intent", () => {
  it("the same key and body answer the first answer again, with no second payment at the gateway", async () => {
    const headers = { "idempotency-key": "checkout-7f3a9c" };
    const first = await createIntent(app, { email: "idem@example.sa" }, headers);
    const second = await createIntent(app, { email: "idem@example.sa" }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const ledger = await app.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderReference, first.json().orderReference));
    expect(ledger).toHaveLength(1);
  });

  it("a retry minutes later still answers the very same access token", async () => {
    const headers = { "idempotency-key": "checkout-later-1" };
    const first = await createIntent(app, { email: "idem-later@example.sa" }, headers);
    configureOrderAccess(app.db, { ttlDays: 90, now: () => Date.now() + 10 * 60_000 });
    try {
      const second = await createIntent(app, { email: "idem-later@example.sa" }, headers);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
    } finally {
      configureOrderAccess(app.db, { ttlDays: 90 });
    }
  });

  it("concurrent retries with one key make one order", async () => {
    const headers = { "idempotency-key": "checkout-concurrent-1" };
    const answers = await Promise.all(Array.from({ length: 5 }, () => createIntent(app, {}, headers)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(answers.map((answer) => answer.json().orderReference)).size).toBe(1);
  });

  it("the same key with another body is 422 idempotency_key_reused", async () => {
    const headers = { "idempotency-key": "checkout-reused" };
    expect((await createIntent(app, {}, headers)).statusCode).toBe(201);
    const response = await createIntent(app, { name: "Someone Else" }, headers);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe("idempotency_key_reused");
  });

  it("a refusal is answered again too, and a key over 255 characters is refused", async () => {
    const headers = { "idempotency-key": "tabby-rejected-once" };
    const body = { paymentMethod: "tabby", phone: "+966500000002" };
    expect((await createIntent(app, body, headers)).statusCode).toBe(402);
    expect((await createIntent(app, body, headers)).statusCode).toBe(402);
    const tooLong = await createIntent(app, {}, { "idempotency-key": "k".repeat(256) });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("create-intent's rate limit", () => {
  it("refuses an address past CHECKOUTS_PER_MINUTE with 429 in the caller's words", async () => {
    const limited = await createTestApp({ BACKGROUND_JOBS: "false", CHECKOUTS_PER_MINUTE: "2" });
    try {
      expect((await createIntent(limited)).statusCode).toBe(201);
      expect((await createIntent(limited)).statusCode).toBe(201);
      const refused = await createIntent(limited, {}, { "accept-language": "ar" });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe("محاولات دفع كثيرة في وقت قصير. انتظر دقيقة ثم حاول من جديد.");
    } finally {
      await limited.close();
    }
  });
});
