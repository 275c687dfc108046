import { eq } from "drizzle-orm";
import { orders } from "#server/db/schema.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { syncOrderWithGateway } from "#server/modules/payments/sync-order.ts";
import { gatewayOfOrder, matchProviderPayment } from "./match-payment.ts";
import { orderAccessToken } from "./order-access.ts";
import { NO_PAYMENT_MADE } from "#shared/schemas/orders.ts";
import type { OrderRow } from "./order-row.ts";
import { moveOrder, type Actor } from "./order-transitions.ts";

/**
 * One order left `pending` (issue 35, decision 0044): its create call did not answer, or the
 * process died between the provider's answer and our write. With the payment's id (written before
 * the crash, or by a wallet's unanswered re-read) it goes through the one confirm path; without
 * it, the provider is asked for the payment the order opened (`findPayment`, by the key sent before
 * the call): found, the order takes it and is confirmed (paid: invoice and e-mails once; declined:
 * failed); a hosted page nobody was shown is cancelled; none (or one cancelled, expired), the order
 * fails, "no payment was made". Answers the order as it now is; a provider that could not be
 * asked leaves it pending (GatewayError, the caller tries again later).
 */
export async function reconcileOrder(context: PaymentsContext, order: OrderRow, actor: Actor): Promise<OrderRow> {
  if (order.status !== "pending") return order;
  const gateway = gatewayOfOrder(context, order);
  if (!gateway) {
    context.log.warn(
      { order: order.reference, gateway: order.gateway },
      "reconcile: the order's gateway is not configured",
    );
    return order;
  }
  if (order.paymentReference) {
    return (await syncOrderWithGateway(context, order, actor, { detail: { stage: "reconcile" } })).order;
  }
  const found = await gateway.findPayment({
    method: order.paymentMethod as Parameters<typeof gateway.findPayment>[0]["method"],
    orderId: order.id,
    reference: order.reference,
    idempotencyKey: order.id,
    createdAt: order.createdAt,
  });
  let payment = found;
  if (payment?.status === "requires_action") {
    // A hosted page (a card's invoice, an instalment checkout) whose URL travelled only in the
    // lost answer: nobody can pay it, so it is cancelled rather than left payable, and the order
    // fails as unpaid. Should it turn out paid meanwhile, it pays the order as any payment would.
    try {
      payment = await gateway.cancelPayment(payment.providerPaymentId);
    } catch (error) {
      if (!(error instanceof GatewayError) || error.outcomeUnknown) throw error;
      context.log.warn(
        { err: error, order: order.reference },
        "reconcile: the provider refused to cancel the unseen page",
      );
    }
  }
  if (
    payment &&
    (payment.status === "paid" ||
      payment.status === "authorized" ||
      payment.status === "failed" ||
      payment.status === "requires_action")
  ) {
    context.log.info(
      { order: order.reference, payment: payment.providerPaymentId, status: payment.status },
      "reconcile: the provider holds the order's payment",
    );
    await matchProviderPayment(context, gateway, payment, { actor, event: "reconcile" }, order);
    return readOrder(context, order.id);
  }
  const { order: failed } = await moveOrder(
    context,
    order.id,
    (current) =>
      current.status === "pending" && current.paymentReference === null
        ? {
            to: "failed",
            actor,
            detail: {
              stage: "reconcile",
              reason: NO_PAYMENT_MADE,
              gateway: gateway.id,
              ...(payment ? { providerPaymentId: payment.providerPaymentId, providerStatus: payment.status } : {}),
            },
            set: { gateway: gateway.id, ...(payment ? { paymentReference: payment.providerPaymentId } : {}) },
          }
        : null,
    await orderAccessToken(context.db, order.id),
  );
  return failed;
}

async function readOrder(context: PaymentsContext, orderId: string): Promise<OrderRow> {
  const [row] = await context.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}
