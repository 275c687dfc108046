import type { Db } from "#server/db/database.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { enqueueEmails } from "../notifications/enqueue-email.ts";
import { verificationEmail } from "./account-emails.ts";
import type { AccountMailSettings, MailGuard } from "./account-settings.ts";
import { issueAccountToken } from "./account-tokens.ts";
import { findUserById, userLang } from "./find-user.ts";
import { tokenId } from "./tokens.ts";

/**
 * Sends a fresh verification link to a signed-in account (a few per hour at most). Returns
 * "verified" when there is nothing to verify.
 */
export async function resendVerification(
  db: Db,
  userId: string,
  guard: MailGuard,
  mail: AccountMailSettings,
): Promise<"sent" | "verified"> {
  const user = await findUserById(db, userId);
  if (!user) throw new ApiError(401, "unauthorized", "errors.unauthorized");
  if (user.emailVerifiedAt) return "verified";
  const { count, resetInMs } = await guard.verifyPerUser.hit(userId);
  if (count > guard.max) {
    throw new ApiError(429, "too_many_requests", "auth.tooManyRequests", {
      headers: { "Retry-After": String(Math.max(1, Math.ceil(resetInMs / 1000))) },
    });
  }
  await db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, user.id, "verify_email", user.email);
    await enqueueEmails(tx, [
      {
        kind: "account.verify",
        to: user.email,
        dedupeKey: `account.verify:${tokenId(token)}`,
        email: verificationEmail({ lang: userLang(user), firstName: user.firstName, token }, mail.studio),
      },
    ]);
  });
  return "sent";
}
