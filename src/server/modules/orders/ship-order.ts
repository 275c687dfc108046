import { ApiError } from "#server/lib/api-error.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import type { OrderRow } from "./order-row.ts";
import { lockOrder, type Actor } from "./order-transitions.ts";
import {
  mailInputs,
  readFromProvider,
  readOrder,
  refusalOf,
  runOperation,
  settleWithProvider,
  shipLocked,
  type OperationOutcome,
} from "./payment-operations.ts";

const notShippable = () => new ApiError(409, "not_shippable", "admin.orders.notShippable");

/**
 * POST /api/admin/orders/:id/ship (issue 35): a paid order leaves the studio. The payment is read
 * again from its provider first; one only authorised (Tamara, Tabby at shipment, the sandbox's
 * instalments) is captured now, as a payment operation written before the call, and the order is
 * shipped once the provider confirms the capture; one captured already (a card) ships at once.
 * Shipping enqueues the buyer's "shipped" e-mail in their language. A capture the provider
 * refuses leaves the order paid (502 capture_failed); no answer leaves it paid with the capture
 * waiting for a sync (outcome `pending`).
 */
export async function shipOrder(
  context: PaymentsContext,
  orderId: string,
  adminId: string,
  input: { carrier?: string | undefined; trackingNumber?: string | undefined },
): Promise<OperationOutcome> {
  const actor: Actor = `admin:${adminId}`;
  let order = await readOrder(context.db, orderId);
  if (order.status !== "paid") throw notShippable();
  const { gateway, paymentId, payment } = await readFromProvider(context, order);
  order = await settleWithProvider(context, order.id, actor, payment, { resolve: false });
  if (order.status !== "paid") throw notShippable();
  const shippedAt = new Date();
  const shipment = { carrier: input.carrier, trackingNumber: input.trackingNumber, shippedAt };

  if ((payment.capturedHalalas ?? 0) > 0) {
    const mail = await mailInputs(context, order);
    const result = await context.db.transaction(async (tx) => {
      const current = await lockOrder(tx, orderId);
      if (current?.status !== "paid") throw notShippable();
      return shipLocked(tx, context, mail, current, shipment, actor);
    });
    if (result.emails > 0) context.onEmailsQueued();
    return { order: result.order, outcome: "done" };
  }

  const total = order.totalAmountHalalas;
  const outcome = await runOperation(
    context,
    order.id,
    {
      kind: "capture",
      amountHalalas: total,
      actor,
      request: {
        fromStatus: "paid",
        carrier: input.carrier,
        trackingNumber: input.trackingNumber,
        shippedAt: shippedAt.toISOString(),
      },
      check: (current: OrderRow) => {
        if (current.status !== "paid") throw notShippable();
      },
    },
    (operation) =>
      gateway.capturePayment(paymentId, {
        reference: order.reference,
        amountHalalas: total,
        vatHalalas: order.vatHalalas,
        shipment,
        idempotencyKey: operation.idempotencyKey,
      }),
  );
  return refusalOf(outcome, "capture_failed", "admin.orders.captureFailed");
}
