import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { VerifyEmailRequest } from "#shared/schemas/auth.ts";
import { consumeAccountToken } from "./account-tokens.ts";

export function invalidToken(): ApiError {
  return new ApiError(400, "invalid_token", "auth.invalidToken");
}

/**
 * Follows a verification link: the token is used once, and the account is marked verified if
 * its e-mail is still the one the link was sent to. Returns the account's id.
 */
export async function verifyEmail(db: Db, { token }: VerifyEmailRequest, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, token, "verify_email", now);
    if (!used) throw invalidToken();
    await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(
        and(
          eq(users.id, used.userId),
          isNull(users.emailVerifiedAt),
          sql`lower(${users.email}) = lower(${used.email})`,
        ),
      );
    return used.userId;
  });
}
