import { ApiError } from "#server/lib/api-error.ts";
import { paymentWebhookEvents } from "#server/db/schema.ts";
import { runStatement, statement } from "#server/db/statements.ts";
import { orderFromJson } from "#server/modules/orders/order-row.ts";
import { closedOrderPayment, closedUnpaid, matchProviderPayment } from "#server/modules/orders/match-payment.ts";
import { holdsPayment, isOpen } from "#server/modules/orders/order-transitions.ts";
import { settleFromWebhook } from "#server/modules/orders/sync-with-provider.ts";
import { GatewayError, type ProviderPayment, type WebhookRequest } from "./gateway.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { syncOrderWithGateway } from "./sync-order.ts";

/**
 * Whether the event was processed, and the order it is about, in one round trip; for an order
 * already closed (paid, shipped, …: the usual case, the buyer's confirm came first) the event is
 * recorded in the same statement, since nothing else is left to do for it, unless the event reports
 * a change after payment ($4) for an order that still holds a payment (issue 35: it is then settled
 * and recorded in that transaction), or the order closed unpaid (failed, cancelled, expired: the
 * payment is read again, since money there now is late; decision 0044). Two copies of an event arriving together both read `seen`
 * false; the key's unique index lets one record it.
 */
const webhookLookup = statement(
  "webhook_lookup_record",
  `with seen as (
     select exists (select 1 from payment_webhook_events where gateway = $1 and event_key = $2) as seen),
   found as (
     select o.id, o.status, to_jsonb(o) as row from orders o where o.gateway = $1 and o.payment_reference = $3),
   recorded as (
     insert into payment_webhook_events (gateway, event_key, order_id)
     select $1, $2, found.id from found, seen
     where not seen.seen and found.status not in ('pending', 'awaiting_payment')
       and not ((found.row ->> 'paid_at') is null and found.status in ('failed', 'cancelled', 'expired'))
       and not ($4::boolean and found.status in ('paid', 'shipped', 'delivered', 'refund_pending'))
     on conflict do nothing
     returning 1)
   select seen.seen, (select row from found) as row, exists (select 1 from recorded) as recorded from seen`,
);

export type WebhookOutcome = "processed" | "duplicate" | "unknown_payment";

/**
 * POST /api/payment/webhooks/:gateway (CONVENTIONS 16): the gateway checks the notification by its
 * provider's mechanism (not authentic: 401, nothing changes); a notification already processed is
 * acknowledged and ignored; otherwise the payment is fetched again from the provider and the order
 * moved through the one confirm path, the event's key recorded in the same transaction. The
 * webhook's body is never trusted for the state: a stale or out-of-order event re-fetches the
 * current state and the state machine refuses any move backwards. A payment no order holds is
 * read from the provider and matched to its order, or kept as a payment alert; money for an order
 * closed unpaid is given back and alerted (issue 35, decision 0044). Nothing authentic is dropped.
 */
export async function processWebhook(
  context: PaymentsContext,
  gatewayId: string,
  request: WebhookRequest,
): Promise<WebhookOutcome> {
  const gateway = context.gateways.byId(gatewayId);
  if (!gateway) throw new ApiError(404, "not_found", "errors.notFound");
  const notice = await gateway.verifyWebhook(request);
  if (!notice) throw new ApiError(401, "webhook_rejected", "payments.webhookRejected");

  const [found] = await runStatement<{
    seen: boolean;
    row: Record<string, unknown> | string | null;
    recorded: boolean;
  }>(context.db, webhookLookup, [gateway.id, notice.eventKey, notice.providerPaymentId, notice.afterPayment === true]);
  const order = found?.row ? orderFromJson(found.row) : undefined;
  if (order && notice.afterPayment && holdsPayment(order.status)) {
    // A capture, release or refund after payment (the studio's, or one made in the provider's
    // dashboard): re-read and settled whether or not an event of this name was seen, since one
    // name may cover several changes (partial refunds), and settling twice changes nothing.
    await settleFromWebhook(context, order, gateway.id, { gateway: gateway.id, eventKey: notice.eventKey });
    return found?.seen ? "duplicate" : "processed";
  }
  if (found?.seen) return "duplicate";
  const webhook = {
    actor: `webhook:${gateway.id}` as const,
    webhookEvent: { gateway: gateway.id, eventKey: notice.eventKey },
    event: notice.type,
  };
  if (!order) {
    // No order holds this payment (yet): create-intent's call may not have answered, or its answer
    // was not written before a crash. The provider says whose it is.
    let payment: ProviderPayment;
    try {
      payment = await gateway.fetchPayment(notice.providerPaymentId);
    } catch (error) {
      // The provider itself knows no such payment (a 4xx): there is no money to keep. No answer
      // (outcome unknown) is a 502, so that the provider sends it again.
      if (!(error instanceof GatewayError) || error.outcomeUnknown) throw error;
      context.log.warn(
        { gateway: gateway.id, payment: notice.providerPaymentId },
        "webhook for a payment the provider does not know",
      );
      return "unknown_payment";
    }
    return matchProviderPayment(context, gateway, payment, webhook);
  }
  if (closedUnpaid(order)) {
    const payment = await gateway.fetchPayment(order.paymentReference ?? notice.providerPaymentId);
    return closedOrderPayment(context, gateway, order, payment, webhook);
  }
  // A closed order is past anything the event could do to it: recorded above, or by its twin.
  if (!isOpen(order.status)) return found?.recorded ? "processed" : "duplicate";
  const result = await syncOrderWithGateway(context, order, `webhook:${gateway.id}`, {
    detail: { event: notice.type },
    webhookEvent: { gateway: gateway.id, eventKey: notice.eventKey },
    record: async (tx) => {
      const inserted = await tx
        .insert(paymentWebhookEvents)
        .values({ gateway: gateway.id, eventKey: notice.eventKey, orderId: order.id })
        .onConflictDoNothing()
        .returning({ id: paymentWebhookEvents.id });
      return inserted.length > 0;
    },
  });
  return result.duplicate ? "duplicate" : "processed";
}
