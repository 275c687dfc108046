/**
 * Signing out, as the web client does it (spec §4, DESIGN D6): the httpOnly cookie is the
 * session; the auth store only remembers whom to show, and the browser's copy of the wishlist
 * belongs to the account once signed in.
 */
import { setAuth } from "./auth-store.ts";
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
  await fetch("/api/auth/signout", { method: "POST", credentials: "include" });
  signOutLocally();
}
