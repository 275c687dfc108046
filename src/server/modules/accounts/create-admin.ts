import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import type { Lang } from "#shared/lang.ts";
import { retireAccountTokens } from "./account-tokens.ts";
import { findUserByEmail } from "./find-user.ts";
import { hashPassword } from "./passwords.ts";
import { endUserSessions } from "./sessions.ts";

export type CreateAdminInput = {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  lang?: Lang | undefined;
};

/**
 * What `createAdmin` did: `created` a new admin account; `promoted` an existing verified account
 * (its password is now the one given, `sessionsEnded` of its sessions were ended); left an admin
 * `unchanged`; or `refused` to promote an account whose address was never verified.
 */
export type CreateAdminOutcome =
  | { outcome: "created" }
  | { outcome: "promoted"; sessionsEnded: number }
  | { outcome: "unchanged" }
  | { outcome: "refused"; reason: "unverified" };

/** The operator-facing sentence for a refusal (the CLI prints it, the server logs it). */
export function adminRefusalMessage(email: string): string {
  return (
    `${email} already has an account whose e-mail address was never verified, so it was not made an admin: ` +
    `anyone can sign up with an address before its owner does. The owner of the mailbox can verify it ` +
    `(the link in the sign-up e-mail) or reset its password ("Forgot password", which also verifies it); ` +
    `then run this again.`
  );
}

/**
 * The first admin (DESIGN D7), from `npm run admin -- create` or ADMIN_EMAIL/ADMIN_PASSWORD at
 * start. A new e-mail becomes an admin account (verified: the operator typed it). An existing
 * account is promoted only if its address is verified, and then takes the given password, loses
 * every session and open reset link, in one transaction: whoever signed up with the operator's
 * address first (issue 37) keeps neither a password they chose nor a session. An unverified
 * account is refused. An existing admin is left as it is, so a restart never undoes a password the
 * admin has since changed.
 */
export async function createAdmin(db: Db, input: CreateAdminInput, now = new Date()): Promise<CreateAdminOutcome> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (existing.isAdmin) return { outcome: "unchanged" };
    if (!existing.emailVerifiedAt) return { outcome: "refused", reason: "unverified" };
    const passwordHash = await hashPassword(input.password);
    const promoted = await db.transaction(async (tx) => {
      // Guarded again in the statement: an account that changed meanwhile is read afresh below.
      const updated = await tx
        .update(users)
        .set({ isAdmin: true, passwordHash, updatedAt: now })
        .where(and(eq(users.id, existing.id), eq(users.isAdmin, false), isNotNull(users.emailVerifiedAt)))
        .returning({ id: users.id });
      if (updated.length === 0) return undefined;
      await retireAccountTokens(tx, existing.id, "reset_password", now);
      return endUserSessions(tx, existing.id);
    });
    if (promoted === undefined) return createAdmin(db, input, now);
    return { outcome: "promoted", sessionsEnded: promoted };
  }
  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(users)
    .values({
      email: input.email,
      firstName: input.firstName ?? "Studio",
      lastName: input.lastName ?? "Admin",
      country: "Saudi Arabia",
      passwordHash,
      isAdmin: true,
      emailVerifiedAt: now,
      lang: input.lang ?? "en",
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance starting with the same settings won the race: it is an admin now.
  if (inserted.length === 0) return createAdmin(db, input, now);
  return { outcome: "created" };
}
