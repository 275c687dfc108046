import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import {
  orders,
  paymentOperations,
  paymentWebhookEvents,
  products,
  type OrderStatus,
  type PaymentOperationKind,
} from "#server/db/schema.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { enqueueEmails } from "#server/modules/notifications/enqueue-email.ts";
import { GatewayError, type PaymentGateway, type ProviderPayment } from "#server/modules/payments/gateway.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { issueCreditNote } from "#server/modules/invoices/issue-credit-note.ts";
import { completeRefund } from "./complete-refund.ts";
import { orderAccessToken } from "./order-access.ts";
import { shippedEmail } from "./order-notifications.ts";
import type { OrderRow } from "./order-row.ts";
import { holdsPayment, lockOrder, moveAfterPayment, type Actor } from "./order-transitions.ts";

/**
 * Money moved at a provider after payment (issue 35): every capture, release (void) and refund is a
 * payment_operations row written and committed before the provider is called and completed after
 * it, and every path that learns the provider's state (the call's answer, a webhook, the admin's
 * sync, the operations job) ends in `settleWithProvider`, which brings the order to what the
 * provider says: captured, released, refunded (the studio's refunds and those made in the
 * provider's dashboard). The order's `refundedHalalas` always converges on the provider's refunded
 * total, whatever order the answers arrive in.
 */

export type OperationRow = typeof paymentOperations.$inferSelect;

/** What an operation needs to be completed later, by whoever learns the provider's answer. */
export type OperationRequest = {
  /** The order's state when the operation was asked for (a refund returns there when it fails or is partial). */
  fromStatus: OrderStatus;
  /** A refund that cancels an order not shipped ends it `cancelled` rather than `refunded`. */
  intent?: "refund" | "cancel";
  /** The provider's refunded total when the refund was asked for: the refund is done once it is this plus the amount. */
  providerRefundedBefore?: number;
  carrier?: string | undefined;
  trackingNumber?: string | undefined;
  shippedAt?: string;
};

export type OperationOutcome = {
  order: OrderRow;
  /** `done`: the provider did it; `failed`: it refused (nothing moved); `pending`: no answer yet (sync to check). */
  outcome: "done" | "pending" | "failed";
  error?: string;
};

/**
 * Operations whose provider call is running in this process: a re-read must not close one as
 * failed while its answer may still come (another instance's calls are covered by the job's age).
 */
const inFlight = new Set<number>();

const requestOf = (operation: OperationRow) => operation.request as OperationRequest;

async function openOperation(tx: Db, orderId: string): Promise<OperationRow | undefined> {
  const [open] = await tx
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.orderId, orderId), eq(paymentOperations.state, "requested")))
    .limit(1);
  return open;
}

async function finishOperation(
  tx: Db,
  operation: OperationRow,
  state: "succeeded" | "failed",
  answer: Record<string, unknown>,
): Promise<void> {
  await tx
    .update(paymentOperations)
    // The transaction's time, as the order_events row it writes with it: the history reads them together.
    .set({ state, answer, completedAt: sql`now()` })
    .where(and(eq(paymentOperations.id, operation.id), eq(paymentOperations.state, "requested")));
}

/** The provider's answer as the operation keeps it. */
function answerOf(payment: ProviderPayment): Record<string, unknown> {
  return {
    providerStatus: payment.status,
    capturedHalalas: payment.capturedHalalas ?? 0,
    refundedHalalas: refundedOf(payment),
  };
}

function refundedOf(payment: ProviderPayment): number {
  return payment.refundedHalalas ?? (payment.status === "refunded" ? payment.amountHalalas : 0);
}

/** A refusal by the provider (a 4xx that is not a timeout or a rate limit): the call changed nothing. */
function isRefusal(error: GatewayError): boolean {
  return (
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 408 &&
    error.status !== 429
  );
}

/**
 * What a "shipped" e-mail needs besides the order, read before the transaction that may send it
 * (PGlite has one connection: nothing else may query while a transaction holds it).
 */
export type MailInputs = { accessToken: string; product: { name: string; nameAr: string } };

export async function mailInputs(context: PaymentsContext, order: OrderRow): Promise<MailInputs> {
  const cached = await context.productNames(order.productId);
  const [row] = cached
    ? [cached]
    : await context.db
        .select({ name: products.name, nameAr: products.nameAr })
        .from(products)
        .where(eq(products.id, order.productId));
  return {
    accessToken: await orderAccessToken(context.db, order.id),
    product: row ?? { name: order.productId, nameAr: order.productId },
  };
}

/**
 * A locked paid order moves to `shipped` with its shipment, and the buyer's "shipped" e-mail is
 * enqueued in the same transaction (outbox, once per order).
 */
