import { and, eq, lt } from "drizzle-orm";
import { paymentOperations } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { syncOrderWithGateway } from "#server/modules/payments/sync-order.ts";
import { closedOrderPayment, closedUnpaid } from "./match-payment.ts";
import type { OrderRow } from "./order-row.ts";
import { holdsPayment, isOpen, type Actor } from "./order-transitions.ts";
import { readFromProvider, readOrder, settleWithProvider } from "./payment-operations.ts";

/**
 * POST /api/admin/orders/:id/sync (issue 35): the order is read again from its provider and brought
 * to what the provider says. An order still open goes through the one confirm path; one that holds
 * a payment is settled (captures, releases and refunds, the studio's and the dashboard's), and an
 * operation the provider shows no trace of (its call never arrived) is closed as failed, the order
 * back where it was. One closed unpaid whose payment the provider now holds money for raises a
 * late-payment alert, and the money is given back (decision 0044).
 */
export async function syncWithProvider(context: PaymentsContext, orderId: string, adminId: string): Promise<OrderRow> {
  const actor: Actor = `admin:${adminId}`;
  const order = await readOrder(context.db, orderId);
  if (isOpen(order.status)) {
    try {
      return (await syncOrderWithGateway(context, order, actor)).order;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      context.log.warn({ err: error, order: order.reference }, "sync: the provider could not be asked");
      throw new ApiError(502, "gateway_error", "admin.orders.providerSilent");
    }
  }
  if (closedUnpaid(order) && order.paymentReference) {
    // Closed without being paid: money the provider holds for it now is late (decision 0044).
    const { gateway, payment } = await readFromProvider(context, order);
    await closedOrderPayment(context, gateway, order, payment, { actor });
    return readOrder(context.db, order.id);
  }
  if (!holdsPayment(order.status) || !order.paymentReference) return order;
  const { payment } = await readFromProvider(context, order);
  return settleWithProvider(context, order.id, actor, payment, { resolve: true });
}

export const PAYMENT_OPERATIONS_JOB = "payment-operations";

/**
 * The operations job (issue 35): payment operations still open `olderThanMs` after they were asked
 * for (their process crashed, or the provider never answered) are settled from the provider's
 * state, as the admin's sync would. Runs exclusively, a few orders per pass.
 */
export async function resolvePaymentOperations(
  context: PaymentsContext,
  options: { olderThanMs: number; now?: Date; signal?: AbortSignal },
): Promise<{ settled: number; more: boolean }> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.olderThanMs);
  const open = await context.db
    .select({ orderId: paymentOperations.orderId })
    .from(paymentOperations)
    .where(and(eq(paymentOperations.state, "requested"), lt(paymentOperations.requestedAt, cutoff)))
    .orderBy(paymentOperations.id)
    .limit(20);
  let settled = 0;
  for (const { orderId } of open) {
    if (options.signal?.aborted) break;
    try {
      const order = await readOrder(context.db, orderId);
      const { payment } = await readFromProvider(context, order);
      await settleWithProvider(context, orderId, "system", payment, { resolve: true });
      settled++;
    } catch (error) {
      context.log.warn({ err: error, order: orderId }, "payment operations: the provider could not be asked");
    }
  }
  return { settled, more: open.length === 20 && settled > 0 };
}

/**
 * A webhook reporting a change after payment (a capture, a release, a refund: the studio's or the
 * dashboard's) for an order that holds a payment: the payment is read again and the order settled,
 * the webhook's event recorded in the same transaction. Never closes an operation as failed: the
 * call that asked for it may still be waiting for its answer.
 */
export async function settleFromWebhook(
  context: PaymentsContext,
  order: OrderRow,
  gatewayId: string,
  webhookEvent: { gateway: string; eventKey: string },
): Promise<OrderRow> {
  const { payment } = await readFromProvider(context, order);
  return settleWithProvider(context, order.id, `webhook:${gatewayId}`, payment, { resolve: false, webhookEvent });
}
