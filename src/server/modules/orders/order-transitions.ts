import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { orderEvents, orders, products, type OrderStatus } from "#server/db/schema.ts";
import { jsonColumn, runStatement, statement } from "#server/db/statements.ts";
import { invoiceChainInputs, issueInvoice } from "#server/modules/invoices/issue-invoice.ts";
import { enqueueEmails, outboxRow } from "#server/modules/notifications/enqueue-email.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { orderEmails } from "./order-notifications.ts";
import { orderFromJson, orderStatement, type OrderRow } from "./order-row.ts";

/**
 * Who moved an order (the `actor` of order_events): the buyer, the system (the expiry job), a
 * gateway asked by confirm or a return, a webhook of a gateway, or an admin.
 */
export type Actor = "buyer" | "system" | `gateway:${string}` | `webhook:${string}` | `admin:${string}`;

/**
 * The only moves an order may make (issues 12 and 35); anything else is refused and changes
 * nothing. After payment: shipped and delivered; cancelled before shipping (the authorisation
 * released, or captured money refunded in full); a refund waits in `refund_pending` from before
 * the provider is asked until it answers, then ends `refunded` (all of it) or returns where it was
 * (a part, or a refusal); a refund made at the provider in full moves a paid, shipped or delivered
 * order to `refunded` directly.
 */
const allowedMoves: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ["awaiting_payment", "paid", "failed", "cancelled", "expired"],
  awaiting_payment: ["paid", "failed", "cancelled", "expired"],
  paid: ["shipped", "cancelled", "refund_pending", "refunded"],
  shipped: ["delivered", "refund_pending", "refunded"],
  delivered: ["refund_pending", "refunded"],
  refund_pending: ["paid", "shipped", "delivered", "refunded", "cancelled"],
  failed: [],
  cancelled: [],
  expired: [],
  refunded: [],
};

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return allowedMoves[from].includes(to);
}

/** Pending or awaiting the provider: the states a gateway may still change. */
export function isOpen(status: OrderStatus): boolean {
  return status === "pending" || status === "awaiting_payment";
}

/**
 * Paid and not over (issue 35): the provider holds money for the order, which it may still
 * capture, release or refund, in the studio's hands or in its own dashboard.
 */
export function holdsPayment(status: OrderStatus): boolean {
  return status === "paid" || status === "shipped" || status === "delivered" || status === "refund_pending";
}

/** The order, locked for the rest of the transaction (`SELECT … FOR UPDATE`). */
export async function lockOrder(tx: Db, orderId: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order;
}

export type Move = {
  to: OrderStatus;
  actor: Actor;
  /** What the provider said (status, message), for the history; never card data. */
  detail?: Record<string, unknown>;
  /** Set with the move (e.g. the provider's payment id on the first answer). */
  set?: Partial<Pick<OrderRow, "paymentReference" | "gateway">>;
};

/**
 * Moves a locked order if the state machine allows it, writing its order_events row. Paying is
 * the one move with consequences, all in this transaction so that they exist exactly once: the
 * paid time, the invoice, and the buyer's and the studio's e-mails (outbox, deduplicated per
 * order). Answers the order as it now is and whether it moved.
 */
export async function moveLockedOrder(
  tx: Db,
  context: PaymentsContext,
  order: OrderRow,
  move: Move,
  accessToken: string,
): Promise<{ order: OrderRow; moved: boolean; emails: number }> {
  if (!canMove(order.status, move.to)) return { order, moved: false, emails: 0 };
  const now = new Date();
  const [updated] = await tx
    .update(orders)
    .set({ status: move.to, updatedAt: now, ...(move.to === "paid" ? { paidAt: now } : {}), ...move.set })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`order ${order.id} vanished while locked`);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: move.to,
    actor: move.actor,
    detail: move.detail ?? null,
  });
  let emails = 0;
  if (move.to === "paid") {
    // The product first: the invoice takes the lock every paying buyer waits on until commit.
    const [product] = await tx
      .select({ id: products.id, name: products.name, nameAr: products.nameAr })
      .from(products)
      .where(eq(products.id, updated.productId));
    const invoice = await issueInvoice(tx, order.id, context.invoice, {
      total: updated.totalAmountHalalas,
      vat: updated.vatHalalas,
      paidAt: updated.paidAt,
    });
    emails = await enqueueEmails(
      tx,
      orderEmails(
        {
          ...updated,
          product: product ?? { id: updated.productId, name: updated.productId, nameAr: updated.productId },
        },
        { invoiceNumber: invoice.number, accessToken, siteUrl: context.siteUrl, ...context.mail },
      ),
    );
  }
  return { order: updated, moved: true, emails };
}

const moveFromStatement = statement(
  "move_order_from",
  `with moved as (
     update orders
     set status = $3, updated_at = now(),
         gateway = coalesce($4, gateway), payment_reference = coalesce($5, payment_reference)
     where id = $1 and status = $2
     returning *),
   moved_event as (
     insert into order_events (order_id, from_status, to_status, actor, detail)
     select id, $2, $3, $6, $7::jsonb from moved)
   select to_jsonb(moved) as row from moved`,
);

/**
 * A move without consequences (not `paid`) of an order known to be in `from`, in one prepared
 * statement (decision 0026): the update, guarded by `from`, and its order_events row written from
 * the updated row, so both happen or neither and no transaction is held open across round trips.
 * `move.set` sets what it names (a gateway, a payment reference); what it leaves out stays.
 * Answers the moved order, or undefined when the order was not in `from` (the caller then takes
 * the locking path).
 */
