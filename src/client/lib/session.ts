/**
 * Signing out, as the web client does it (spec §4, DESIGN D6): the httpOnly cookie is the
 * session; the auth store only remembers whom to show, and the browser's copy of the wishlist
 * belongs to the account once signed in.
 */
import { requestCurrentUser, requestSignOut } from "./api/session.ts";
import { getAuth, isAuthUser, setAuth } from "./auth-store.ts";
import { clearWishlist } from "./wishlist.ts";

/** Forgets the user in this browser (the server's session is already gone or is ended apart). */
export function signOutLocally(): void {
  setAuth(null);
  clearWishlist();
}

/**
 * Ends this session on the server, then in the browser. Any answer from the server means the
 * session is over (200, or 401 when it had already ended); a network failure rejects and leaves
 * the browser signed in, since the cookie may still be valid.
 */
export async function signOut(): Promise<void> {
  await requestSignOut();
  signOutLocally();
}

/**
 * App start (spec §4): reads the current user once per page load. A non-OK answer signs the
 * browser out (and forgets its copy of the wishlist); a network failure is only logged. A browser
 * that remembers nobody has no session to check (the cookie only comes from signing in here,
 * which also fills the store), so it makes no request; that is why the check runs from the code
 * a remembered user loads anyway (the header's account menu, the sign-in page), and the home
 * page of a signed-out visitor carries none of it.
 */
export function checkSession(): Promise<void> {
  return (started ??= readCurrentUser());
}

let started: Promise<void> | undefined;

/** Reads the current user now (after something that may have ended the session). */
export async function readCurrentUser(): Promise<void> {
  if (!getAuth().isAuthenticated) return;
  try {
    const response = await requestCurrentUser();
    // Signed out while the answer was on its way: that is the newer news.
    if (!getAuth().isAuthenticated) return;
    if (!response.ok) {
      signOutLocally();
      return;
    }
    const user: unknown = await response.json();
    if (!getAuth().isAuthenticated) return;
    // Only the fields the interface shows (the answer may grow).
    if (isAuthUser(user))
      setAuth({ firstName: user.firstName, lastName: user.lastName, email: user.email, isAdmin: user.isAdmin });
  } catch {
    console.error("Failed to fetch user");
  }
}
