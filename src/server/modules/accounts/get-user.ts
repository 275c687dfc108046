import { and, count, eq, gt, max } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { orders, sessions, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { isUuid } from "#server/lib/is-uuid.ts";
import type { AdminUserDetail } from "#shared/schemas/admin.ts";
import { adminUserColumns, toAdminUser } from "./admin-user.ts";

/** GET /api/admin/users/:id: the Admin user view with the account's state, sessions and orders. */
export async function getUser(db: Db, id: string, now: Date = new Date()): Promise<AdminUserDetail> {
  if (!isUuid(id)) throw new ApiError(404, "user_not_found", "admin.errors.userNotFound");
  const [[row], [session], [orderCount]] = await Promise.all([
    db
      .select({ ...adminUserColumns, lang: users.lang })
      .from(users)
      .where(eq(users.id, id)),
    db
      .select({ active: count(), lastSeenAt: max(sessions.lastSeenAt) })
      .from(sessions)
      .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, now), gt(sessions.idleExpiresAt, now))),
    db.select({ count: count() }).from(orders).where(eq(orders.userId, id)),
  ]);
  if (!row) throw new ApiError(404, "user_not_found", "admin.errors.userNotFound");
  return {
    ...toAdminUser(row),
    lang: row.lang === "ar" ? "ar" : "en",
    disabledAt: row.disabledAt?.toISOString() ?? null,
    emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
    activeSessions: session?.active ?? 0,
    lastSeenAt: session?.lastSeenAt ? new Date(session.lastSeenAt).toISOString() : null,
    orders: orderCount?.count ?? 0,
  };
}
