import { ApiError } from "#server/lib/api-error.ts";
import { paymentWebhookEvents } from "#server/db/schema.ts";
import { runStatement, statement } from "#server/db/statements.ts";
import type { WebhookRequest } from "./gateway.ts";
import { orderFromJson } from "./order-transitions.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { syncOrderWithGateway } from "./sync-order.ts";

const webhookLookup = statement(
  "webhook_lookup",
  `select exists (select 1 from payment_webhook_events where gateway = $1 and event_key = $2) as seen,
          (select to_jsonb(o) from orders o where o.gateway = $1 and o.payment_reference = $3) as row`,
);

export type WebhookOutcome = "processed" | "duplicate" | "unknown_payment";

/**
 * POST /api/payment/webhooks/:gateway (CONVENTIONS 16): the gateway checks the notification by its
 * provider's mechanism (not authentic: 401, nothing changes); a notification already processed is
 * acknowledged and ignored; otherwise the payment is fetched again from the provider and the order
 * moved through the one confirm path, the event's key recorded in the same transaction. The
 * webhook's body is never trusted for the state: a stale or out-of-order event re-fetches the
 * current state and the state machine refuses any move backwards.
 */
export async function processWebhook(
  context: PaymentsContext,
  gatewayId: string,
  request: WebhookRequest,
): Promise<WebhookOutcome> {
  const gateway = context.gateways.byId(gatewayId);
  if (!gateway) throw new ApiError(404, "not_found", "errors.notFound");
  const notice = gateway.verifyWebhook(request);
  if (!notice) throw new ApiError(401, "webhook_rejected", "payments.webhookRejected");

  // Whether the event was processed, and the order it is about, in one round trip.
  const [found] = await runStatement<{ seen: boolean; row: Record<string, unknown> | string | null }>(
    context.db,
    webhookLookup,
    [gateway.id, notice.eventKey, notice.providerPaymentId],
  );
  if (found?.seen) return "duplicate";
  const order = found?.row ? orderFromJson(found.row) : undefined;
  if (!order) {
    // Not (yet) ours: create-intent may not have stored the provider's id. Not recorded, so that
    // the provider's retry is processed once the order knows its payment.
    context.log.info({ gateway: gateway.id, payment: notice.providerPaymentId }, "webhook for an unknown payment");
    return "unknown_payment";
  }
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
