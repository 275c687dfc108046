import type { Db } from "#server/db/database.ts";
import { runStatement, statement } from "#server/db/statements.ts";
import type { OrderStatus } from "#server/db/schema.ts";
import { GatewayError, type ProviderPayment, type ProviderStatus } from "./gateway.ts";
import { orderAccessToken } from "#server/modules/orders/order-access.ts";
import type { OrderRow } from "#server/modules/orders/order-row.ts";
import { holdsMoney, raisePaymentAlert } from "#server/modules/orders/payment-alerts.ts";
import { isOpen, moveOrder, payOrder, type Actor, type Move } from "#server/modules/orders/order-transitions.ts";
import type { PaymentsContext } from "./payments-context.ts";

/** Where a provider's state takes an open order (authorised-but-not-captured still waits). */
const orderStatusOf: Record<ProviderStatus, OrderStatus | null> = {
  requires_action: "awaiting_payment",
  authorized: "awaiting_payment",
  paid: "paid",
  failed: "failed",
  cancelled: "cancelled",
  expired: "expired",
  // A refund of a payment we never saw paid: nothing to do here; the admin sees it at the provider.
  refunded: null,
};

export type SyncOptions = {
  /** Runs in the moving transaction (a webhook's dedupe row); false: duplicate, nothing changes. */
  record?: (tx: Db) => Promise<boolean>;
  /** Added to the history row (e.g. the webhook's event name, the stage). */
  detail?: Record<string, unknown>;
  /**
   * The webhook event `record` records, for the paying statement (pay_order), which records it
   * itself in the same transaction; without it, a `record` makes paying take the general path.
   */
  webhookEvent?: { gateway: string; eventKey: string };
};

export type SyncResult = { order: OrderRow; moved: boolean; duplicate?: boolean };

/** What the provider captured when the order was paid (issue 35: a card's purchase), kept on the order. */
const recordCaptured = statement(
  "order_captured_at_payment",
  "update orders set captured_halalas = $2 where id = $1 and captured_halalas < $2",
);

function paymentDetail(payment: ProviderPayment): Record<string, unknown> {
  return {
    providerStatus: payment.status,
    providerPaymentId: payment.providerPaymentId,
    ...(payment.failureReason ? { failureReason: payment.failureReason } : {}),
  };
}

/**
 * The one confirm path (decision 0017): confirm, the return from a hosted page, webhooks and the
 * expiry job all end here. The payment's state is fetched from the gateway (never taken from the
 * client or a webhook's body); an amount or currency other than the order's fails the order, and
 * money the provider holds for such a payment is given back with a payment alert (issue 35); an
 * authorised payment is completed (Tamara authorise, Tabby capture); then the order moves under
 * its row lock through the allowed transitions only, so concurrent calls pay it once.
 */
export async function syncOrderWithGateway(
  context: PaymentsContext,
  order: OrderRow,
  actor: Actor,
  options: SyncOptions = {},
): Promise<SyncResult> {
  let flights = inFlight.get(context);
  if (!flights) inFlight.set(context, (flights = new Map()));
  // A webhook never waits: a provider may deliver one while our own call to it (a capture) is
  // still open, and the sync that made the call would then wait for the webhook's answer.
  const running = options.record ? undefined : flights.get(order.id);
  if (running) {
    // The webhook and the buyer's confirm nearly always arrive together: a confirm that finds
    // the order being synced waits for that sync instead of asking the gateway and trying to pay
    // a second time; if the order is closed by then, it has nothing left to do.
    const settled = await running.then(
      (result) => result.order,
      () => undefined,
    );
    if (settled && !isOpen(settled.status)) return { order: settled, moved: false };
  }
  const sync = syncOnce(context, order, actor, options);
  flights.set(order.id, sync);
  try {
    return await sync;
  } finally {
    if (flights.get(order.id) === sync) flights.delete(order.id);
  }
}

/**
 * The syncs running in this process, by order id. Only work is saved here: between processes (or
 * should a waiter find the order still open) the row lock and the state machine decide, as ever.
 */
const inFlight = new WeakMap<PaymentsContext, Map<string, Promise<SyncResult>>>();

async function syncOnce(
  context: PaymentsContext,
  order: OrderRow,
  actor: Actor,
  options: SyncOptions,
): Promise<SyncResult> {
  const accessToken = await orderAccessToken(context.db, order.id);
  const stay = async (): Promise<SyncResult> => {
    if (!options.record) return { order, moved: false };
    // (A webhook about an order already closed never gets here: its lookup statement records it,
    // process-webhook.ts.) The event is recorded under the order's lock, with nothing to move.
    return moveOrder(context, order.id, () => null, accessToken, options.record);
  };

  const gateway = order.gateway ? context.gateways.byId(order.gateway) : undefined;
  if (!isOpen(order.status) || !order.paymentReference || !gateway) {
    if (isOpen(order.status) && order.paymentReference && !gateway) {
      context.log.warn({ order: order.reference, gateway: order.gateway }, "order's gateway is not configured");
    }
    return stay();
  }

  let payment = await gateway.fetchPayment(order.paymentReference);
  let move: Move | null;
  const mismatch = payment.amountHalalas !== order.totalAmountHalalas || payment.currency !== order.currency;
  if (mismatch) {
    context.log.error(
      {
        order: order.reference,
        expected: { amount: order.totalAmountHalalas, currency: order.currency },
        provider: { amount: payment.amountHalalas, currency: payment.currency },
      },
      "payment amount or currency differs from the order: the order is failed, its money given back",
    );
    move = {
      to: "failed",
      actor,
      detail: {
        ...paymentDetail(payment),
        reason: "amount_mismatch",
        providerAmountHalalas: payment.amountHalalas,
        providerCurrency: payment.currency,
        ...options.detail,
      },
    };
  } else {
    if (payment.status === "authorized") {
      try {
        payment = await gateway.completePayment(payment, {
          reference: order.reference,
          amountHalalas: order.totalAmountHalalas,
          vatHalalas: order.vatHalalas,
        });
      } catch (error) {
        if (!(error instanceof GatewayError)) throw error;
        context.log.warn({ err: error, order: order.reference }, "completing an authorised payment failed; will retry");
      }
    }
    const to = orderStatusOf[payment.status];
    move = to ? { to, actor, detail: { ...paymentDetail(payment), ...options.detail } } : null;
  }
  if (!move) return stay();
  const chosen = move;
  if (mismatch) {
    const failed = await moveOrder(
      context,
      order.id,
      (current) => (isOpen(current.status) ? chosen : null),
      accessToken,
      options.record,
    );
    // The order is not paid by it; money the provider holds for it goes back, and the studio is told (decision 0044).
    if (holdsMoney(payment)) {
      await raisePaymentAlert(context, { kind: "mismatch", gateway, payment, orderId: order.id, actor });
    }
    return failed;
  }
  const captured = payment.capturedHalalas ?? 0;
  const paying = chosen.to === "paid";
  const result =
    paying && (!options.record || options.webhookEvent)
      ? await payOrder(context, order, { ...chosen, to: "paid" }, accessToken, options.webhookEvent)
      : await moveOrder(
          context,
          order.id,
          (current) => (current.status === chosen.to ? null : chosen),
          accessToken,
          options.record,
        );
  if (paying && result.moved && captured > 0) {
    await runStatement(context.db, recordCaptured, [order.id, captured]);
    result.order = { ...result.order, capturedHalalas: Math.max(result.order.capturedHalalas, captured) };
  }
  return result;
}
