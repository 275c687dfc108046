import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { paymentAlerts, type PaymentAlertAction, type PaymentAlertKind } from "#server/db/schema.ts";
import { rowsOf } from "#server/db/rows-of.ts";
import { GatewayError, type PaymentGateway, type ProviderPayment } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import type { Actor } from "./order-transitions.ts";

/**
 * Money at a provider that no order is paid by (issue 35, decision 0044): one payment alert per
 * provider payment, never dropped. A late payment (its order expired, failed or was cancelled
 * unpaid), a duplicate (its order was paid by another payment) and a mismatch (an amount or
 * currency other than the order's) are given back where the provider allows it: the alert is
 * committed `refund_pending`, with its idempotency key, before the provider is asked (a void while
 * the money is only authorised, a refund once captured); the answer completes it `refunded` or
 * `refund_failed`, and a lost answer is re-read by the reconciliation job (`retryGivingBack`). A
 * payment no order knows, or one for an open order that holds another, is kept for the studio.
 * Every call about an order is a note in the order's history (an order_events row that does not
 * move it), so the admin reads it beside the order's states.
 */

export type PaymentAlertRow = typeof paymentAlerts.$inferSelect;

/** The kinds whose money goes back to the buyer; the others are kept for the studio to decide. */
const givenBack: ReadonlySet<PaymentAlertKind> = new Set(["late", "duplicate", "mismatch"]);

/** Whether the provider holds the buyer's money for this payment (authorised or taken). */
export function holdsMoney(payment: ProviderPayment): boolean {
  return payment.status === "paid" || payment.status === "authorized";
}

/** The provider shows the money back with the buyer: released, or refunded in full. */
function isGivenBack(payment: ProviderPayment): boolean {
  if (payment.status === "cancelled" || payment.status === "refunded") return true;
  const captured = payment.capturedHalalas ?? 0;
  return captured > 0 && (payment.refundedHalalas ?? 0) >= captured;
}

/** How the money goes back: a release while nothing is captured, else a refund of what is left. */
function giveBackPlan(payment: ProviderPayment): { method: "void" | "refund"; amountHalalas: number } {
  const captured = payment.capturedHalalas ?? 0;
  if (captured === 0) return { method: "void", amountHalalas: payment.amountHalalas };
  return { method: "refund", amountHalalas: Math.max(0, captured - (payment.refundedHalalas ?? 0)) };
}

/**
 * A note in an order's history: an order_events row from and to its current state, so the admin's
 * history shows the provider call without the order moving. The buyer's view leaves such rows out.
 */
export async function noteOnOrder(db: Db, orderId: string, actor: Actor, detail: Record<string, unknown>) {
  await db.execute(sql`
    insert into order_events (order_id, from_status, to_status, actor, detail)
    select id, status, status, ${actor}, ${JSON.stringify(detail)}::jsonb from orders where id = ${orderId}`);
}

/** Calls running in this process, by alert id: the job never re-asks while an answer may still come. */
const inFlight = new Set<number>();

export type RaiseAlert = {
  kind: PaymentAlertKind;
  gateway: PaymentGateway;
  payment: ProviderPayment;
  orderId: string | null;
  actor: Actor;
};

/**
 * Raises the alert for a provider payment (once: a second notice of the same payment answers the
 * alert already kept) and, for a late, duplicate or mismatched payment that holds money, gives it
 * back. Answers the alert as it now is.
 */
export async function raisePaymentAlert(context: PaymentsContext, input: RaiseAlert): Promise<PaymentAlertRow> {
  const { payment, gateway } = input;
  const plan = giveBackPlan(payment);
  const giving = givenBack.has(input.kind) && holdsMoney(payment) && plan.amountHalalas > 0;
  const action: PaymentAlertAction = giving ? "refund_pending" : "kept";
  const created = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paymentAlerts)
      .values({
        kind: input.kind,
        gateway: gateway.id,
        providerPaymentId: payment.providerPaymentId,
        orderId: input.orderId,
        amountHalalas: payment.amountHalalas,
        currency: payment.currency,
        providerStatus: payment.status,
        action,
        refundMethod: giving ? plan.method : null,
        refundHalalas: giving ? plan.amountHalalas : 0,
        idempotencyKey: randomUUID(),
      })
      .onConflictDoNothing()
      .returning();
    if (row && input.orderId) {
      // The same transaction: the alert and the order's note exist together.
      await noteOnOrder(tx, input.orderId, input.actor, {
        stage: "payment_alert",
        alertId: row.id,
        kind: input.kind,
        providerPaymentId: payment.providerPaymentId,
        amountHalalas: payment.amountHalalas,
        currency: payment.currency,
        providerStatus: payment.status,
        outcome: giving ? `${plan.method}_requested` : "kept",
      });
    }
    return row;
  });
  if (!created) {
    const [existing] = await context.db
      .select()
      .from(paymentAlerts)
      .where(
        and(eq(paymentAlerts.gateway, gateway.id), eq(paymentAlerts.providerPaymentId, payment.providerPaymentId)),
      );
    return existing!;
  }
  context.log.error(
    {
      alert: created.id,
      kind: created.kind,
      gateway: gateway.id,
      payment: payment.providerPaymentId,
      order: input.orderId,
      amount: payment.amountHalalas,
    },
    "payment alert: money at the provider that no order is paid by",
  );
  return giving ? giveBack(context, gateway, created, input.actor) : created;
}

