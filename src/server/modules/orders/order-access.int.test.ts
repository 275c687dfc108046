import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appSecrets, orders } from "#server/db/schema.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { createIntent } from "#tests/helpers/checkout.ts";
import { configureOrderAccess, orderAccessToken, revokeOrderAccess } from "./order-access.ts";

/** Issue 35: an order's access token expires, can be revoked, and travels in a header only. */
let app: FastifyInstance;
let clock = Date.now();
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp({ BACKGROUND_JOBS: "false", CHECKOUTS_PER_MINUTE: "1000", ORDER_ACCESS_TTL_DAYS: "30" });
  configureOrderAccess(app.db, { ttlDays: 30, now: () => clock });
});
afterAll(async () => app.close());

const read = (reference: string, token: string) =>
  app.inject({ url: `/api/orders/${reference}`, headers: { "x-order-access": token } });

async function newOrder() {
  clock = Date.now();
  const intent = (await createIntent(app)).json() as { orderReference: string; accessToken: string };
  const [order] = await app.db.select().from(orders).where(eq(orders.reference, intent.orderReference));
  return { ...intent, id: order!.id };
}

describe("order access tokens", () => {
  it("open the order until they expire, and carry no secret in clear", async () => {
    const order = await newOrder();
    expect(order.accessToken).toMatch(/^o1\.[0-9a-z]+\.0\.[\w-]{43}$/);
    expect((await read(order.orderReference, order.accessToken)).statusCode).toBe(200);
    clock += 29 * DAY;
    expect((await read(order.orderReference, order.accessToken)).statusCode).toBe(200);
    clock += 2 * DAY;
    expect((await read(order.orderReference, order.accessToken)).statusCode).toBe(404);
  });

  it("stop opening it when the order's version is raised; tokens made afterwards work", async () => {
    const order = await newOrder();
    await revokeOrderAccess(app.db, order.id);
    expect((await read(order.orderReference, order.accessToken)).statusCode).toBe(404);
    const fresh = await orderAccessToken(app.db, order.id);
    expect(fresh).toMatch(/^o1\.[0-9a-z]+\.1\./);
    expect((await read(order.orderReference, fresh)).statusCode).toBe(200);
  });

  it("cannot be stretched: a later expiry or another version with the old MAC is refused", async () => {
    const order = await newOrder();
    const [prefix, expiry, version, mac] = order.accessToken.split(".");
    const later = (parseInt(expiry!, 36) + 365 * 86_400).toString(36);
    expect((await read(order.orderReference, [prefix, later, version, mac].join("."))).statusCode).toBe(404);
    expect((await read(order.orderReference, [prefix, expiry, "1", mac].join("."))).statusCode).toBe(404);
  });

  it("the links of before (no expiry) open a young, never revoked order, by the header only", async () => {
    const order = await newOrder();
    const [secret] = await app.db.select().from(appSecrets).where(eq(appSecrets.name, "order-links"));
    const legacy = createHmac("sha256", Buffer.from(secret!.value, "base64"))
      .update(`order:${order.id}`)
      .digest("base64url");
    expect((await read(order.orderReference, legacy)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/orders/${order.orderReference}?access=${legacy}` })).statusCode).toBe(404);
    clock += 31 * DAY;
    expect((await read(order.orderReference, legacy)).statusCode).toBe(404);
    clock = Date.now();
    await revokeOrderAccess(app.db, order.id);
    expect((await read(order.orderReference, legacy)).statusCode).toBe(404);
  });

  it("ORDER_ACCESS_SECRET signs them when set; changing it revokes every token", async () => {
    const order = await newOrder();
    configureOrderAccess(app.db, { ttlDays: 30, now: () => clock, secret: "a".repeat(40) });
    try {
      expect((await read(order.orderReference, order.accessToken)).statusCode).toBe(404);
      const signed = await orderAccessToken(app.db, order.id);
      expect((await read(order.orderReference, signed)).statusCode).toBe(200);
    } finally {
      configureOrderAccess(app.db, { ttlDays: 30, now: () => clock });
    }
  });
});