export async function shipLocked(
  tx: Db,
  context: PaymentsContext,
  mail: MailInputs,
  order: OrderRow,
  shipment: { carrier?: string | undefined; trackingNumber?: string | undefined; shippedAt: Date },
  actor: Actor,
  operationId?: number,
): Promise<{ order: OrderRow; emails: number }> {
  if (order.status !== "paid") return { order, emails: 0 };
  const { order: shipped, moved } = await moveAfterPayment(tx, order, {
    to: "shipped",
    actor,
    detail: {
      ...(shipment.carrier ? { carrier: shipment.carrier } : {}),
      ...(shipment.trackingNumber ? { trackingNumber: shipment.trackingNumber } : {}),
      ...(operationId ? { operationId } : {}),
    },
    set: {
      carrier: shipment.carrier ?? null,
      trackingNumber: shipment.trackingNumber ?? null,
      shippedAt: shipment.shippedAt,
    },
  });
  if (!moved) return { order: shipped, emails: 0 };
  const emails = await enqueueEmails(tx, [
    shippedEmail(
      { ...shipped, product: mail.product },
      {
        accessToken: mail.accessToken,
        siteUrl: context.siteUrl,
        studio: context.mail.studio,
      },
    ),
  ]);
  return { order: shipped, emails };
}

export type SettleOptions = {
  /**
   * Close as failed an open operation the provider shows no trace of (the admin's sync, the
   * operations job). A webhook or a call's own answer only completes what the provider shows.
   */
  resolve: boolean;
  /** The webhook that brought the news, recorded in the same transaction. */
  webhookEvent?: { gateway: string; eventKey: string } | undefined;
};

/**
 * Brings an order that holds a payment to the provider's state, read just before (issue 35),
 * under the order's row lock: the captured amount, an open operation completed (a capture ships
 * the order, a release cancels it, a refund goes through completeRefund), and any refund beyond
 * what the studio asked for recorded as made at the provider. An order that no longer holds a
 * payment (cancelled, refunded, or never paid) is left as it is.
 */
export async function settleWithProvider(
  context: PaymentsContext,
  orderId: string,
  actor: Actor,
  payment: ProviderPayment,
  options: SettleOptions,
): Promise<OrderRow> {
  const mail = await mailInputs(context, await readOrder(context.db, orderId));
  const result = await context.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    if (options.webhookEvent) {
      await tx
        .insert(paymentWebhookEvents)
        .values({ gateway: options.webhookEvent.gateway, eventKey: options.webhookEvent.eventKey, orderId })
        .onConflictDoNothing();
    }
    return settleLocked(tx, context, mail, order, actor, payment, options);
  });
  if (result.emails > 0) context.onEmailsQueued();
  return result.order;
}

