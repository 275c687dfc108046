import { setAuth, type AuthUser } from "#client/lib/auth-store.ts";
import { ApiError } from "#client/lib/api.ts";
import { mergeWishlistIntoAccount } from "#client/lib/wishlist.ts";

/** What a sign-in or sign-up answer carries (spec §3); the web client keeps only the user. */
export type AuthAnswer = { user: AuthUser; token?: string; message?: string };

/**
 * After the server accepted the credentials (the session cookie is set): the browser's wishlist
 * joins the account's (DESIGN §3), then the store remembers the user, never the token. A wishlist
 * that cannot be merged now stays in the browser and is merged at the next sign-in.
 */
export async function completeSignIn(answer: AuthAnswer): Promise<AuthUser> {
  const { firstName, lastName, email, isAdmin } = answer.user;
  try {
    await mergeWishlistIntoAccount();
  } catch {
    // Not worth failing the sign-in over: the list is still in this browser.
  }
  const user = { firstName, lastName, email, isAdmin };
  setAuth(user);
  return user;
}

/** The message to show for a failed request: the server's own (in the page's language), or ours. */
export function failureMessage(error: unknown, fallback: string, network: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return error instanceof TypeError ? network : fallback;
}
