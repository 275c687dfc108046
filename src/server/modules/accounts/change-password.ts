import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { PasswordChangeRequest } from "#shared/schemas/auth.ts";
import type { PasswordGuard } from "./account-settings.ts";
import { findUserById } from "./find-user.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { endUserSessions } from "./sessions.ts";
import { assertMayAttempt, clearAccountFailures, recordFailure } from "./sign-in.ts";

/**
 * Changes the password of a signed-in account after checking the current one (which counts
 * towards the sign-in failure delays, so a stolen session cannot be used to guess it). Every
 * other session ends; the one that made the change stays.
 */
export async function changePassword(
  db: Db,
  caller: { userId: string; sessionId: string | null; address: string },
  input: PasswordChangeRequest,
  guard: PasswordGuard,
): Promise<void> {
  const user = await findUserById(db, caller.userId);
  if (!user) throw new ApiError(401, "unauthorized", "errors.unauthorized");
  await assertMayAttempt(guard, user.email, caller.address);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await recordFailure(guard, user.email, caller.address);
    throw new ApiError(400, "incorrect_password", "account.currentPassword.incorrect", {
      fields: { currentPassword: "account.currentPassword.incorrect" },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await endUserSessions(tx, user.id, caller.sessionId ?? undefined);
  });
  await clearAccountFailures(guard, user.email);
}
