import { and, eq, inArray, isNull } from "drizzle-orm";
import { orders, paymentWebhookEvents, type PaymentAlertKind } from "#server/db/schema.ts";
import type { PaymentGateway, ProviderPayment } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { syncOrderWithGateway } from "#server/modules/payments/sync-order.ts";
import type { OrderRow } from "./order-row.ts";
import { holdsPayment, isOpen, type Actor } from "./order-transitions.ts";
import { holdsMoney, raisePaymentAlert } from "./payment-alerts.ts";

/**
 * A provider payment that no order holds yet (issue 35, decision 0044): a webhook about a payment
 * whose create call never answered (or whose answer was not written before a crash), or one the
 * reconciliation job found with `findPayment`. It is matched to its order by what the provider
 * echoes (our order id, else our reference) among the orders of the same gateway. An open order
 * without a payment takes it and goes through the one confirm path (paid: invoice and e-mails
 * once); any other case that holds money becomes a payment alert (given back when late, a duplicate
 * or mismatched; kept otherwise). Nothing is dropped.
 */

export type PaymentNotice = {
  actor: Actor;
  /** The webhook that brought the news, recorded once it is handled. */
  webhookEvent?: { gateway: string; eventKey: string } | undefined;
  /** The provider's event name, for the history. */
  event?: string | undefined;
};

export type MatchOutcome = "processed" | "duplicate";

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The gateway an order's payment is (or, before any answer was written, would be) at. */
export function gatewayOfOrder(context: PaymentsContext, order: OrderRow): PaymentGateway | undefined {
  if (order.gateway) return context.gateways.byId(order.gateway);
  return order.paymentMethod
    ? context.gateways.forMethod(order.paymentMethod as Parameters<typeof context.gateways.forMethod>[0])
    : undefined;
}

/** The order a provider payment names (its echoed order id, else its reference), if it is this gateway's. */
async function orderNamedBy(
  context: PaymentsContext,
  gateway: PaymentGateway,
  payment: ProviderPayment,
): Promise<OrderRow | undefined> {
  const byId = payment.orderId && uuidShape.test(payment.orderId) ? payment.orderId : undefined;
  const byReference = payment.orderReference;
  if (!byId && !byReference) return undefined;
  const [order] = await context.db
    .select()
    .from(orders)
    .where(byId ? eq(orders.id, byId) : eq(orders.reference, byReference!));
  return order && gatewayOfOrder(context, order)?.id === gateway.id ? order : undefined;
}

/**
 * Gives an open order without a payment the provider's payment, in one guarded statement (a
 * concurrent webhook or create-intent that wrote it first wins; the caller then reads again).
 */
async function attachPayment(
  context: PaymentsContext,
  gateway: PaymentGateway,
  orderId: string,
  providerPaymentId: string,
): Promise<OrderRow | undefined> {
  const [attached] = await context.db
    .update(orders)
    .set({ gateway: gateway.id, paymentReference: providerPaymentId, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.paymentReference),
        inArray(orders.status, ["pending", "awaiting_payment"]),
      ),
    )
    .returning();
  return attached;
}

async function recordWebhookEvent(
  context: PaymentsContext,
  notice: PaymentNotice,
  orderId: string | null,
): Promise<MatchOutcome> {
  if (!notice.webhookEvent) return "processed";
  const inserted = await context.db
    .insert(paymentWebhookEvents)
    .values({ gateway: notice.webhookEvent.gateway, eventKey: notice.webhookEvent.eventKey, orderId })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.id });
  return inserted.length > 0 ? "processed" : "duplicate";
}

