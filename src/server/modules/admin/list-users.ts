import { count, desc } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema.ts";
import type { AdminUser, AdminUsersQuery } from "#shared/schemas/admin.ts";
import { adminUserColumns, toAdminUser, userSearchCondition } from "./admin-user.ts";

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

/** GET /api/admin/users: newest first, filtered by e-mail or full name (case-insensitive). */
export async function listUsers(db: Db, query: AdminUsersQuery): Promise<Page<AdminUser>> {
  const where = userSearchCondition(query.search);
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ count: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toAdminUser), total: total?.count ?? 0, page: query.page, pageSize: query.pageSize };
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