export async function moveOrderFrom(
  db: Db,
  orderId: string,
  from: OrderStatus,
  move: Move & { to: Exclude<OrderStatus, "paid"> },
): Promise<OrderRow | undefined> {
  if (!canMove(from, move.to)) return undefined;
  return orderStatement(db, moveFromStatement, [
    orderId,
    from,
    move.to,
    move.set?.gateway ?? null,
    move.set?.paymentReference ?? null,
    move.actor,
    move.detail ? JSON.stringify(move.detail) : null,
  ]);
}

/**
 * One move in its own transaction, under the row lock. `record` runs in the same transaction
 * whether or not the order moves (a webhook's dedupe row); when it answers false the transaction
 * is rolled back and nothing changes.
 */
export async function moveOrder(
  context: PaymentsContext,
  orderId: string,
  move: Move | ((current: OrderRow) => Move | null),
  accessToken: string,
  record?: (tx: Db) => Promise<boolean>,
): Promise<{ order: OrderRow; moved: boolean; duplicate?: boolean }> {
  class Duplicate extends Error {}
  try {
    const result = await context.db.transaction(async (tx) => {
      const current = await lockOrder(tx, orderId);
      if (!current) throw new Error(`no order ${orderId}`);
      if (record && !(await record(tx))) throw new Duplicate();
      const chosen = typeof move === "function" ? move(current) : move;
      if (!chosen) return { order: current, moved: false, emails: 0 };
      return moveLockedOrder(tx, context, current, chosen, accessToken);
    });
    if (result.emails > 0) context.onEmailsQueued();
    return { order: result.order, moved: result.moved };
  } catch (error) {
    if (!(error instanceof Duplicate)) throw error;
    const [order] = await context.db.select().from(orders).where(eq(orders.id, orderId));
    return { order: order!, moved: false, duplicate: true };
  }
}

const productNames = statement("pay_order_product", 'select name, name_ar as "nameAr" from products where id = $1');
const payOrderStatement = statement(
  "pay_order",
  "select pay_order($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15) as result",
);

/**
 * The move to `paid` of an order read just before (decision 0026): one call of `pay_order`
 * (migration 0009) takes the row lock, records the webhook's event when one is given, moves the
 * order if it is still open, writes its history row, issues the invoice and enqueues the two
 * e-mails, all in one statement: the same transaction as moveLockedOrder's, in one round trip
 * instead of nine. The e-mails are rendered here first, from the order as it will be once paid,
 * with a placeholder for the invoice number that only the invoice chain's lock can draw.
 */
export async function payOrder(
  context: PaymentsContext,
  order: OrderRow,
  move: Move & { to: "paid" },
  accessToken: string,
  webhookEvent?: { gateway: string; eventKey: string },
): Promise<{ order: OrderRow; moved: boolean; duplicate?: boolean }> {
  const paidAt = new Date();
  const product =
    (await context.productNames(order.productId)) ??
    (await runStatement<{ name: string; nameAr: string }>(context.db, productNames, [order.productId]))[0];
  const placeholder = `INVOICE${randomBytes(12).toString("hex")}`;
  const paid = { ...order, status: "paid" as const, paidAt, updatedAt: paidAt };
  const emails = orderEmails(
    { ...paid, product: product ?? { name: order.productId, nameAr: order.productId } },
    { invoiceNumber: placeholder, accessToken, siteUrl: context.siteUrl, ...context.mail },
  ).map(outboxRow);
  const chain = invoiceChainInputs(order.id, context.invoice, {
    total: order.totalAmountHalalas,
    vat: order.vatHalalas,
    paidAt,
  });
  const [row] = await runStatement<{ result: { outcome: string; emails?: number; order?: Record<string, unknown> } }>(
    context.db,
    payOrderStatement,
    [
      order.id,
      move.actor,
      move.detail ? JSON.stringify(move.detail) : null,
      paidAt.toISOString(),
      webhookEvent?.gateway ?? null,
      webhookEvent?.eventKey ?? null,
      context.invoice.SELLER_LEGAL_NAME,
      context.invoice.SELLER_LEGAL_NAME_AR,
      context.invoice.SELLER_VAT_NUMBER,
      chain.qrPayload,
      chain.hashTail,
      JSON.stringify(emails),
      placeholder,
      context.invoice.SELLER_ADDRESS_EN,
      context.invoice.SELLER_ADDRESS_AR,
    ],
  );
  const result = row ? jsonColumn(row.result) : undefined;
  if (!result?.order) throw new Error(`no order ${order.id}`);
  if ((result.emails ?? 0) > 0) context.onEmailsQueued();
  const current = orderFromJson(result.order);
  if (result.outcome === "duplicate") return { order: current, moved: false, duplicate: true };
  return { order: current, moved: result.outcome === "paid" };
}

/**
 * A move of a locked order after payment (issue 35: shipped, delivered, cancelled, refund_pending
 * and back, refunded), with its order_events row. Unlike moveLockedOrder, a return to `paid`
 * (after a partial refund) repeats none of paying's consequences. Answers the order as it now is,
 * unchanged when the state machine refuses the move; a move to where it already is writes only
 * `set`.
 */
export async function moveAfterPayment(
  tx: Db,
  order: OrderRow,
  move: Omit<Move, "set"> & { set?: Partial<OrderRow> },
): Promise<{ order: OrderRow; moved: boolean }> {
  const same = order.status === move.to;
  if (!same && !canMove(order.status, move.to)) return { order, moved: false };
  if (same && !move.set) return { order, moved: false };
  const [updated] = await tx
    .update(orders)
    .set({ ...move.set, status: move.to, updatedAt: new Date() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw new Error(`order ${order.id} vanished while locked`);
  if (!same) {
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: move.to,
      actor: move.actor,
      detail: move.detail ?? null,
    });
  }
  return { order: updated, moved: !same };
}
