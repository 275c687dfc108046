import type { users } from "#server/db/schema/accounts.ts";
import type { AccountView, AuthUserView } from "#shared/schemas/auth.ts";

type UserRow = typeof users.$inferSelect;

/** The spec's User (§3): exactly these four fields, in every auth answer. */
export function toUserView(user: Pick<UserRow, "firstName" | "lastName" | "email" | "isAdmin">): AuthUserView {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, isAdmin: user.isAdmin };
}

/** The account page's data (GET /api/account). */
export function toAccountView(user: UserRow): AccountView {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    country: user.country,
    emailVerified: user.emailVerifiedAt !== null,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}
