import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { ApiError } from "#server/lib/api-error.ts";
import type { Lang } from "#shared/lang.ts";
import type { SignUpRequest } from "#shared/schemas/auth.ts";
import { enqueueEmails } from "../notifications/enqueue-email.ts";
import { verificationEmail } from "./account-emails.ts";
import type { AccountMailSettings } from "./account-settings.ts";
import { issueAccountToken } from "./account-tokens.ts";
import { userLang, type UserRow } from "./find-user.ts";
import { hashPassword } from "./passwords.ts";
import { createSession } from "./sessions.ts";
import { tokenId } from "./tokens.ts";

export type SignedIn = { user: UserRow; token: string; sessionId: string; expiresAt: Date };

/**
 * Creates an account, signs it in and promises the verification e-mail in the person's language,
 * all in one transaction. An e-mail already registered (in any case) is a 409: the route's
 * sign-up rate limit bounds how fast anyone can probe addresses that way.
 */
export async function signUp(
  db: Db,
  input: SignUpRequest,
  context: { lang: Lang; userAgent?: string | undefined },
  mail: AccountMailSettings,
): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone ?? null,
        country: input.country,
        passwordHash,
        lang: context.lang,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw new ApiError(409, "email_taken", "auth.emailTaken", { fields: { email: "auth.emailTaken" } });
    const token = await issueAccountToken(tx, user.id, "verify_email", user.email);
    await enqueueEmails(tx, [
      {
        kind: "account.verify",
        to: user.email,
        dedupeKey: `account.verify:${tokenId(token)}`,
        email: verificationEmail({ lang: userLang(user), firstName: user.firstName, token }, mail.studio),
      },
    ]);
    const session = await createSession(tx, user.id, context.userAgent);
    return { user, ...session };
  });
}
