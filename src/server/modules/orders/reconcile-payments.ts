import { sql } from "drizzle-orm";
import { rowsOf } from "#server/db/rows-of.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { expireOrder } from "./expire-orders.ts";
import { orderFromJson, type OrderRow } from "./order-row.ts";
import { retryGivingBack } from "./payment-alerts.ts";
import { reconcileOrder } from "./reconcile-order.ts";

export const RECONCILE_PAYMENTS_JOB = "payments-reconcile";
const BATCH = 20;

/**
 * Claims up to `limit` orders for this run under `FOR UPDATE SKIP LOCKED`: the claim stamps
 * `reconciled_at`, so instances that run the job together (a lease taken over while the old run
 * still works) never ask about the same order twice, and one the provider could not answer about
 * waits `olderThanMs` before it is asked again.
 */
async function claim(context: PaymentsContext, where: ReturnType<typeof sql>, retryBefore: Date): Promise<OrderRow[]> {
  const rows = rowsOf<{ row: Record<string, unknown> | string }>(
    await context.db.execute(sql`
      update orders set reconciled_at = now()
      where id in (
        select id from orders
        where ${where} and (reconciled_at is null or reconciled_at < ${retryBefore.toISOString()}::timestamptz)
        order by created_at limit ${BATCH}
        for update skip locked)
      returning to_jsonb(orders) as row`),
  );
  return rows.map((row) => orderFromJson(row.row));
}

export type ReconcileOptions = {
  /** Longer than a provider call can take: an order younger than this may still get its answer. */
  olderThanMs: number;
  /** The checkout expiry, for orders whose cancel at the provider failed (expire-orders.ts). */
  expiryHours: number;
  now?: Date;
  signal?: AbortSignal;
};

/**
 * The reconciliation job (issue 35, decision 0044), every minute, once per period across the
 * instances, and safe when two runs overlap (each pass claims its rows with SKIP LOCKED):
 * 1. orders left `pending` longer than a provider call can take are reconciled (reconcile-order.ts);
 * 2. payment alerts whose money is on its way back and whose answer never came are re-read and,
 *    if still not given back, asked again with the same key;
 * 3. orders past the checkout expiry whose cancel at the provider failed are cancelled again and
 *    expired (expire-orders.ts), as the expiry sweep does.
 */
export async function reconcilePayments(
  context: PaymentsContext,
  options: ReconcileOptions,
): Promise<{ reconciled: number; alertsRetried: number; expired: number }> {
  const now = options.now ?? new Date();
  const bound = new Date(now.getTime() - options.olderThanMs);
  let reconciled = 0;
  for (const order of await claim(
    context,
    sql`status = 'pending' and created_at < ${bound.toISOString()}::timestamptz`,
    bound,
  )) {
    if (options.signal?.aborted) break;
    try {
      const after = await reconcileOrder(context, order, "system");
      if (after.status !== "pending") reconciled++;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      context.log.warn({ err: error, order: order.reference }, "reconcile: the provider could not be asked; next run");
    }
  }

  const alerts = await retryGivingBack(context, options);

  const expiredBefore = new Date(now.getTime() - options.expiryHours * 3600_000);
  let expired = 0;
  const cancelFailed = sql`status in ('pending', 'awaiting_payment') and created_at < ${expiredBefore.toISOString()}::timestamptz
    and exists (select 1 from order_events e where e.order_id = orders.id and e.detail ->> 'outcome' = 'cancel_failed')`;
  for (const order of await claim(context, cancelFailed, bound)) {
    if (options.signal?.aborted) break;
    const outcome = await expireOrder(context, order, options.expiryHours);
    if (outcome === "expired") expired++;
  }
  return { reconciled, alertsRetried: alerts.retried, expired };
}
