import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, paymentAlerts } from "#server/db/schema.ts";
import { signInAdmin, signUpCustomer, type TestAccount } from "#tests/helpers/accounts.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { insertOrder } from "#tests/helpers/orders.ts";

/**
 * The admin's payment alerts (issue 35, decision 0044): GET /api/admin/payment-alerts and
 * POST /api/admin/payment-alerts/:id/resolve, guarded like every admin route, with the open count
 * on the dashboard and the resolution in the order's history.
 */
let app: FastifyInstance;
let admin: TestAccount;
let customer: TestAccount;

beforeAll(async () => {
  app = await createTestApp({ BACKGROUND_JOBS: "false", SIGNUPS_PER_HOUR: "1000" });
  admin = await signInAdmin(app);
  customer = await signUpCustomer(app);
});

afterAll(async () => {
  await app.close();
});

let serial = 0;
async function insertAlert(fields: Partial<typeof paymentAlerts.$inferInsert> = {}) {
  serial += 1;
  const [alert] = await app.db
    .insert(paymentAlerts)
    .values({
      kind: "unmatched",
      gateway: "moyasar",
      providerPaymentId: `pay-${serial}-${Date.now()}`,
      amountHalalas: 42_200,
      currency: "SAR",
      providerStatus: "paid",
      action: "kept",
      idempotencyKey: `key-${serial}-${Date.now()}`,
      ...fields,
    })
    .returning();
  return alert!;
}

const list = (query = "", headers: Record<string, string> = admin.bearer) =>
  app.inject({ url: `/api/admin/payment-alerts${query}`, headers });
const resolve = (id: number | string, body: unknown, headers: Record<string, string> = admin.bearer) =>
  app.inject({ method: "POST", url: `/api/admin/payment-alerts/${id}/resolve`, payload: body as object, headers });

describe("payment alerts in the admin API", () => {
  it("answers 401 signed out and 403 to a customer, on the list and on resolving", async () => {
    const alert = await insertAlert();
    expect((await list("", {})).statusCode).toBe(401);
    expect((await list("", customer.bearer)).statusCode).toBe(403);
    expect((await resolve(alert.id, { note: "x" }, {})).statusCode).toBe(401);
    const forbidden = await resolve(alert.id, { note: "x" }, { ...customer.bearer, "accept-language": "ar" });
    expect(forbidden.statusCode).toBe(403);
    const [still] = await app.db.select().from(paymentAlerts).where(eq(paymentAlerts.id, alert.id));
    expect(still!.resolvedAt).toBeNull();
  });

  it("lists open alerts newest first with their order and count, and the dashboard counts them", async () => {
    const order = await insertOrder(app.db, { status: "expired", paidAt: null, gateway: "moyasar" });
    const late = await insertAlert({
      kind: "late",
      orderId: order.id,
      action: "refunded",
      refundMethod: "refund",
      refundHalalas: 42_200,
    });
    const response = await list();
    expect(response.statusCode).toBe(200);
    const total = Number(response.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(2);
    const items = response.json() as Record<string, unknown>[];
    expect(items[0]).toMatchObject({
      id: late.id,
      kind: "late",
      action: "refunded",
      refundMethod: "refund",
      refundHalalas: 42_200,
      amountHalalas: 42_200,
      currency: "SAR",
      gateway: "moyasar",
      providerPaymentId: late.providerPaymentId,
      order: { id: order.id, reference: order.reference, status: "expired" },
      resolvedAt: null,
    });
    const dashboard = await app.inject({ url: "/api/admin/dashboard", headers: admin.bearer });
    expect(dashboard.json().openPaymentAlerts).toBe(total);
  });

  it("resolves an alert with the admin's note: it leaves the open list, keeps who and why, and notes it on the order", async () => {
    const order = await insertOrder(app.db, {
      status: "paid",
      gateway: "moyasar",
      paymentReference: `ref-${Date.now()}`,
    });
    const alert = await insertAlert({
      kind: "duplicate",
      orderId: order.id,
      action: "refund_failed",
      error: "declined",
    });
    const before = Number((await list()).headers["x-total-count"]);

    const resolved = await resolve(alert.id, { note: "  Refunded by hand in Moyasar's dashboard  " });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({
      alert: {
        id: alert.id,
        resolutionNote: "Refunded by hand in Moyasar's dashboard",
        resolvedBy: "Huda Al-Rashid",
      },
      message: `Payment alert ${alert.id} is resolved.`,
    });
    expect(resolved.json().alert.resolvedAt).toEqual(expect.any(String));

    const open = await list();
    expect(Number(open.headers["x-total-count"])).toBe(before - 1);
    expect((open.json() as { id: number }[]).map((item) => item.id)).not.toContain(alert.id);
    const done = await list("?state=resolved");
    expect((done.json() as { id: number }[]).map((item) => item.id)).toContain(alert.id);

    const again = await resolve(alert.id, { note: "twice" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("already_resolved");

    const history = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: "paid",
      toStatus: "paid",
      detail: {
        stage: "payment_alert",
        alertId: alert.id,
        outcome: "resolved",
        note: "Refunded by hand in Moyasar's dashboard",
      },
    });
    const view = await app.inject({ url: `/api/admin/orders/${order.id}`, headers: admin.bearer });
    expect(view.json().order.events.at(-1)).toMatchObject({
      fromStatus: "paid",
      status: "paid",
      actor: expect.stringMatching(/^admin:/),
    });
  });

  it("refuses an empty note (in the admin's language) and an unknown alert", async () => {
    const alert = await insertAlert();
    const empty = await resolve(alert.id, { note: "   " }, { ...admin.bearer, "accept-language": "ar" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.note).toBe("اكتب ما اتُّخذ بشأن هذه الدفعة.");
    const english = await resolve(alert.id, {});
    expect(english.statusCode).toBe(400);
    expect(english.json().error.fields.note).toBe("Write what was done about this payment.");
    const unknown = await resolve(987_654_321, { note: "x" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("No payment alert has this id.");
    expect((await resolve("abc", { note: "x" })).statusCode).toBe(400);
  });
});
