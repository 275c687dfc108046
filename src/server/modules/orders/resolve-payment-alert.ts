import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { paymentAlerts } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { AdminPaymentAlert } from "#shared/schemas/payment-alerts.ts";
import { getPaymentAlert } from "./list-payment-alerts.ts";
import { noteOnOrder } from "./payment-alerts.ts";

/**
 * POST /api/admin/payment-alerts/:id/resolve (issue 35): the admin closes an alert with a note of
 * what was done about the money (a refund made by hand, the buyer reached, a payment matched to
 * an order). The alert leaves the Inbox's list and keeps who closed it, when and why; its order's
 * history says so too. Resolving does not stop a refund still waiting for the provider's answer.
 * 404 for an unknown alert, 409 for one already resolved.
 */
export async function resolvePaymentAlert(
  db: Db,
  id: number,
  admin: { id: string },
  note: string,
): Promise<AdminPaymentAlert> {
  const resolved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentAlerts)
      .set({ resolvedAt: sql`now()`, resolvedBy: admin.id, resolutionNote: note })
      .where(and(eq(paymentAlerts.id, id), isNull(paymentAlerts.resolvedAt)))
      .returning();
    if (row?.orderId) {
      await noteOnOrder(tx, row.orderId, `admin:${admin.id}`, {
        stage: "payment_alert",
        alertId: row.id,
        outcome: "resolved",
        note,
      });
    }
    return row;
  });
  const alert = await getPaymentAlert(db, id);
  if (!alert) throw new ApiError(404, "not_found", "admin.alerts.errors.notFound");
  if (!resolved) throw new ApiError(409, "already_resolved", "admin.alerts.errors.alreadyResolved");
  return alert;
}
