import { ApiError } from "#server/lib/api-error.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { cancelPaid } from "./cancel-order.ts";
import type { OrderRow } from "./order-row.ts";
import type { Actor } from "./order-transitions.ts";
import {
  readFromProvider,
  readOrder,
  refusalOf,
  runOperation,
  settleWithProvider,
  type OperationOutcome,
} from "./payment-operations.ts";

const refundable = (order: OrderRow) =>
  (order.status === "paid" || order.status === "shipped" || order.status === "delivered") &&
  order.refundedHalalas < order.totalAmountHalalas;

const notRefundable = () => new ApiError(409, "not_refundable", "admin.orders.notRefundable");

/**
 * POST /api/admin/orders/:id/refund (issue 35): the whole remainder, or `amountHalalas` of it, of a
 * paid, shipped or delivered order. The payment is read again from its provider first (a refund
 * made in its dashboard counts). Only captured money is refunded: an order only authorised is
 * cancelled instead when the whole amount is asked for (its authorisation released), and a part
 * of it is refused (409 not_captured), as Tamara refuses to refund an uncaptured order. The order
 * moves to `refund_pending` in a committed transaction before the provider is called, so no crash
 * can leave money refunded on an order still "paid"; the provider's answer (or a later sync)
 * completes it through completeRefund.
 */
export async function refundOrder(
  context: PaymentsContext,
  orderId: string,
  adminId: string,
  input: { amountHalalas?: number | undefined; reason?: string | undefined },
): Promise<OperationOutcome & { cancelledInstead?: boolean }> {
  const actor: Actor = `admin:${adminId}`;
  let order = await readOrder(context.db, orderId);
  if (!refundable(order)) throw notRefundable();
  const provider = await readFromProvider(context, order);
  const { gateway, paymentId, payment } = provider;
  order = await settleWithProvider(context, order.id, actor, payment, { resolve: false });
  if (!refundable(order)) throw notRefundable();
  const remaining = order.totalAmountHalalas - order.refundedHalalas;
  const amount = input.amountHalalas ?? remaining;
  const tooLarge = (left: number) =>
    new ApiError(409, "refund_too_large", "admin.orders.refundTooLarge", {
      params: { remaining: (left / 100).toFixed(2) },
    });
  if (amount > remaining) throw tooLarge(remaining);
  const why = input.reason?.trim() || "refund by the studio";

  const captured = payment.capturedHalalas ?? 0;
  if (captured === 0) {
    // Nothing captured: the money is only held. All of it is released instead; a part cannot be.
    if (order.status === "paid" && amount === order.totalAmountHalalas) {
      return { ...(await cancelPaid(context, order, actor, provider, why)), cancelledInstead: true };
    }
    throw new ApiError(409, "not_captured", "admin.orders.notCaptured");
  }
  const left = captured - (payment.refundedHalalas ?? 0);
  if (amount > left) throw tooLarge(left);

  const outcome = await runOperation(
    context,
    order.id,
    {
      kind: "refund",
      amountHalalas: amount,
      reason: why,
      actor,
      request: { fromStatus: order.status, intent: "refund", providerRefundedBefore: payment.refundedHalalas ?? 0 },
      pendingStatus: "refund_pending",
      check: (current) => {
        if (!refundable(current)) throw notRefundable();
        if (amount > current.totalAmountHalalas - current.refundedHalalas) throw tooLarge(remaining);
      },
    },
    (operation) => gateway.refundPayment(paymentId, amount, why, operation.idempotencyKey),
  );
  return refusalOf(outcome, "refund_failed", "admin.orders.refundFailed");
}
