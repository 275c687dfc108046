import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { orders } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { AdminOrderView } from "#shared/schemas/orders.ts";
import { adminOrderView } from "./order-views.ts";

/** GET /api/admin/orders/:id: one order with its whole history, or 404. */
export async function getAdminOrder(db: Db, orderId: string): Promise<AdminOrderView> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ApiError(404, "not_found", "payments.orderNotFound");
  return adminOrderView(db, order);
}
