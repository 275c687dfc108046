import { ApiError } from "#server/lib/api-error.ts";
import type { PaymentGateway, ProviderPayment } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
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

const notCancellable = () => new ApiError(409, "not_cancellable", "admin.orders.notCancellable");

/**
 * POST /api/admin/orders/:id/cancel (issue 35): a paid order that has not shipped is called off.
 * A payment only authorised is released at its provider (Tamara cancel, Tabby close, Moyasar
 * void); one already captured (a card) is refunded in full, through `refund_pending`, and the
 * order ends `cancelled` either way.
 */
export async function cancelOrder(
  context: PaymentsContext,
  orderId: string,
  adminId: string,
): Promise<OperationOutcome> {
  const actor: Actor = `admin:${adminId}`;
  let order = await readOrder(context.db, orderId);
  if (order.status !== "paid") throw notCancellable();
  const { gateway, paymentId, payment } = await readFromProvider(context, order);
  order = await settleWithProvider(context, order.id, actor, payment, { resolve: false });
  if (order.status !== "paid") throw notCancellable();
  return cancelPaid(context, order, actor, { gateway, paymentId, payment });
}

/** Releases or refunds the whole of a paid order's payment, as the provider's capture state requires. */
export async function cancelPaid(
  context: PaymentsContext,
  order: OrderRow,
  actor: Actor,
  provider: { gateway: PaymentGateway; paymentId: string; payment: ProviderPayment },
  reason?: string,
): Promise<OperationOutcome> {
  const { gateway, paymentId, payment } = provider;
  const check = (current: OrderRow) => {
    if (current.status !== "paid") throw notCancellable();
  };
  const captured = payment.capturedHalalas ?? 0;
  if (captured === 0) {
    const outcome = await runOperation(
      context,
      order.id,
      {
        kind: "void",
        amountHalalas: order.totalAmountHalalas,
        reason: reason ?? null,
        actor,
        request: { fromStatus: "paid" },
        check,
      },
      (operation) =>
        gateway.voidPayment(paymentId, {
          amountHalalas: order.totalAmountHalalas,
          idempotencyKey: operation.idempotencyKey,
        }),
    );
    return refusalOf(outcome, "void_failed", "admin.orders.voidFailed");
  }
  const refundedBefore = payment.refundedHalalas ?? 0;
  const amount = captured - refundedBefore;
  const why = reason || "order cancelled by the studio before shipping";
  const outcome = await runOperation(
    context,
    order.id,
    {
      kind: "refund",
      amountHalalas: amount,
      reason: why,
      actor,
      request: { fromStatus: "paid", intent: "cancel", providerRefundedBefore: refundedBefore },
      pendingStatus: "refund_pending",
      check,
    },
    (operation) => gateway.refundPayment(paymentId, amount, why, operation.idempotencyKey),
  );
  return refusalOf(outcome, "refund_failed", "admin.orders.refundFailed");
}
