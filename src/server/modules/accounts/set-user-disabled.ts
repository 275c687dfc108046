import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { isUuid } from "#server/lib/is-uuid.ts";
import type { AdminUser } from "#shared/schemas/admin.ts";
import { adminUserColumns, toAdminUser } from "./admin-user.ts";
import { disableUser, enableUser } from "./disable-user.ts";

/**
 * POST /api/admin/users/:id/disable and /enable (DESIGN §3), through the accounts module's use
 * case: a disabled account cannot sign in and its sessions end in the same transaction. An admin
 * cannot disable their own account (the studio could lock itself out).
 */
export async function setUserDisabled(
  db: Db,
  input: { id: string; disabled: boolean; actorId: string },
): Promise<AdminUser> {
  const notFound = () => new ApiError(404, "user_not_found", "admin.errors.userNotFound");
  if (!isUuid(input.id)) throw notFound();
  if (input.disabled && input.id === input.actorId) {
    throw new ApiError(409, "cannot_disable_self", "admin.errors.cannotDisableSelf");
  }
  const changed = input.disabled ? await disableUser(db, input.id) : await enableUser(db, input.id);
  if (!changed) throw notFound();
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, input.id));
  if (!row) throw notFound();
  return toAdminUser(row);
}
