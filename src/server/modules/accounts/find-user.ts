import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { users } from "#server/db/schema/accounts.ts";
import { isLang, type Lang } from "#shared/lang.ts";
import { emailKey } from "./account-settings.ts";

export type UserRow = typeof users.$inferSelect;

/** An account by e-mail, whatever its case (the unique index is on lower(email)). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${emailKey(email)}`)
    .limit(1);
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
