import { eq } from "drizzle-orm";
import { ApiError } from "#server/lib/api-error.ts";
import { orders } from "#server/db/schema.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { orderAccessToken } from "./order-access.ts";
import type { OrderRow } from "./order-row.ts";
import { moveOrder } from "./order-transitions.ts";

/**
 * POST /api/admin/orders/:id/refund: the whole amount is refunded at the provider first; only
 * then is the order `refunded`, with the admin as the actor of its history row.
 */
export async function refundOrder(
  context: PaymentsContext,
  orderId: string,
  adminId: string,
  reason: string | undefined,
): Promise<OrderRow> {
  const [order] = await context.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ApiError(404, "not_found", "payments.orderNotFound");
  if (order.status !== "paid" || !order.paymentReference || !order.gateway) {
    throw new ApiError(409, "not_refundable", "payments.notRefundable");
  }
  const gateway = context.gateways.byId(order.gateway);
  if (!gateway) throw new ApiError(502, "gateway_error", "payments.gatewayError");
  const why = reason?.trim() || "refund by the studio";
  let refunded;
  try {
    refunded = await gateway.refundPayment(order.paymentReference, order.totalAmountHalalas, why);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    context.log.warn({ err: error, order: order.reference }, "refund refused by the gateway");
    throw new ApiError(502, "gateway_error", "payments.gatewayError");
  }
  const { order: moved, moved: changed } = await moveOrder(
    context,
    order.id,
    {
      to: "refunded",
      actor: `admin:${adminId}`,
      detail: {
        providerStatus: refunded.status,
        providerPaymentId: refunded.providerPaymentId,
        refundedHalalas: refunded.refundedHalalas ?? order.totalAmountHalalas,
        reason: why,
      },
    },
    await orderAccessToken(context.db, order.id),
  );
  if (!changed) throw new ApiError(409, "not_refundable", "payments.notRefundable");
  return moved;
}
