import type { Db } from "#server/db/database.ts";
import type { ForgotPasswordRequest } from "#shared/schemas/auth.ts";
import { enqueueEmails } from "../notifications/enqueue-email.ts";
import { passwordResetEmail } from "./account-emails.ts";
import { emailKey, type AccountMailSettings, type MailGuard } from "./account-settings.ts";
import { issueAccountToken } from "./account-tokens.ts";
import { findUserByEmail, userLang } from "./find-user.ts";
import { tokenId } from "./tokens.ts";

/**
 * "Forgot password?": promises a reset link to the account's e-mail, in its language. The caller
 * answers the same whatever happens here: an unknown or disabled address, or one that has had its
 * few links this hour, gets no e-mail and no different answer. Returns whether a mail was queued.
 */
export async function forgotPassword(
  db: Db,
  { email }: ForgotPasswordRequest,
  guard: MailGuard,
  mail: AccountMailSettings,
): Promise<boolean> {
  const { count } = await guard.resetPerEmail.hit(emailKey(email));
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt || count > guard.max) return false;
  await db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, user.id, "reset_password", user.email);
    await enqueueEmails(tx, [
      {
        kind: "account.reset",
        to: user.email,
        dedupeKey: `account.reset:${tokenId(token)}`,
        email: passwordResetEmail({ lang: userLang(user), firstName: user.firstName, token }, mail.studio),
      },
    ]);
  });
  return true;
}
