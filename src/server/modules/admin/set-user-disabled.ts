import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { sessions, users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { AdminUser } from "#shared/schemas/admin.ts";
import { adminUserColumns, isUuid, toAdminUser } from "./admin-user.ts";

/**
 * POST /api/admin/users/:id/disable and /enable (DESIGN §3). Disabling sets `disabled_at` and
 * deletes every session of the account in the same transaction, so it is signed out at once and
 * cannot sign in again until enabled. An admin cannot disable their own account (the studio would
 * lock itself out).
 */
export async function setUserDisabled(
  db: Db,
  input: { id: string; disabled: boolean; actorId: string },
): Promise<AdminUser> {
  if (!isUuid(input.id)) throw new ApiError(404, "user_not_found", "admin.errors.userNotFound");
  if (input.disabled && input.id === input.actorId) {
    throw new ApiError(409, "cannot_disable_self", "admin.errors.cannotDisableSelf");
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ disabledAt: input.disabled ? sql`coalesce(${users.disabledAt}, now())` : null, updatedAt: new Date() })
      .where(eq(users.id, input.id))
      .returning(adminUserColumns);
    if (!row) throw new ApiError(404, "user_not_found", "admin.errors.userNotFound");
    if (input.disabled) await tx.delete(sessions).where(eq(sessions.userId, input.id));
    return toAdminUser(row);
  });
}
