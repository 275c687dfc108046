import { ApiError } from "#server/lib/api-error.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import type { OrderRow } from "./order-row.ts";
import { lockOrder, moveAfterPayment } from "./order-transitions.ts";

/** POST /api/admin/orders/:id/deliver (issue 35): a shipped order is marked delivered; no provider is asked. */
export async function deliverOrder(context: PaymentsContext, orderId: string, adminId: string): Promise<OrderRow> {
  return context.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ApiError(404, "not_found", "payments.orderNotFound");
    if (order.status !== "shipped") throw new ApiError(409, "not_deliverable", "admin.orders.notDeliverable");
    const { order: delivered } = await moveAfterPayment(tx, order, {
      to: "delivered",
      actor: `admin:${adminId}`,
      set: { deliveredAt: new Date() },
    });
    return delivered;
  });
}
