import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { IncomingHttpHeaders } from "node:http";
import type { Db } from "#server/db/database.ts";
import { appSecrets, orders } from "#server/db/schema/orders.ts";

/**
 * Who may read an order (decision 0017, issue 35): its owner's session, an admin, or the holder of
 * the order's access token. create-intent, confirm and the guest lookup hand the token out; the
 * e-mails carry it in links, in the fragment (`#ref=…&access=…`), which browsers never send; the
 * pages send it in the `X-Order-Access` header, never in a URL's query, so it stays out of
 * request logs, proxies and Referer headers.
 *
 * A token is `o1.<expiry>.<version>.<mac>`: an HMAC-SHA256 over the order id, the order's token
 * version and the expiry (seconds, base 36), under ORDER_ACCESS_SECRET or, when that is not set,
 * a key the server generated once and keeps in `app_secrets` (every instance and every restart
 * agrees, and no one has to configure it). It opens the order until the expiry
 * (ORDER_ACCESS_TTL_DAYS), and only while the order's `access_token_version` is the one it
 * carries: `revokeOrderAccess` raises it, and every link handed out so far stops working.
 *
 * The tokens of before (an HMAC of the order id alone, no expiry) still open their order, through
 * the header only, while the order's version is 0 and the order is younger than the TTL: old
 * e-mails keep working for as long as a new link would, and a revocation ends them too.
 */
const ORDER_ACCESS_HEADER = "x-order-access";

const SECRET_NAME = "order-links";
const TOKEN_PREFIX = "o1";
const MAX_TOKEN_LENGTH = 200;
const DAY_MS = 86_400_000;

export type OrderAccessSettings = {
  /** ORDER_ACCESS_SECRET; without it, the generated key in `app_secrets`. */
  secret?: string | undefined;
  /** ORDER_ACCESS_TTL_DAYS: how long a token handed out now opens its order. */
  ttlDays: number;
  /** The clock (tests move it). */
  now?: () => number;
};

const defaults: OrderAccessSettings = { ttlDays: 90 };
const settingsByDb = new WeakMap<Db, OrderAccessSettings>();
const generatedSecrets = new WeakMap<Db, Promise<Buffer>>();

/** Set once at start (plugins/payments.ts) from the configuration. */
export function configureOrderAccess(db: Db, settings: OrderAccessSettings): void {
  settingsByDb.set(db, settings);
}

const settingsOf = (db: Db) => settingsByDb.get(db) ?? defaults;
const nowOf = (settings: OrderAccessSettings) => (settings.now ? settings.now() : Date.now());

async function loadGeneratedSecret(db: Db): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SECRET_NAME));
  if (!row) throw new Error("order link secret missing after insert");
  return Buffer.from(row.value, "base64");
}

function generatedSecret(db: Db): Promise<Buffer> {
  let secret = generatedSecrets.get(db);
  if (!secret) {
    secret = loadGeneratedSecret(db);
    secret.catch(() => generatedSecrets.delete(db));
    generatedSecrets.set(db, secret);
  }
  return secret;
}

async function signingSecret(db: Db): Promise<Buffer> {
  const configured = settingsOf(db).secret;
  return configured ? Buffer.from(configured, "utf8") : generatedSecret(db);
}

function mac(secret: Buffer, orderId: string, version: number, expiry: string): string {
  return createHmac("sha256", secret).update(`order-access:${orderId}:${version}:${expiry}`).digest("base64url");
}

function legacyMac(secret: Buffer, orderId: string): string {
  return createHmac("sha256", secret).update(`order:${orderId}`).digest("base64url");
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The token that opens one order (and its invoice) without a session, until the TTL from now and
 * the order's next revocation. `version`: the order's `accessTokenVersion` when the caller has
 * the row; read from the database otherwise. `issuedAt`: the moment the TTL counts from when it
 * is not now: create-intent's answer counts from the order's creation, so a retry with the same
 * Idempotency-Key is answered the very same token.
 */
export async function orderAccessToken(db: Db, orderId: string, version?: number, issuedAt?: Date): Promise<string> {
  const settings = settingsOf(db);
  let current = version;
  if (current === undefined) {
    const [row] = await db.select({ version: orders.accessTokenVersion }).from(orders).where(eq(orders.id, orderId));
    current = row?.version ?? 0;
  }
  const from = issuedAt ? issuedAt.getTime() : nowOf(settings);
  const expiry = Math.ceil((from + settings.ttlDays * DAY_MS) / 1000).toString(36);
  return `${TOKEN_PREFIX}.${expiry}.${current}.${mac(await signingSecret(db), orderId, current, expiry)}`;
}

/** Whether `token` opens this order now. */
async function isOrderAccessToken(
  db: Db,
  order: { id: string; accessTokenVersion: number; createdAt: Date },
  token: string | undefined,
): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const settings = settingsOf(db);
  const now = nowOf(settings);
  const parts = token.split(".");
  if (parts.length === 4 && parts[0] === TOKEN_PREFIX) {
    const [, expiry = "", version = "", given = ""] = parts;
    if (!/^[0-9a-z]{1,10}$/.test(expiry) || !/^\d{1,9}$/.test(version)) return false;
    if (parseInt(expiry, 36) * 1000 <= now) return false;
    if (Number(version) !== order.accessTokenVersion) return false;
    return sameText(given, mac(await signingSecret(db), order.id, order.accessTokenVersion, expiry));
  }
  // A link from before expiring tokens: as long as a new one would live, and until a revocation.
  if (parts.length !== 1 || order.accessTokenVersion !== 0) return false;
  if (order.createdAt.getTime() + settings.ttlDays * DAY_MS <= now) return false;
  return sameText(token, legacyMac(await generatedSecret(db), order.id));
}

/** Revokes every access token of the order handed out so far (e-mailed links included). */
export async function revokeOrderAccess(db: Db, orderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ accessTokenVersion: sql`${orders.accessTokenVersion} + 1` })
    .where(eq(orders.id, orderId));
}

/** The access token a request carries in its `X-Order-Access` header (never in the query). */
export function accessTokenOf(headers: IncomingHttpHeaders): string | undefined {
  const value = headers[ORDER_ACCESS_HEADER];
  return typeof value === "string" && value.length > 0 ? value : undefined;
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
  if (await isOrderAccessToken(db, order, viewer.accessToken)) return order;
  return null;
}