async function settleLocked(
  tx: Db,
  context: PaymentsContext,
  mail: MailInputs,
  order: OrderRow,
  actor: Actor,
  payment: ProviderPayment,
  options: SettleOptions,
): Promise<{ order: OrderRow; emails: number }> {
  let current = order;
  let emails = 0;
  if (!holdsPayment(current.status)) return { order: current, emails };
  const open = await openOperation(tx, current.id);
  const resolvable = (operation: OperationRow) => options.resolve && !inFlight.has(operation.id);
  const answer = answerOf(payment);
  const captured = payment.capturedHalalas ?? 0;
  const refunded = refundedOf(payment);

  if (captured > current.capturedHalalas) {
    current = (await moveAfterPayment(tx, current, { to: current.status, actor, set: { capturedHalalas: captured } }))
      .order;
  }

  if (open?.kind === "capture") {
    if (captured >= open.amountHalalas) {
      await finishOperation(tx, open, "succeeded", answer);
      const request = requestOf(open);
      const shipped = await shipLocked(
        tx,
        context,
        mail,
        current,
        {
          carrier: request.carrier,
          trackingNumber: request.trackingNumber,
          shippedAt: request.shippedAt ? new Date(request.shippedAt) : new Date(),
        },
        open.actor as Actor,
        open.id,
      );
      current = shipped.order;
      emails += shipped.emails;
    } else if (resolvable(open)) {
      await finishOperation(tx, open, "failed", { ...answer, error: "the provider shows no capture" });
    }
  }

  if (payment.status === "cancelled" && current.status === "paid" && current.capturedHalalas === 0) {
    // Released at the provider: by the studio's void, or in the provider's dashboard.
    const operation =
      open?.kind === "void"
        ? open
        : await insertOperation(tx, {
            orderId: current.id,
            kind: "void",
            source: "provider",
            state: "succeeded",
            amountHalalas: current.totalAmountHalalas,
            actor,
            request: { fromStatus: current.status },
            answer,
          });
    if (open?.kind === "void") await finishOperation(tx, open, "succeeded", answer);
    const credited = current.totalAmountHalalas - current.refundedHalalas;
    current = (
      await moveAfterPayment(tx, current, {
        to: "cancelled",
        actor: operation.actor as Actor,
        detail: { operationId: operation.id, providerStatus: payment.status, source: operation.source },
      })
    ).order;
    // The invoice was issued when the payment was authorised: released, it is cancelled by a
    // credit note for what it still stood for (no money moved back, none had been taken).
    if (credited > 0) {
      const note = await issueCreditNote(
        tx,
        {
          orderId: current.id,
          amountHalalas: credited,
          reason: "Order cancelled before shipping; payment released",
          refundKey: `operation:${operation.id}`,
        },
        { ...context, accessToken: mail.accessToken },
      );
      emails += note.emails;
    }
  } else if (open?.kind === "void" && resolvable(open)) {
    await finishOperation(tx, open, "failed", { ...answer, error: "the provider shows the payment not released" });
  }

  let unexplained = refunded - current.refundedHalalas;
  if (open?.kind === "refund") {
    const request = requestOf(open);
    if (refunded >= (request.providerRefundedBefore ?? 0) + open.amountHalalas) {
      await finishOperation(tx, open, "succeeded", answer);
      const amount = Math.max(0, Math.min(open.amountHalalas, unexplained));
      const completed = await completeRefund(
        tx,
        current,
        {
          amountHalalas: amount,
          reason: open.reason,
          operationId: open.id,
          source: "studio",
          actor: open.actor as Actor,
          fullyRefundedStatus: request.intent === "cancel" ? "cancelled" : "refunded",
          returnTo: request.fromStatus,
          providerStatus: payment.status,
        },
        { ...context, accessToken: mail.accessToken },
      );
      current = completed.order;
      emails += completed.emails;
      unexplained -= amount;
    } else if (resolvable(open)) {
      await finishOperation(tx, open, "failed", { ...answer, error: "the provider shows no such refund" });
      if (current.status === "refund_pending") {
        current = (
          await moveAfterPayment(tx, current, {
            to: request.fromStatus,
            actor,
            detail: { operationId: open.id, outcome: "refund_not_made", providerStatus: payment.status },
          })
        ).order;
      }
    }
  }
  if (unexplained > 0) {
    // Refunded at the provider beyond what the studio asked for here: its dashboard.
    const operation = await insertOperation(tx, {
      orderId: current.id,
      kind: "refund",
      source: "provider",
      state: "succeeded",
      amountHalalas: unexplained,
      actor,
      request: { fromStatus: current.status },
      answer,
    });
    const completed = await completeRefund(
      tx,
      current,
      {
        amountHalalas: unexplained,
        reason: null,
        operationId: operation.id,
        source: "provider",
        actor,
        fullyRefundedStatus: "refunded",
        returnTo: current.status,
        providerStatus: payment.status,
      },
      { ...context, accessToken: mail.accessToken },
    );
    current = completed.order;
    emails += completed.emails;
  }
  return { order: current, emails };
}

async function insertOperation(
  tx: Db,
  values: {
    orderId: string;
    kind: PaymentOperationKind;
    source?: "studio" | "provider";
    state?: "requested" | "succeeded";
    amountHalalas: number;
    reason?: string | null;
    actor: Actor;
    request: OperationRequest;
    answer?: Record<string, unknown>;
  },
): Promise<OperationRow> {
  const [row] = await tx
    .insert(paymentOperations)
    .values({
      orderId: values.orderId,
      kind: values.kind,
      source: values.source ?? "studio",
      state: values.state ?? "requested",
      amountHalalas: values.amountHalalas,
      reason: values.reason ?? null,
      idempotencyKey: randomUUID(),
      actor: values.actor,
      request: values.request,
      answer: values.answer ?? null,
      ...(values.state === "succeeded" ? { completedAt: sql`now()` } : {}),
    })
    .returning();
  return row!;
}

export type OperationSpec = {
  kind: PaymentOperationKind;
  amountHalalas: number;
  reason?: string | null;
  actor: Actor;
  request: OperationRequest;
  /** The state the order waits in while the provider is asked (a refund's `refund_pending`). */
  pendingStatus?: "refund_pending";
  /** Refuses (ApiError) an order that may not take the operation, read under its lock. */
  check: (order: OrderRow) => void;
};

/**
 * One provider call that moves money (issue 35): the operation (and, for a refund, the order's
 * move to `refund_pending`) is committed first; then the provider is called; its answer is settled
 * through `settleWithProvider`. A refusal closes the operation as failed and returns the order to
 * where it was; no answer (a timeout, a 5xx) leaves both waiting for a re-read, which completes
 * them from what the provider then says.
 */
