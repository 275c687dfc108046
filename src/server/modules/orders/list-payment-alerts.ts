import { count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { orders, paymentAlerts, users } from "#server/db/schema.ts";
import type { Page } from "#server/lib/pagination.ts";
import type { AdminPaymentAlert, AdminPaymentAlertsQuery } from "#shared/schemas/payment-alerts.ts";

const columns = {
  alert: paymentAlerts,
  order: { id: orders.id, reference: orders.reference, status: orders.status },
  resolverFirst: users.firstName,
  resolverLast: users.lastName,
};

type Joined = {
  alert: typeof paymentAlerts.$inferSelect;
  order: { id: string; reference: string; status: string } | null;
  resolverFirst: string | null;
  resolverLast: string | null;
};

function viewOf(row: Joined): AdminPaymentAlert {
  const { alert } = row;
  return {
    id: alert.id,
    kind: alert.kind,
    gateway: alert.gateway,
    providerPaymentId: alert.providerPaymentId,
    order: row.order,
    amountHalalas: alert.amountHalalas,
    currency: alert.currency,
    providerStatus: alert.providerStatus,
    action: alert.action,
    refundMethod: alert.refundMethod,
    refundHalalas: alert.refundHalalas,
    error: alert.error,
    createdAt: alert.createdAt.toISOString(),
    updatedAt: alert.updatedAt.toISOString(),
    resolvedAt: alert.resolvedAt?.toISOString() ?? null,
    resolutionNote: alert.resolutionNote,
    resolvedBy: row.resolverFirst === null ? null : `${row.resolverFirst} ${row.resolverLast ?? ""}`.trim(),
  };
}

function joined(db: Db) {
  return db
    .select(columns)
    .from(paymentAlerts)
    .leftJoin(orders, eq(orders.id, paymentAlerts.orderId))
    .leftJoin(users, eq(users.id, paymentAlerts.resolvedBy));
}

/**
 * GET /api/admin/payment-alerts (issue 35, decision 0044): the payment alerts, newest first, open
 * ones by default (the Inbox's list), resolved ones or all on request, each with its order.
 */
export async function listPaymentAlerts(db: Db, query: AdminPaymentAlertsQuery): Promise<Page<AdminPaymentAlert>> {
  const where: SQL | undefined =
    query.state === "open"
      ? isNull(paymentAlerts.resolvedAt)
      : query.state === "resolved"
        ? isNotNull(paymentAlerts.resolvedAt)
        : undefined;
  const [rows, [total]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(desc(paymentAlerts.createdAt), desc(paymentAlerts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(paymentAlerts).where(where),
  ]);
  return { items: rows.map(viewOf), total: total?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One alert as the admin sees it. */
export async function getPaymentAlert(db: Db, id: number): Promise<AdminPaymentAlert | undefined> {
  const [row] = await joined(db).where(eq(paymentAlerts.id, id));
  return row ? viewOf(row) : undefined;
}
