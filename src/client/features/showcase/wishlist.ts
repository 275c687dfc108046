/**
 * The wishlist (DESIGN §3: "Add to Wishlist" keeps a wishlist instead of only logging), kept in
 * this browser under `wishlist` as a list of product ids.
 */
const key = "wishlist";

export function readWishlist(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Adds or removes `id`; returns whether it is now on the list. */
export function toggleWishlist(id: string): boolean {
  const list = readWishlist();
  const has = list.includes(id);
  const next = has ? list.filter((item) => item !== id) : [...list, id];
  localStorage.setItem(key, JSON.stringify(next));
  return !has;
}
