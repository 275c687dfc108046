import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { runStatement, statement } from "#server/db/statements.ts";
import { isLang, type Lang } from "#shared/lang.ts";
import { emailKey } from "./account-settings.ts";

export type UserRow = typeof users.$inferSelect;

// Sign-in's read (decision 0026: a statement written once, prepared on PostgreSQL).
const userByEmail = statement(
  "user_by_email",
  `select id, email, first_name as "firstName", last_name as "lastName", phone, country,
     password_hash as "passwordHash", is_admin as "isAdmin", email_verified_at as "emailVerifiedAt",
     disabled_at as "disabledAt", lang, created_at as "createdAt", updated_at as "updatedAt"
   from users where lower(email) = $1 limit 1`,
);

/** An account by e-mail, whatever its case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await runStatement<UserRow>(db, userByEmail, [emailKey(email)]);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The language an account's e-mails are written in. */
export function userLang(user: Pick<UserRow, "lang">): Lang {
  return isLang(user.lang) ? user.lang : "en";
}
