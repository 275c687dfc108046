import { createHash, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { ApiError } from "#server/lib/api-error.ts";
import type { Db } from "#server/db/database.ts";
import { orders } from "#server/db/schema.ts";
import { orderAccessToken } from "./order-access.ts";
import type { OrderRow } from "./order-row.ts";

const digest = (value: string) => createHash("sha256").update(value.trim().toLowerCase()).digest();

/**
 * POST /api/orders/lookup: a guest finds their order by its reference and the e-mail it was
 * placed with, and gets the order's access token. A wrong reference and a wrong e-mail are the
 * same 404 and take about the same work (the e-mails are compared as digests in constant time,
 * the token is signed either way), so the answer tells a stranger nothing.
 */
export async function lookupOrder(
  db: Db,
  input: { reference: string; email: string },
): Promise<{ order: OrderRow; accessToken: string }> {
  const reference = input.reference.trim().toUpperCase();
  const [order] = reference.length <= 40 ? await db.select().from(orders).where(eq(orders.reference, reference)) : [];
  const matches = timingSafeEqual(digest(order?.customerEmail ?? ""), digest(input.email)) && Boolean(order);
  const accessToken = await orderAccessToken(db, order?.id ?? "00000000-0000-0000-0000-000000000000");
  if (!order || !matches) throw new ApiError(404, "not_found", "payments.orderNotFound");
  return { order, accessToken };
}
