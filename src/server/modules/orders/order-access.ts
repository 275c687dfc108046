import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { appSecrets, orders } from "#server/db/schema/orders.ts";

/**
 * Who may read an order (decision 0017): its owner's session, an admin, or the holder of the
 * order's access token, an HMAC of the order id under a key the server generated once and keeps in
 * `app_secrets` (so every instance and every restart agrees, and no one has to configure it).
 * create-intent, confirm and the guest lookup hand the token out; the e-mails carry it in links.
 */
const SECRET_NAME = "order-links";
const secrets = new WeakMap<Db, Promise<Buffer>>();

async function loadSecret(db: Db): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error("order link secret missing after insert");
  return Buffer.from(row.value, "base64");
}

function orderLinkSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadSecret(db);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

function sign(secret: Buffer, orderId: string): string {
  return createHmac("sha256", secret).update(`order:${orderId}`).digest("base64url");
}

/** The token that opens one order (and its invoice) without a session. */
export async function orderAccessToken(db: Db, orderId: string): Promise<string> {
  return sign(await orderLinkSecret(db), orderId);
}

export async function isOrderAccessToken(db: Db, orderId: string, token: string | undefined): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const expected = Buffer.from(sign(await orderLinkSecret(db), orderId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type OrderViewer = { user: { id: string; isAdmin: boolean } | null; accessToken?: string | undefined };

type OrderRow = typeof orders.$inferSelect;

/**
 * The order with this reference if the viewer may read it, otherwise null: the caller answers 404
 * either way, so a stranger cannot tell a wrong reference from someone else's order.
 */
export async function findOrderForViewer(db: Db, reference: string, viewer: OrderViewer): Promise<OrderRow | null> {
  if (reference.length > 40) return null;
  const [order] = await db.select().from(orders).where(eq(orders.reference, reference.trim().toUpperCase())); // references are stored upper-case
  if (!order) return null;
  if (viewer.user?.isAdmin) return order;
  if (viewer.user && order.userId === viewer.user.id) return order;
  if (await isOrderAccessToken(db, order.id, viewer.accessToken)) return order;
  return null;
}
