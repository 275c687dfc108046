import { and, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { containsPattern } from "#server/db/contains-pattern.ts";
import { orders } from "#server/db/schema.ts";
import type { Page } from "#server/lib/pagination.ts";
import type { CheckoutPaymentMethod } from "#shared/schemas/checkout.ts";
import type { AdminOrderSummary, AdminOrdersQuery, OrderView } from "#shared/schemas/orders.ts";
import { isTestOrder } from "#shared/test-orders.ts";
import { orderViews } from "./order-views.ts";

const DAY_MS = 86_400_000;

/** One page of the admin's order list, and how many orders its filters match. */
export type OrdersPage = Page<AdminOrderSummary>;

/** A date bound: a bare date is a Riyadh calendar day (`to` includes the whole day). */
function bound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = new Date(`${value}T00:00:00+03:00`);
    return end ? new Date(start.getTime() + DAY_MS) : start;
  }
  return new Date(value);
}

/**
 * GET /api/admin/orders: newest first, filtered by status, method, a search on the reference,
 * the buyer's name or e-mail, and a date range; paged like the users and leads lists.
 */
export async function listOrders(db: Db, query: AdminOrdersQuery): Promise<OrdersPage> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.method) filters.push(eq(orders.paymentMethod, query.method));
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(
      or(
        sql`${orders.reference} ilike ${pattern}`,
        sql`${orders.customerName} ilike ${pattern}`,
        sql`${orders.customerEmail} ilike ${pattern}`,
      )!,
    );
  }
  if (query.from) filters.push(gte(orders.createdAt, bound(query.from, false)));
  if (query.to) filters.push(lt(orders.createdAt, bound(query.to, true)));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return {
    items: rows.map((order) => ({
      id: order.id,
      reference: order.reference,
      status: order.status,
      paymentMethod: order.paymentMethod as CheckoutPaymentMethod | null,
      productId: order.productId,
      totalAmountHalalas: order.totalAmountHalalas,
      currency: order.currency,
      buyerName: order.customerName,
      buyerEmail: order.customerEmail,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      test: isTestOrder(order),
      refundedHalalas: order.refundedHalalas,
    })),
    total: Number(count?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/orders: the signed-in buyer's own orders, newest first. */
export async function listOwnOrders(db: Db, userId: string): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
  return orderViews(db, rows);
}
