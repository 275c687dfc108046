import { apiJson, apiRequest } from "#client/lib/api.ts";
import type { AuthUser } from "#client/lib/auth-store.ts";
import type { Lang } from "#shared/lang.ts";
import type { AccountUpdateRequest } from "#shared/schemas/auth.ts";
import type { AccountAnswer, AccountView } from "../lib/account-view.ts";

/**
 * The signed-in account (issue 11): plain calls, since /account is not a `query` page (TanStack
 * Query does not load there). A 401 means the session has ended.
 */

/** GET /api/account. */
export async function fetchAccount(): Promise<AccountView> {
  return (await apiJson<AccountAnswer>("GET", "/api/account")).account;
}

/** PATCH /api/account: the saved account and the user the header shows. */
export function updateAccount(
  values: AccountUpdateRequest,
  lang: Lang,
): Promise<{ account: AccountView; user: AuthUser }> {
  return apiJson<{ account: AccountView; user: AuthUser }>("PATCH", "/api/account", { ...values, lang });
}

/** POST /api/account/password (the confirmation stays in the form). */
export async function changePassword(
  input: { currentPassword: string; newPassword: string },
  lang: Lang,
): Promise<void> {
  await apiRequest("POST", "/api/account/password", { ...input, lang });
}

/** POST /api/account/signout-everywhere: every session of the account ends, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await apiRequest("POST", "/api/account/signout-everywhere");
}
