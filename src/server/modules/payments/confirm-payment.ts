import { ApiError } from "#server/lib/api-error.ts";
import { statement } from "#server/db/statements.ts";
import type { CheckoutPaymentMethod } from "#shared/schemas/checkout.ts";
import { orderAccessToken } from "#server/modules/orders/order-access.ts";
import { orderStatement, type OrderRow } from "#server/modules/orders/order-row.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { syncOrderWithGateway } from "./sync-order.ts";

const orderByIntent = statement(
  "order_by_intent",
  "select to_jsonb(o) as row from orders o where o.payment_intent_id = $1",
);

/**
 * POST /api/payment/confirm (spec §7) and the return from a hosted page: the holder of the
 * intent id asks where the payment stands; the answer comes from the gateway through the one
 * confirm path, never from the caller. Confirming again, or ten times at once, pays once.
 */
export async function confirmPayment(
  context: PaymentsContext,
  input: { paymentIntentId: string; paymentMethod: CheckoutPaymentMethod },
): Promise<{ order: OrderRow; accessToken: string }> {
  const order = await orderStatement(context.db, orderByIntent, [input.paymentIntentId]);
  if (!order) throw new ApiError(404, "not_found", "payments.orderNotFound");
  if (order.paymentMethod !== input.paymentMethod) {
    throw new ApiError(400, "invalid_request", "payments.methodMismatch", {
      fields: { paymentMethod: "payments.methodMismatch" },
    });
  }
  const { order: synced } = await syncOrderWithGateway(context, order, `gateway:${order.gateway ?? "none"}`);
  return { order: synced, accessToken: await orderAccessToken(context.db, order.id) };
}

/** The states confirm reports as a failed payment (402 payment_failed). */
export function isUnsuccessful(order: OrderRow): boolean {
  return order.status === "failed" || order.status === "cancelled" || order.status === "expired";
}
