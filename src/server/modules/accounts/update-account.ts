import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { AccountUpdateRequest } from "#shared/schemas/auth.ts";
import type { UserRow } from "./find-user.ts";

/** Saves the account page's editable fields (name, phone, country); absent fields stay as they are. */
export async function updateAccount(db: Db, userId: string, patch: AccountUpdateRequest): Promise<UserRow> {
  const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (patch.firstName !== undefined) changes.firstName = patch.firstName;
  if (patch.lastName !== undefined) changes.lastName = patch.lastName;
  if (patch.phone !== undefined) changes.phone = patch.phone;
  if (patch.country !== undefined) changes.country = patch.country;
  const [user] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!user) throw new ApiError(401, "unauthorized", "errors.unauthorized");
  return user;
}
