import type { Db } from "#server/db/database.ts";
import type { OrderStatus } from "#server/db/schema.ts";
import { issueCreditNote, type CreditNoteSettings } from "#server/modules/invoices/issue-credit-note.ts";
import type { OrderRow } from "./order-row.ts";
import { canMove, moveAfterPayment, type Actor } from "./order-transitions.ts";

/** A refund the provider has made, as the order learns of it. */
export type CompletedRefund = {
  /** This refund's amount (not the running total). */
  amountHalalas: number;
  reason: string | null;
  /** Its payment_operations row: the studio's request, or the row recorded for a provider-side refund. */
  operationId: number;
  source: "studio" | "provider";
  /** Who asked for it (the admin), or the provider's webhook / the sync that found it. */
  actor: Actor;
  /** Where a full refund leaves the order: `refunded`, or `cancelled` when it undid an order not shipped. */
  fullyRefundedStatus: "refunded" | "cancelled";
  /** Where a partial refund returns the order from `refund_pending` (the state it was in when asked). */
  returnTo?: OrderStatus | undefined;
  /** What the provider answered, for the history. */
  providerStatus?: string | undefined;
};

/**
 * The one place a refund completes (issue 35), full or partial, whoever made it: the studio's
 * refund once the provider confirms it (its answer, its webhook, or a later re-read), a
 * cancellation of a captured order, or a refund made in the provider's dashboard. It runs in the
 * transaction that holds the order's row lock, raises `refundedHalalas` and moves the order: to
 * `refunded` (or `cancelled`) when nothing is left, otherwise back from `refund_pending` to where
 * it was. In the same transaction the refund gets its credit note (one per payment operation, VAT on
 * the refunded amount) and the buyer the e-mail that links to it: a refunded order always has its
 * note. Answers the order and the number of e-mails enqueued (nudge the outbox after the commit).
 */
export async function completeRefund(
  tx: Db,
  order: OrderRow,
  refund: CompletedRefund,
  documents: CreditNoteSettings,
): Promise<{ order: OrderRow; emails: number }> {
  const refundedHalalas = Math.min(order.totalAmountHalalas, order.refundedHalalas + refund.amountHalalas);
  const full = refundedHalalas >= order.totalAmountHalalas;
  const wanted: OrderStatus = full
    ? refund.fullyRefundedStatus
    : order.status === "refund_pending"
      ? (refund.returnTo ?? "paid")
      : order.status;
  // The money is counted whatever the state machine says of the move (it never loses a refund).
  const to = wanted === order.status || canMove(order.status, wanted) ? wanted : order.status;
  const { order: moved } = await moveAfterPayment(tx, order, {
    to,
    actor: refund.actor,
    detail: {
      refundedHalalas,
      amountHalalas: refund.amountHalalas,
      operationId: refund.operationId,
      source: refund.source,
      ...(refund.reason ? { reason: refund.reason } : {}),
      ...(refund.providerStatus ? { providerStatus: refund.providerStatus } : {}),
    },
    set: { refundedHalalas },
  });
  if (refund.amountHalalas <= 0) return { order: moved, emails: 0 };
  const note = await issueCreditNote(
    tx,
    {
      orderId: order.id,
      amountHalalas: refund.amountHalalas,
      reason: refund.reason ?? (refund.source === "provider" ? "Refund made at the payment provider" : "Refund"),
      refundKey: `operation:${refund.operationId}`,
    },
    documents,
  );
  return { order: moved, emails: note.emails };
}
