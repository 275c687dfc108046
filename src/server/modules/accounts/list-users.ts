import { count, desc, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema.ts";
import type { Page } from "#server/lib/pagination.ts";
import type { AdminUser, AdminUsersQuery } from "#shared/schemas/admin.ts";
import { adminUserColumns, toAdminUser, userSearchCondition } from "./admin-user.ts";

/**
 * GET /api/admin/users: newest first, filtered by e-mail or full name (case-insensitive). Without
 * a search the page is an index read and the count a separate one; with a search (a scan of every
 * row either way) the same scan counts too, through a window function.
 */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<Page<AdminUser>> {
  const where = userSearchCondition(query.search);
  const offset = (query.page - 1) * query.pageSize;
  const order = [desc(users.createdAt), desc(users.id)];
  const countAll = async () => (await db.select({ count: count() }).from(users).where(where))[0]?.count ?? 0;
  const result = (rows: Parameters<typeof toAdminUser>[0][], total: number) => ({
    items: rows.map(toAdminUser),
    total,
    page: query.page,
    pageSize: query.pageSize,
  });

  if (!where) {
    const [rows, total] = await Promise.all([
      db
        .select(adminUserColumns)
        .from(users)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset(offset),
      countAll(),
    ]);
    return result(rows, total);
  }
  const rows = await db
    .select({ ...adminUserColumns, total: sql<number>`(count(*) over ())::int` })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offset);
  // Past the last page the window has no row to count on: count on its own.
  return result(rows, rows[0]?.total ?? (query.page > 1 ? await countAll() : 0));
}

/** Every user the search matches, newest first (the CSV export). */
export async function listAllUsers(db: Db, search: string): Promise<AdminUser[]> {
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .where(userSearchCondition(search))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toAdminUser);
}
