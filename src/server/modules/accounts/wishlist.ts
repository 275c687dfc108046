import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { wishlistItems } from "#server/db/schema/accounts.ts";
import { products } from "#server/db/schema/catalog.ts";
import { AUTH_LIMITS, type WishlistRequest } from "#shared/schemas/auth.ts";

/** An account's wishlist, oldest first (DESIGN §3). */
export async function getWishlist(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt), asc(wishlistItems.productId));
  return rows.map((row) => row.productId);
}

/**
 * Merges the browser's wishlist into the account's (a union) and returns the result. Ids the
 * catalog no longer has are dropped rather than refused: a browser may have kept them for months.
 * The list holds at most AUTH_LIMITS.wishlist products.
 */
export async function mergeWishlist(db: Db, userId: string, { productIds }: WishlistRequest): Promise<string[]> {
  const wanted = [...new Set(productIds)];
  if (wanted.length > 0) {
    await db.transaction(async (tx) => {
      const known = await tx.select({ id: products.id }).from(products).where(inArray(products.id, wanted));
      const held = await getWishlist(tx, userId);
      const room = Math.max(0, AUTH_LIMITS.wishlist - held.length);
      const knownIds = new Set(known.map((row) => row.id));
      const added = wanted.filter((id) => knownIds.has(id) && !held.includes(id)).slice(0, room);
      if (added.length === 0) return;
      const now = Date.now();
      // Keep the browser's order: each item a millisecond after the one before.
      await tx
        .insert(wishlistItems)
        .values(added.map((productId, i) => ({ userId, productId, createdAt: new Date(now + i) })))
        .onConflictDoNothing();
    });
  }
  return getWishlist(db, userId);
}

/** Removes a product from an account's wishlist (absent already: nothing to do) and returns the list. */
export async function removeFromWishlist(db: Db, userId: string, productId: string): Promise<string[]> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return getWishlist(db, userId);
}