export async function runOperation(
  context: PaymentsContext,
  orderId: string,
  spec: OperationSpec,
  call: (operation: OperationRow) => Promise<ProviderPayment>,
): Promise<OperationOutcome> {
  const operation = await context.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ApiError(404, "not_found", "payments.orderNotFound");
    spec.check(order);
    if (await openOperation(tx, orderId)) {
      throw new ApiError(409, "operation_pending", "admin.orders.operationPending");
    }
    let row: OperationRow;
    try {
      row = await insertOperation(tx, { orderId, ...spec });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(409, "operation_pending", "admin.orders.operationPending");
      throw error;
    }
    if (spec.pendingStatus) {
      await moveAfterPayment(tx, order, {
        to: spec.pendingStatus,
        actor: spec.actor,
        detail: {
          operationId: row.id,
          amountHalalas: spec.amountHalalas,
          ...(spec.reason ? { reason: spec.reason } : {}),
        },
      });
    }
    return row;
  });

  inFlight.add(operation.id);
  let payment: ProviderPayment;
  try {
    payment = await call(operation);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    context.log.warn(
      { err: error, operation: operation.id, kind: operation.kind },
      "payment operation: no answer or refused",
    );
    if (!isRefusal(error)) {
      // No answer: the provider may have done it (its webhook may even have completed it meanwhile).
      const [now] = await context.db.select().from(paymentOperations).where(eq(paymentOperations.id, operation.id));
      const outcome = now?.state === "succeeded" ? "done" : now?.state === "failed" ? "failed" : "pending";
      return { order: await readOrder(context.db, orderId), outcome, error: error.message };
    }
    const order = await context.db.transaction(async (tx) => {
      const current = await lockOrder(tx, orderId);
      if (!current) throw new Error(`no order ${orderId}`);
      await finishOperation(tx, operation, "failed", { error: error.message, status: error.status });
      if (!spec.pendingStatus || current.status !== spec.pendingStatus) return current;
      const back = await moveAfterPayment(tx, current, {
        to: spec.request.fromStatus,
        actor: spec.actor,
        detail: { operationId: operation.id, outcome: "refused", error: error.message },
      });
      return back.order;
    });
    return { order, outcome: "failed", error: error.message };
  } finally {
    inFlight.delete(operation.id);
  }
  const order = await settleWithProvider(context, orderId, spec.actor, payment, { resolve: false });
  const [after] = await context.db.select().from(paymentOperations).where(eq(paymentOperations.id, operation.id));
  return { order, outcome: after?.state === "succeeded" ? "done" : after?.state === "failed" ? "failed" : "pending" };
}

export async function readOrder(db: Db, orderId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new ApiError(404, "not_found", "payments.orderNotFound");
  return order;
}

/** An order's operations, oldest first (the admin's history). */
export async function operationsOf(db: Db, orderId: string): Promise<OperationRow[]> {
  return db
    .select()
    .from(paymentOperations)
    .where(eq(paymentOperations.orderId, orderId))
    .orderBy(paymentOperations.id);
}

/** The gateway and payment id of an order that was paid through one (409 when there is none). */
export function providerOf(context: PaymentsContext, order: OrderRow): { gateway: PaymentGateway; paymentId: string } {
  const gateway = order.gateway ? context.gateways.byId(order.gateway) : undefined;
  if (!gateway || !order.paymentReference) throw new ApiError(409, "no_payment", "admin.orders.noPayment");
  return { gateway, paymentId: order.paymentReference };
}

/** The payment as the provider has it now; its silence is a 502 that changed nothing. */
export async function readFromProvider(
  context: PaymentsContext,
  order: OrderRow,
): Promise<{ gateway: PaymentGateway; paymentId: string; payment: ProviderPayment }> {
  const { gateway, paymentId } = providerOf(context, order);
  try {
    return { gateway, paymentId, payment: await gateway.fetchPayment(paymentId) };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    context.log.warn({ err: error, order: order.reference }, "the provider could not be asked");
    throw new ApiError(502, "gateway_error", "admin.orders.providerSilent");
  }
}

/** Throws the refusal an outcome carries (the provider refused: nothing moved). */
export function refusalOf(
  outcome: OperationOutcome,
  code: string,
  key: "admin.orders.captureFailed" | "admin.orders.voidFailed" | "admin.orders.refundFailed",
): OperationOutcome {
  if (outcome.outcome !== "failed") return outcome;
  throw new ApiError(502, code, key, { params: { reason: outcome.error ?? "" } });
}