function refundReason(kind: PaymentAlertKind): string {
  if (kind === "late") return "Payment arrived after the order had closed";
  if (kind === "duplicate") return "Second payment for an order already paid";
  return "Payment amount or currency differs from the order";
}

/**
 * Asks the provider to give an alert's money back (the alert is already committed
 * `refund_pending`), and completes the alert from the answer: given back, refused (4xx: nothing
 * happened, `refund_failed` with the provider's words), or no answer (it stays pending for the job).
 */
async function giveBack(
  context: PaymentsContext,
  gateway: PaymentGateway,
  alert: PaymentAlertRow,
  actor: Actor,
): Promise<PaymentAlertRow> {
  if (inFlight.has(alert.id)) return alert;
  inFlight.add(alert.id);
  const call = alert.refundMethod ?? "refund";
  let outcome: { action: PaymentAlertAction; error: string | null; note: string };
  try {
    await context.db
      .update(paymentAlerts)
      .set({ attempts: sql`${paymentAlerts.attempts} + 1`, updatedAt: sql`now()` })
      .where(eq(paymentAlerts.id, alert.id));
    const answer =
      call === "void"
        ? await gateway.voidPayment(alert.providerPaymentId, {
            amountHalalas: alert.refundHalalas,
            idempotencyKey: alert.idempotencyKey,
          })
        : await gateway.refundPayment(
            alert.providerPaymentId,
            alert.refundHalalas,
            refundReason(alert.kind),
            alert.idempotencyKey,
          );
    outcome = isGivenBack(answer)
      ? { action: "refunded", error: null, note: "done" }
      : { action: "refund_pending", error: `the provider answered ${answer.status}`, note: "not_yet" };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    context.log.warn({ err: error, alert: alert.id }, "payment alert: giving the money back did not succeed");
    outcome = error.outcomeUnknown
      ? { action: "refund_pending", error: error.message, note: "unanswered" }
      : { action: "refund_failed", error: error.message, note: "refused" };
  } finally {
    inFlight.delete(alert.id);
  }
  return completeAlert(context, alert, outcome, actor, call);
}

async function completeAlert(
  context: PaymentsContext,
  alert: PaymentAlertRow,
  outcome: { action: PaymentAlertAction; error: string | null; note: string },
  actor: Actor,
  call: "refund" | "void",
): Promise<PaymentAlertRow> {
  return context.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(paymentAlerts)
      .set({ action: outcome.action, error: outcome.error, updatedAt: sql`now()` })
      // A completed alert stays completed (a slower copy of the same answer changes nothing).
      .where(and(eq(paymentAlerts.id, alert.id), eq(paymentAlerts.action, "refund_pending")))
      .returning();
    if (updated && alert.orderId) {
      await noteOnOrder(tx, alert.orderId, actor, {
        stage: "payment_alert",
        alertId: alert.id,
        kind: alert.kind,
        providerPaymentId: alert.providerPaymentId,
        amountHalalas: alert.refundHalalas,
        outcome: `${call}_${outcome.note}`,
        ...(outcome.error ? { error: outcome.error } : {}),
      });
    }
    if (updated) return updated;
    const [current] = await tx.select().from(paymentAlerts).where(eq(paymentAlerts.id, alert.id));
    return current!;
  });
}

/**
 * The reconciliation job's pass over alerts whose money is still on its way back (issue 35):
 * claimed a few at a time under `FOR UPDATE SKIP LOCKED` (the claim moves `updated_at`, so another
 * instance's run skips them), each re-read from the provider: given back already (the lost answer
 * had done it) completes it; otherwise the provider is asked again with the same key.
 */
export async function retryGivingBack(
  context: PaymentsContext,
  options: { olderThanMs: number; now?: Date; signal?: AbortSignal },
): Promise<{ retried: number; refunded: number }> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - options.olderThanMs);
  const claimed = rowsOf<{ id: number | string }>(
    await context.db.execute(sql`
      update payment_alerts set updated_at = now()
      where id in (
        select id from payment_alerts
        where action = 'refund_pending' and updated_at < ${cutoff.toISOString()}::timestamptz
        order by updated_at limit 20
        for update skip locked)
      returning id`),
  );
  let retried = 0;
  let refunded = 0;
  for (const row of claimed) {
    if (options.signal?.aborted) break;
    // A bigserial comes back as text from node-postgres.
    const id = Number(row.id);
    if (inFlight.has(id)) continue;
    const [alert] = await context.db.select().from(paymentAlerts).where(eq(paymentAlerts.id, id));
    const gateway = alert ? context.gateways.byId(alert.gateway) : undefined;
    if (!alert || !gateway || alert.action !== "refund_pending") continue;
    retried++;
    try {
      const payment = await gateway.fetchPayment(alert.providerPaymentId);
      const done = isGivenBack(payment)
        ? await completeAlert(
            context,
            alert,
            { action: "refunded", error: null, note: "done" },
            "system",
            alert.refundMethod ?? "refund",
          )
        : await giveBack(context, gateway, alert, "system");
      if (done.action === "refunded") refunded++;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      context.log.warn({ err: error, alert: id }, "payment alert: the provider could not be asked; next run");
    }
  }
  return { retried, refunded };
}
