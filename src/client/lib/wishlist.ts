/**
 * The wishlist (DESIGN §3: "Add to Wishlist" keeps a wishlist instead of only logging), kept in
 * this browser under `wishlist` as a list of product ids. Signed in, the account holds it: the
 * browser's list is merged into the account at sign-in (PUT /api/account/wishlist, a union), each
 * change is written to the account, and the browser keeps a copy of the account's list. Signing
 * out empties the browser's copy, so the next person at this browser does not see it.
 */
import { addToAccountWishlist, readAccountWishlist, removeFromAccountWishlist } from "./api/wishlist.ts";
import { getAuth } from "./auth-store.ts";

const key = "wishlist";

function clean(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

export function readWishlist(): string[] {
  try {
    return clean(JSON.parse(localStorage.getItem(key) ?? "[]"));
  } catch {
    return [];
  }
}

function write(list: readonly string[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the account (when signed in) still has the list.
  }
}

/**
 * Adds or removes `id`; resolves to whether it is now on the list. Signed in, the change is the
 * account's: the browser's copy becomes the list the server answers with, and a refused or
 * failed write leaves the list as it was and rejects.
 */
export async function toggleWishlist(id: string): Promise<boolean> {
  const before = readWishlist();
  const has = before.includes(id);
  write(has ? before.filter((item) => item !== id) : [...before, id]);
  if (!getAuth().isAuthenticated) return !has;
  try {
    const answer = has ? await removeFromAccountWishlist(id) : await addToAccountWishlist([id]);
    const list = clean(answer.productIds);
    write(list);
    return list.includes(id);
  } catch (error) {
    write(before);
    throw error;
  }
}

/** At sign-in: the browser's list joins the account's, and the browser keeps the union. */
export async function mergeWishlistIntoAccount(): Promise<string[]> {
  const local = readWishlist();
  const answer = local.length > 0 ? await addToAccountWishlist(local) : await readAccountWishlist();
  const list = clean(answer.productIds);
  write(list);
  return list;
}

/** On sign-out: the list stays with the account, not in this browser. */
export function clearWishlist(): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
