import { asc, inArray } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { invoices, orderEvents, products } from "#server/db/schema.ts";
import { jsonColumn, runStatement, statement } from "#server/db/statements.ts";
import type { CheckoutPaymentMethod } from "#shared/schemas/checkout.ts";
import { creditNoteLinks } from "#server/modules/invoices/credit-note-view.ts";
import { riyadhIso } from "#server/modules/invoices/invoice-view.ts";
import type { CreditNoteLink } from "#shared/schemas/invoice.ts";
import {
  NO_PAYMENT_MADE,
  type AdminOrderView,
  type AdminPaymentOperation,
  type OrderView,
} from "#shared/schemas/orders.ts";
import type { OrderRow } from "./order-row.ts";
import { operationsOf, type OperationRow } from "./payment-operations.ts";

type EventRow = typeof orderEvents.$inferSelect;

/** One order's product, invoice number and history in one prepared statement (decision 0026). */
const oneOrderRelated = statement(
  "order_related",
  `select
     (select jsonb_build_object('id', p.id, 'name', p.name, 'nameAr', p.name_ar) from products p where p.id = $2) as product,
     (select i.number from invoices i where i.order_id = $1) as invoice,
     coalesce((select jsonb_agg(jsonb_build_object('number', c.number, 'issuedAt', c.issued_at,
                 'amountHalalas', c.amount_halalas) order by c.issued_at, c.number)
               from credit_notes c where c.order_id = $1), '[]'::jsonb) as credit_notes,
     coalesce((select jsonb_agg(jsonb_build_object('id', e.id, 'orderId', e.order_id, 'fromStatus', e.from_status,
                 'toStatus', e.to_status, 'actor', e.actor, 'detail', e.detail, 'createdAt', e.created_at) order by e.id)
               from order_events e where e.order_id = $1), '[]'::jsonb) as events`,
);

async function relatedToOne(db: Db, order: OrderRow) {
  const [row] = await runStatement<{
    product: { id: string; name: string; nameAr: string } | string | null;
    invoice: string | null;
    credit_notes: { number: string; issuedAt: string; amountHalalas: number }[] | string;
    events: (Omit<EventRow, "createdAt"> & { createdAt: string })[] | string;
  }>(db, oneOrderRelated, [order.id, order.productId]);
  const product = row?.product ? jsonColumn(row.product) : undefined;
  const events = jsonColumn(row?.events ?? []).map((event) => ({ ...event, createdAt: new Date(event.createdAt) }));
  return {
    productById: new Map(product ? [[product.id, product]] : []),
    invoiceByOrder: new Map(row?.invoice ? [[order.id, { number: row.invoice }]] : []),
    creditNotesByOrder: new Map([
      [
        order.id,
        jsonColumn(row?.credit_notes ?? []).map((note) => ({ ...note, issuedAt: riyadhIso(new Date(note.issuedAt)) })),
      ],
    ]),
    eventsByOrder: new Map([[order.id, events]]),
  };
}

async function related(db: Db, rows: OrderRow[]) {
  if (rows.length === 1) return relatedToOne(db, rows[0]!);
  const ids = rows.map((row) => row.id);
  const productIds = [...new Set(rows.map((row) => row.productId))];
  if (ids.length === 0) {
    return {
      productById: new Map(),
      invoiceByOrder: new Map(),
      creditNotesByOrder: new Map(),
      eventsByOrder: new Map(),
    };
  }
  const [productRows, invoiceRows, eventRows, creditNotesByOrder] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, nameAr: products.nameAr })
      .from(products)
      .where(inArray(products.id, productIds)),
    db
      .select({ orderId: invoices.orderId, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.orderId, ids)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.id)),
    creditNoteLinks(db, ids),
  ]);
  const eventsByOrder = new Map<string, EventRow[]>();
  for (const event of eventRows) {
    const list = eventsByOrder.get(event.orderId) ?? [];
    list.push(event);
    eventsByOrder.set(event.orderId, list);
  }
  return {
    productById: new Map(productRows.map((product) => [product.id, product])),
    invoiceByOrder: new Map(invoiceRows.map((invoice) => [invoice.orderId, { number: invoice.number }])),
    creditNotesByOrder,
    eventsByOrder,
  };
}