/** The order through the one confirm path, the webhook's event recorded in the moving transaction. */
async function syncOrder(context: PaymentsContext, order: OrderRow, notice: PaymentNotice): Promise<MatchOutcome> {
  const webhookEvent = notice.webhookEvent;
  const result = await syncOrderWithGateway(context, order, notice.actor, {
    detail: { ...(notice.event ? { event: notice.event } : {}), matchedBy: "provider_payment" },
    ...(webhookEvent
      ? {
          webhookEvent,
          record: async (tx) =>
            (
              await tx
                .insert(paymentWebhookEvents)
                .values({ gateway: webhookEvent.gateway, eventKey: webhookEvent.eventKey, orderId: order.id })
                .onConflictDoNothing()
                .returning({ id: paymentWebhookEvents.id })
            ).length > 0,
        }
      : {}),
  });
  return result.duplicate ? "duplicate" : "processed";
}

function differsFromOrder(order: OrderRow, payment: ProviderPayment): boolean {
  return payment.amountHalalas !== order.totalAmountHalalas || payment.currency !== order.currency;
}

/** What a payment that will not pay its order is, for the alert. */
function alertKind(order: OrderRow | undefined, payment: ProviderPayment): PaymentAlertKind {
  if (!order) return "unmatched";
  if (isOpen(order.status)) return "other_payment";
  if (differsFromOrder(order, payment)) return "mismatch";
  if (order.paidAt !== null || holdsPayment(order.status)) return "duplicate";
  return "late";
}

/**
 * A payment read from its provider that no order holds (see above). Answers whether the notice was
 * processed now or had been already.
 */
export async function matchProviderPayment(
  context: PaymentsContext,
  gateway: PaymentGateway,
  payment: ProviderPayment,
  notice: PaymentNotice,
  /** The order the payment was found for (the reconciliation job's `findPayment`), instead of matching. */
  knownOrder?: OrderRow,
): Promise<MatchOutcome> {
  let order = knownOrder ?? (await orderNamedBy(context, gateway, payment));
  if (order && isOpen(order.status) && order.paymentReference === null) {
    const attached = await attachPayment(context, gateway, order.id, payment.providerPaymentId);
    if (attached) {
      context.log.info(
        { order: order.reference, payment: payment.providerPaymentId },
        "a payment no order held is its order's: attached",
      );
      return syncOrder(context, attached, notice);
    }
    [order] = await context.db.select().from(orders).where(eq(orders.id, order.id));
  }
  if (order && order.paymentReference === payment.providerPaymentId && isOpen(order.status)) {
    return syncOrder(context, order, notice);
  }
  if (order && order.paymentReference === payment.providerPaymentId && !isOpen(order.status)) {
    return closedOrderPayment(context, gateway, order, payment, notice);
  }
  if (holdsMoney(payment)) {
    await raisePaymentAlert(context, {
      kind: alertKind(order, payment),
      gateway,
      payment,
      orderId: order?.id ?? null,
      actor: notice.actor,
    });
  } else {
    context.log.info(
      { gateway: gateway.id, payment: payment.providerPaymentId, status: payment.status },
      "a payment no order holds, without money at the provider: recorded",
    );
  }
  return recordWebhookEvent(context, notice, order?.id ?? null);
}

/**
 * The order's own payment, read from the provider, for an order that closed without being paid by
 * it (expired, failed, cancelled unpaid): money there now is a late (or mismatched) payment, given
 * back and alerted; the order stays as it is.
 */
export async function closedOrderPayment(
  context: PaymentsContext,
  gateway: PaymentGateway,
  order: OrderRow,
  payment: ProviderPayment,
  notice: PaymentNotice,
): Promise<MatchOutcome> {
  const paidByIt = order.paidAt !== null && order.paymentReference === payment.providerPaymentId;
  if (!paidByIt && holdsMoney(payment)) {
    await raisePaymentAlert(context, {
      kind: differsFromOrder(order, payment) ? "mismatch" : "late",
      gateway,
      payment,
      orderId: order.id,
      actor: notice.actor,
    });
  }
  return recordWebhookEvent(context, notice, order.id);
}

/** Closed without the order's own payment ever paying it: where a payment's money is late. */
export function closedUnpaid(order: OrderRow): boolean {
  return (
    order.paidAt === null && (order.status === "failed" || order.status === "cancelled" || order.status === "expired")
  );
}
