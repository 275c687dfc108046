import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { accountTokens } from "#server/db/schema/accounts.ts";
import { newToken, tokenId } from "./tokens.ts";

export type AccountTokenPurpose = "verify_email" | "reset_password";

/** How long an e-mailed link works: a day or two to verify, half an hour to reset a password. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  verify_email: 48 * 60 * 60 * 1000,
  reset_password: 30 * 60 * 1000,
};

/** Records a single-use link's token (hashed) and returns the token for the e-mail. */
export async function issueAccountToken(
  tx: Db,
  userId: string,
  purpose: AccountTokenPurpose,
  email: string,
  now = new Date(),
): Promise<string> {
  const { token, id } = newToken();
  await tx.insert(accountTokens).values({
    id,
    userId,
    purpose,
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  });
  return token;
}

/**
 * Uses a link's token: marks it used and returns it, in one statement, so two requests racing
 * with the same link cannot both succeed. Unknown, used, expired or other-purpose tokens: null.
 */
export async function consumeAccountToken(tx: Db, token: string, purpose: AccountTokenPurpose, now = new Date()) {
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.id, tokenId(token)),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Retires every open link of a purpose for a user (after a reset, the other reset links die). */
export async function retireAccountTokens(tx: Db, userId: string, purpose: AccountTokenPurpose, now = new Date()) {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Removes links that expired or were used more than a day ago (the purge job). */
export async function purgeAccountTokens(db: Db, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const purged = await db
    .delete(accountTokens)
    .where(or(lt(accountTokens.expiresAt, dayAgo), lt(accountTokens.usedAt, dayAgo)))
    .returning({ id: accountTokens.id });
  return purged.length;
}
