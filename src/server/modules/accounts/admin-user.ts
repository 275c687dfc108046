import { sql } from "drizzle-orm";
import { containsPattern } from "#server/db/contains-pattern.ts";
import { users } from "#server/db/schema.ts";
import type { AdminUser } from "#shared/schemas/admin.ts";

/** The columns of spec §3's Admin user view, selected the same way by every admin query. */
export const adminUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  country: users.country,
  emailVerifiedAt: users.emailVerifiedAt,
  isAdmin: users.isAdmin,
  disabledAt: users.disabledAt,
  createdAt: users.createdAt,
};

type AdminUserRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  country: string;
  emailVerifiedAt: Date | null;
  isAdmin: boolean;
  disabledAt: Date | null;
  createdAt: Date;
};

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    country: row.country,
    emailVerified: row.emailVerifiedAt !== null,
    isAdmin: row.isAdmin,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Case-insensitive match on the e-mail or the full name ("first last"). */
export function userSearchCondition(search: string) {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return sql`(${users.email} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`;
}
