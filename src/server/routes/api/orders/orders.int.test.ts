import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orders, sandboxPayments } from "#server/db/schema.ts";
import { expireOrders } from "#server/modules/orders/expire-orders.ts";
import { getDashboard } from "#server/modules/admin/get-dashboard.ts";
import { signInAdmin, type TestAccount } from "#tests/helpers/accounts.ts";
import { bearer, createSignedInUser } from "#tests/helpers/admin-session.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { confirm, createIntent, payByCard } from "#tests/helpers/checkout.ts";

/** Background jobs off: nothing but these tests (and the expiry run they start) moves an order. */
let app: FastifyInstance;
let admin: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ BACKGROUND_JOBS: "false", CHECKOUTS_PER_MINUTE: "1000", ORDER_LOOKUPS_PER_MINUTE: "5" });
  admin = await signInAdmin(app);
});

afterAll(async () => {
  await app.close();
});

const orderOf = async (reference: string) => {
  const [order] = await app.db.select().from(orders).where(eq(orders.reference, reference));
  return order!;
};

async function paidOrder(headers: Record<string, string> = {}, overrides: Record<string, unknown> = {}) {
  const intent = (await createIntent(app, overrides, headers)).json();
  await payByCard(app, intent.redirectUrl, "4111111111111111");
  expect((await confirm(app, intent.paymentIntentId)).json().order.status).toBe("paid");
  return intent as { orderReference: string; accessToken: string; paymentIntentId: string };
}

describe("reading orders: owner, access token, or 404", () => {
  it("a signed-in buyer sees their own orders only; another buyer's order is 404 for them", async () => {
    const alice = await createSignedInUser(app);
    const bob = await createSignedInUser(app);
    const mine = await paidOrder(bearer(alice), { email: "alice@example.sa" });

    const list = await app.inject({ url: "/api/orders", headers: bearer(alice) });
    expect(list.json().orders.map((order: { reference: string }) => order.reference)).toEqual([mine.orderReference]);
    expect((await app.inject({ url: "/api/orders", headers: bearer(bob) })).json().orders).toEqual([]);
    expect((await app.inject({ url: "/api/orders" })).statusCode).toBe(401);

    const own = await app.inject({ url: `/api/orders/${mine.orderReference.toLowerCase()}`, headers: bearer(alice) });
    expect(own.statusCode).toBe(200);
    expect(own.json().order).toMatchObject({ reference: mine.orderReference, status: "paid" });

    const strangers = [
      await app.inject({ url: `/api/orders/${mine.orderReference}`, headers: bearer(bob) }),
      await app.inject({ url: `/api/orders/${mine.orderReference}` }),
      await app.inject({ url: `/api/orders/${mine.orderReference}`, headers: { "x-order-access": "x".repeat(43) } }),
      await app.inject({ url: `/api/orders/ORD-AAAAAAAA`, headers: { "x-order-access": mine.accessToken } }),
      // The token in the query string is not read at all (issue 35): it would end up in logs.
      await app.inject({ url: `/api/orders/${mine.orderReference}?access=${mine.accessToken}` }),
    ];
    for (const response of strangers) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(
        "We could not find an order with these details. Check the reference and the e-mail address.",
      );
    }
    const withToken = await app.inject({
      url: `/api/orders/${mine.orderReference}`,
      headers: { "x-order-access": mine.accessToken },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.json().order.invoice.number).toMatch(/^TEST-/); // a sandbox order: the test series (issue 35)
  });

  it("a guest finds an order by reference and e-mail; a wrong one of either is the same 404; look-ups are rate limited", async () => {
    const order = await paidOrder({}, { email: "guest.buyer@example.sa" });
    const found = await app.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { reference: ` ${order.orderReference.toLowerCase()} `, email: "Guest.Buyer@example.sa" },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ order: { reference: order.orderReference } });
    // A fresh token (it carries its own expiry) that opens the order.
    const opened = await app.inject({
      url: `/api/orders/${order.orderReference}`,
      headers: { "x-order-access": found.json().accessToken },
    });
    expect(opened.statusCode).toBe(200);

    const wrongEmail = await app.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { reference: order.orderReference, email: "someone@example.sa" },
    });
    const wrongReference = await app.inject({
      method: "POST",
      url: "/api/orders/lookup",
      payload: { reference: "ORD-ZZZZZZZZ", email: "guest.buyer@example.sa" },
    });
    expect(wrongEmail.statusCode).toBe(404);
    expect(wrongReference.statusCode).toBe(404);
    expect(wrongEmail.json()).toEqual(wrongReference.json());

    let limited;
    for (let i = 0; i < 5; i++) {
      limited = await app.inject({
        method: "POST",
        url: "/api/orders/lookup",
        payload: { reference: "ORD-ZZZZZZZZ", email: "guest.buyer@example.sa" },
      });
    }
    expect(limited!.statusCode).toBe(429);
    expect(limited!.json().error.message).toBe(
      "Too many order searches in a short time. Please wait a minute and try again.",
    );
  });
});

