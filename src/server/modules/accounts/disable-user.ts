import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { endUserSessions } from "./sessions.ts";

/**
 * Disables an account (an admin's action): it can no longer sign in, and every session it has
 * ends in the same transaction. Returns false when there is no such account.
 */
export async function disableUser(db: Db, userId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ disabledAt: now, updatedAt: now })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!user) return false;
    await endUserSessions(tx, userId);
    return true;
  });
}

/** Enables a disabled account again; it signs in with its password as before. */
export async function enableUser(db: Db, userId: string, now = new Date()): Promise<boolean> {
  const [user] = await db
    .update(users)
    .set({ disabledAt: null, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return Boolean(user);
}