/**
 * Why a failed order failed, where the buyer is told in words of their own (issue 35): the
 * reconciliation found no payment at the provider, so nothing was charged.
 */
function failureOf(order: OrderRow, events: EventRow[]): OrderView["failure"] {
  if (order.status !== "failed") return null;
  const failed = events.findLast((event) => event.toStatus === "failed" && event.fromStatus !== "failed");
  return failed?.detail?.reason === NO_PAYMENT_MADE ? NO_PAYMENT_MADE : null;
}

function baseView(
  order: OrderRow,
  product: { id: string; name: string; nameAr: string } | undefined,
  invoice: { number: string } | undefined,
  creditNotes: CreditNoteLink[] | undefined,
  events: EventRow[],
): Omit<OrderView, "events"> {
  return {
    reference: order.reference,
    status: order.status,
    paymentMethod: order.paymentMethod as CheckoutPaymentMethod | null,
    product: product ?? { id: order.productId, name: order.productId, nameAr: order.productId },
    quantity: order.quantity,
    unitAmountHalalas: order.unitAmountHalalas,
    totalAmountHalalas: order.totalAmountHalalas,
    vatHalalas: order.vatHalalas,
    currency: order.currency,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    buyer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone },
    address: order.deliveryAddress ?? null,
    invoice: invoice ?? null,
    shipment: order.shippedAt
      ? { carrier: order.carrier, trackingNumber: order.trackingNumber, shippedAt: order.shippedAt.toISOString() }
      : null,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    refundedHalalas: order.refundedHalalas,
    creditNotes: creditNotes ?? [],
    failure: failureOf(order, events),
  };
}

function operationView(operation: OperationRow): AdminPaymentOperation {
  const error = operation.state === "failed" ? operation.answer?.error : undefined;
  return {
    id: operation.id,
    kind: operation.kind,
    state: operation.state,
    source: operation.source,
    amountHalalas: operation.amountHalalas,
    reason: operation.reason,
    actor: operation.actor,
    requestedAt: operation.requestedAt.toISOString(),
    completedAt: operation.completedAt?.toISOString() ?? null,
    error: typeof error === "string" ? error : null,
  };
}

/** Orders as their buyer sees them (decision 0017 `OrderView`): product, amounts, invoice and the history of states. */
export async function orderViews(db: Db, rows: OrderRow[]): Promise<OrderView[]> {
  const { productById, invoiceByOrder, creditNotesByOrder, eventsByOrder } = await related(db, rows);
  return rows.map((order) => ({
    ...baseView(
      order,
      productById.get(order.productId),
      invoiceByOrder.get(order.id),
      creditNotesByOrder.get(order.id),
      eventsByOrder.get(order.id) ?? [],
    ),
    // Notes (a provider call that moved nothing, issue 35) are the studio's, not the buyer's timeline.
    events: (eventsByOrder.get(order.id) ?? [])
      .filter((event: EventRow) => event.fromStatus !== event.toStatus)
      .map((event: EventRow) => ({
        status: event.toStatus,
        at: event.createdAt.toISOString(),
      })),
  }));
}

export async function orderView(db: Db, order: OrderRow): Promise<OrderView> {
  const [view] = await orderViews(db, [order]);
  return view!;
}

/** The admin's view of one order: ids, gateway, and the full history (who moved it and what the provider said). */
export async function adminOrderView(db: Db, order: OrderRow): Promise<AdminOrderView> {
  const [{ productById, invoiceByOrder, creditNotesByOrder, eventsByOrder }, operations] = await Promise.all([
    related(db, [order]),
    operationsOf(db, order.id),
  ]);
  return {
    ...baseView(
      order,
      productById.get(order.productId),
      invoiceByOrder.get(order.id),
      creditNotesByOrder.get(order.id),
      eventsByOrder.get(order.id) ?? [],
    ),
    id: order.id,
    userId: order.userId,
    gateway: order.gateway,
    paymentReference: order.paymentReference,
    lang: order.lang === "ar" ? "ar" : "en",
    capturedHalalas: order.capturedHalalas,
    operations: operations.map(operationView),
    events: (eventsByOrder.get(order.id) ?? []).map((event: EventRow) => ({
      fromStatus: event.fromStatus,
      status: event.toStatus,
      actor: event.actor,
      detail: event.detail,
      at: event.createdAt.toISOString(),
    })),
  };
}
