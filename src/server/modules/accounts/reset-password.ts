import { eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import type { ResetPasswordRequest } from "#shared/schemas/auth.ts";
import { consumeAccountToken, retireAccountTokens } from "./account-tokens.ts";
import { findUserById } from "./find-user.ts";
import { hashPassword } from "./passwords.ts";
import { endUserSessions } from "./sessions.ts";
import { invalidToken } from "./verify-email.ts";

/**
 * Follows a reset link: sets the new password, uses up this and every other open reset link of
 * the account, and ends every session it has (whoever knew the old password is signed out). The
 * link proves the mailbox, so an unverified address becomes verified. Returns the account's id and e-mail (the caller clears the account's sign-in delay).
 */
export async function resetPassword(
  db: Db,
  { token, password }: ResetPasswordRequest,
  now = new Date(),
): Promise<{ userId: string; email: string }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, token, "reset_password", now);
    if (!used) throw invalidToken();
    const user = await findUserById(tx, used.userId);
    if (!user || user.disabledAt) throw invalidToken();
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(
        sql`${users.id} = ${user.id} and ${isNull(users.emailVerifiedAt)} and lower(${users.email}) = lower(${used.email})`,
      );
    await retireAccountTokens(tx, user.id, "reset_password", now);
    await endUserSessions(tx, user.id);
    return { userId: user.id, email: user.email };
  });
}
