/**
 * The session as the web client sees it (spec §4, DESIGN D6): the httpOnly cookie is the
 * session; the auth store only remembers whom to show. This module checks the stored user
 * against the server once at start and signs out.
 */
import { getAuth, isAuthUser, setAuth } from "./auth-store.ts";
import { clearWishlist } from "./wishlist.ts";

/**
 * App start (spec §4): reads the current user once. A non-OK answer signs the browser out; a
 * network failure is only logged. A browser that remembers nobody has no session to check (the
 * cookie only comes from signing in here, which also fills the store), so it makes no request.
 */
export async function checkSession(): Promise<void> {
  if (!getAuth().isAuthenticated) return;
  let response: Response;
  try {
    response = await fetch("/api/auth/me", { credentials: "include" });
  } catch {
    console.error("Failed to fetch user");
    return;
  }
  if (!response.ok) {
    signOutLocally();
    return;
  }
  try {
    const user: unknown = await response.json();
    if (isAuthUser(user)) {
      // Only the fields the interface shows (the answer may grow).
      const { firstName, lastName, email, isAdmin } = user;
      setAuth({ firstName, lastName, email, isAdmin });
    }
  } catch {
    console.error("Failed to fetch user");
  }
}

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
  await fetch("/api/auth/signout", { method: "POST", credentials: "include" });
  signOutLocally();
}
