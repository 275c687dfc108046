import { and, asc, desc, eq, inArray, lt } from "drizzle-orm";
import { orderEvents, orders } from "#server/db/schema.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { syncOrderWithGateway } from "#server/modules/payments/sync-order.ts";
import { orderAccessToken } from "./order-access.ts";
import type { OrderRow } from "./order-row.ts";
import { isOpen, moveOrder } from "./order-transitions.ts";
import { noteOnOrder } from "./payment-alerts.ts";
import { reconcileOrder } from "./reconcile-order.ts";

export const EXPIRE_ORDERS_JOB = "orders-expiry";
const BATCH = 50;

/**
 * The expiry sweep (issue 12): orders still pending or awaiting payment `hours` after they were
 * created. Each is first synced with its gateway (or, without a payment id, reconciled: issue 35),
 * so a late payment is still honoured; one still open is cancelled at the provider and expired,
 * with the system as the actor. An order whose cancel at the provider failed stays open (its
 * history says why, once) and is tried again by the next sweep and the reconciliation job: an
 * order expired while its payment may still be completed would be money without an order.
 */
export async function expireOrders(
  context: PaymentsContext,
  options: { hours: number; now?: Date; signal?: AbortSignal },
): Promise<{ expired: number; settled: number; kept: number; more: boolean }> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.hours * 3600_000);
  const due = await context.db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ["pending", "awaiting_payment"]), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let expired = 0;
  let settled = 0;
  let kept = 0;
  for (const order of due) {
    if (options.signal?.aborted) break;
    const outcome = await expireOrder(context, order, options.hours);
    if (outcome === "expired") expired++;
    else if (outcome === "settled") settled++;
    else kept++;
  }
  return { expired, settled, kept, more: due.length === BATCH && expired + settled > 0 };
}

/**
 * One order past the checkout expiry: `settled` when the provider had an answer for it (paid,
 * failed, …), `expired` once it is cancelled at the provider (or has nothing there to cancel),
 * `kept` open when the provider could not be asked or refused the cancel.
 */
export async function expireOrder(
  context: PaymentsContext,
  due: OrderRow,
  hours: number,
): Promise<"expired" | "settled" | "kept"> {
  let order = due;
  try {
    order =
      order.status === "pending" && !order.paymentReference
        ? await reconcileOrder(context, order, "system")
        : (await syncOrderWithGateway(context, order, "system")).order;
  } catch (error) {
    context.log.warn({ err: error, order: order.reference }, "expiry: the gateway could not be asked");
    // Without a payment id, only the provider can say whether a payment exists: not expired blind.
    if (order.status === "pending" && !order.paymentReference) return "kept";
  }
  if (!isOpen(order.status)) return "settled";
  let providerStatus: string | undefined;
  const gateway = order.gateway ? context.gateways.byId(order.gateway) : undefined;
  if (gateway && order.paymentReference) {
    try {
      const cancelled = await gateway.cancelPayment(order.paymentReference);
      providerStatus = cancelled.status;
      if (cancelled.status === "paid" || cancelled.status === "authorized") {
        // Paid while we were deciding: honour it.
        order = (await syncOrderWithGateway(context, order, "system")).order;
        if (!isOpen(order.status)) return "settled";
      }
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      context.log.warn({ err: error, order: order.reference }, "expiry: cancelling at the provider failed; kept open");
      await noteCancelFailed(context, order, error);
      return "kept";
    }
  }
  const { moved } = await moveOrder(
    context,
    order.id,
    (current) =>
      isOpen(current.status)
        ? {
            to: "expired",
            actor: "system",
            detail: {
              reason: `not paid within ${hours} hours`,
              ...(providerStatus ? { providerStatus } : {}),
            },
          }
        : null,
    await orderAccessToken(context.db, order.id),
  );
  return moved ? "expired" : "settled";
}

/** The history says once (not every sweep) that the cancel failed and the order stays open. */
async function noteCancelFailed(context: PaymentsContext, order: OrderRow, error: GatewayError): Promise<void> {
  const [last] = await context.db
    .select({ detail: orderEvents.detail })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  if (last?.detail?.outcome === "cancel_failed") return;
  await noteOnOrder(context.db, order.id, "system", {
    stage: "expiry",
    outcome: "cancel_failed",
    message: error.message,
    ...(error.status ? { providerHttpStatus: error.status } : {}),
  });
}
