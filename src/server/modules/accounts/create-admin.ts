import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import type { Lang } from "#shared/lang.ts";
import { findUserByEmail } from "./find-user.ts";
import { hashPassword } from "./passwords.ts";

export type CreateAdminInput = {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  lang?: Lang | undefined;
};

/**
 * The first admin (DESIGN D7), from `npm run admin -- create` or ADMIN_EMAIL/ADMIN_PASSWORD at
 * start. Idempotent: a new e-mail becomes an admin account (verified: the operator typed it); an
 * existing account is promoted and keeps its password, so a restart never undoes a password the
 * admin has since changed. Returns what happened.
 */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<"created" | "promoted" | "unchanged"> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    if (existing.isAdmin) return "unchanged";
    await db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return "promoted";
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
      emailVerifiedAt: new Date(),
      lang: input.lang ?? "en",
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another instance starting with the same settings won the race: promote (a no-op) instead.
  if (inserted.length === 0) return createAdmin(db, input);
  return "created";
}
