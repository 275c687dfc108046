import { and, eq } from "drizzle-orm";
import { ApiError } from "#server/lib/api-error.ts";
import { orders, paymentWebhookEvents } from "#server/db/schema.ts";
import type { WebhookRequest } from "./gateway.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { syncOrderWithGateway } from "./sync-order.ts";

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

  const [seen] = await context.db
    .select({ id: paymentWebhookEvents.id })
    .from(paymentWebhookEvents)
    .where(and(eq(paymentWebhookEvents.gateway, gateway.id), eq(paymentWebhookEvents.eventKey, notice.eventKey)));
  if (seen) return "duplicate";

  const [order] = await context.db
    .select()
    .from(orders)
    .where(and(eq(orders.gateway, gateway.id), eq(orders.paymentReference, notice.providerPaymentId)));
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
