import { eq } from "drizzle-orm";
import { ApiError } from "#server/lib/api-error.ts";
import { orders } from "#server/db/schema.ts";
import { issueCreditNote } from "#server/modules/invoices/issue-credit-note.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { orderAccessToken } from "./order-access.ts";
import type { OrderRow } from "./order-row.ts";
import { lockOrder, moveLockedOrder } from "./order-transitions.ts";

/**
 * POST /api/admin/orders/:id/refund: the whole amount is refunded at the provider first; only
 * then is the order `refunded`, with the admin as the actor of its history row, and its credit
 * note issued in the same transaction.
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
  const refundedHalalas = refunded.refundedHalalas ?? order.totalAmountHalalas;
  const accessToken = await orderAccessToken(context.db, order.id);
  // The move to `refunded` and the refund's credit note (with the buyer's refund e-mail) are one
  // transaction: a refunded order always has its credit note (issue 35).
  const result = await context.db.transaction(async (tx) => {
    const current = await lockOrder(tx, order.id);
    if (!current) throw new Error(`no order ${order.id}`);
    const moved = await moveLockedOrder(
      tx,
      context,
      current,
      {
        to: "refunded",
        actor: `admin:${adminId}`,
        detail: {
          providerStatus: refunded.status,
          providerPaymentId: refunded.providerPaymentId,
          refundedHalalas,
          reason: why,
        },
      },
      accessToken,
    );
    if (!moved.moved) return { ...moved, emails: 0 };
    const note = await issueCreditNote(
      tx,
      {
        orderId: order.id,
        amountHalalas: refundedHalalas,
        reason: why,
        // Today's refund is the whole order, once.
        refundKey: `refund:${order.id}:full`,
      },
      { ...context, accessToken },
    );
    return { ...moved, emails: moved.emails + note.emails };
  });
  if (result.emails > 0) context.onEmailsQueued();
  if (!result.moved) throw new ApiError(409, "not_refundable", "payments.notRefundable");
  return result.order;
}