describe("the admin's orders", () => {
  it("lists with filters, shows one order with its history, and refunds it at the gateway", async () => {
    const order = await paidOrder({}, { name: "Reem Al-Dosari", email: "reem@example.sa" });
    const list = await app.inject({ url: "/api/admin/orders?q=reem&status=paid", headers: admin.bearer });
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 20 });
    expect(page.items[0]).toMatchObject({
      reference: order.orderReference,
      buyerName: "Reem Al-Dosari",
      status: "paid",
    });
    expect(
      (await app.inject({ url: "/api/admin/orders?status=refunded&q=reem", headers: admin.bearer })).json().total,
    ).toBe(0);
    expect(
      (await app.inject({ url: "/api/admin/orders?method=tabby&q=reem", headers: admin.bearer })).json().total,
    ).toBe(0);
    expect(
      (await app.inject({ url: "/api/admin/orders?from=2000-01-01&to=2000-01-02", headers: admin.bearer })).json()
        .total,
    ).toBe(0);

    const id = page.items[0].id;
    const detail = (await app.inject({ url: `/api/admin/orders/${id}`, headers: admin.bearer })).json().order;
    expect(detail.events.map((event: { actor: string; status: string }) => [event.status, event.actor])).toEqual([
      ["pending", "buyer"],
      ["awaiting_payment", "gateway:sandbox"],
      ["paid", "gateway:sandbox"],
    ]);

    const refund = await app.inject({
      method: "POST",
      url: `/api/admin/orders/${id}/refund`,
      headers: admin.bearer,
      payload: { reason: "The buyer changed their mind" },
    });
    expect(refund.statusCode).toBe(200);
    const refunded = refund.json().order;
    expect(refunded.status).toBe("refunded");
    expect(refunded.events.at(-1)).toMatchObject({
      status: "refunded",
      actor: expect.stringMatching(/^admin:[0-9a-f-]{36}$/),
      detail: { reason: "The buyer changed their mind", refundedHalalas: 42_200 },
    });
    const [ledger] = await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, detail.paymentReference));
    expect(ledger).toMatchObject({ status: "refunded", refundedHalalas: 42_200 });

    const again = await app.inject({ method: "POST", url: `/api/admin/orders/${id}/refund`, headers: admin.bearer });
    expect(again.statusCode).toBe(409);
  });

  it("is for admins only", async () => {
    const customer = await createSignedInUser(app);
    expect((await app.inject({ url: "/api/admin/orders", headers: bearer(customer) })).statusCode).toBe(403);
    expect((await app.inject({ url: "/api/admin/orders" })).statusCode).toBe(401);
  });
});

describe("the expiry job", () => {
  it("honours a late payment, expires the rest (cancelled at the gateway), and the dashboard counts them", async () => {
    const before = await getDashboard(app.db, "en");
    const late = (await createIntent(app, { email: "late.payer@example.sa" })).json();
    await payByCard(app, late.redirectUrl, "4111111111111111"); // paid at the provider; never confirmed here
    const abandoned = (await createIntent(app, { email: "abandoned@example.sa", paymentMethod: "tamara" })).json();
    const fresh = (await createIntent(app, { email: "fresh@example.sa" })).json();
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    for (const reference of [late.orderReference, abandoned.orderReference]) {
      await app.db.update(orders).set({ createdAt: dayAgo }).where(eq(orders.reference, reference));
    }

    const result = await expireOrders(app.payments, { hours: 24 });
    expect(result).toMatchObject({ expired: 1, settled: 1 });

    expect((await orderOf(late.orderReference)).status).toBe("paid");
    const expired = await orderOf(abandoned.orderReference);
    expect(expired.status).toBe("expired");
    const [event] = await app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, expired.id))
      .orderBy(orderEvents.id)
      .offset(2);
    expect(event).toMatchObject({ fromStatus: "awaiting_payment", toStatus: "expired", actor: "system" });
    const [ledger] = await app.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, expired.paymentReference!));
    expect(ledger!.status).toBe("cancelled");
    expect((await orderOf(fresh.orderReference)).status).toBe("awaiting_payment");

    const after = await getDashboard(app.db, "en");
    expect(after.totalOrders - before.totalOrders).toBe(3);
    expect(after.revenue - before.revenue).toBe(42_200);
    expect(after.abandonedCarts - before.abandonedCarts).toBe(1);

    // A second run finds nothing more to do.
    expect(await expireOrders(app.payments, { hours: 24 })).toMatchObject({ expired: 0, settled: 0 });
  });
});
