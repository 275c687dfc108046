import { and, asc, inArray, lt } from "drizzle-orm";
import { orders } from "#server/db/schema.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { syncOrderWithGateway } from "#server/modules/payments/sync-order.ts";
import { orderAccessToken } from "./order-access.ts";
import { isOpen, moveOrder } from "./order-transitions.ts";

export const EXPIRE_ORDERS_JOB = "orders-expiry";
const BATCH = 50;

/**
 * The expiry sweep (issue 12): orders still pending or awaiting payment `hours` after they were
 * created. Each is first synced with its gateway, so a late payment is still honoured; one still
 * open is cancelled at the provider (best effort) and expired, with the system as the actor.
 */
export async function expireOrders(
  context: PaymentsContext,
  options: { hours: number; now?: Date; signal?: AbortSignal },
): Promise<{ expired: number; settled: number; more: boolean }> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.hours * 3600_000);
  const due = await context.db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ["pending", "awaiting_payment"]), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let expired = 0;
  let settled = 0;
  for (let order of due) {
    if (options.signal?.aborted) break;
    try {
      order = (await syncOrderWithGateway(context, order, "system")).order;
    } catch (error) {
      context.log.warn({ err: error, order: order.reference }, "expiry: the gateway could not be asked");
    }
    if (!isOpen(order.status)) {
      settled++;
      continue;
    }
    let providerStatus: string | undefined;
    const gateway = order.gateway ? context.gateways.byId(order.gateway) : undefined;
    if (gateway && order.paymentReference) {
      try {
        const cancelled = await gateway.cancelPayment(order.paymentReference);
        providerStatus = cancelled.status;
        if (cancelled.status === "paid" || cancelled.status === "authorized") {
          // Paid while we were deciding: honour it.
          order = (await syncOrderWithGateway(context, order, "system")).order;
          if (!isOpen(order.status)) {
            settled++;
            continue;
          }
        }
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        context.log.warn({ err: error, order: order.reference }, "expiry: cancelling at the provider failed");
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
                reason: `not paid within ${options.hours} hours`,
                ...(providerStatus ? { providerStatus } : {}),
              },
            }
          : null,
      await orderAccessToken(context.db, order.id),
    );
    if (moved) expired++;
  }
  return { expired, settled, more: due.length === BATCH };
}
