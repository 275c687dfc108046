import { apiJson } from "../api.ts";

/**
 * The account's wishlist on the server (PUT is a union with what the account holds, DELETE
 * removes one piece); each answers the account's whole list.
 */
type WishlistAnswer = { productIds: string[] };

const accountWishlist = "/api/account/wishlist";

export function readAccountWishlist(): Promise<WishlistAnswer> {
  return apiJson<WishlistAnswer>("GET", accountWishlist);
}

export function addToAccountWishlist(productIds: readonly string[]): Promise<WishlistAnswer> {
  return apiJson<WishlistAnswer>("PUT", accountWishlist, { productIds });
}

export function removeFromAccountWishlist(productId: string): Promise<WishlistAnswer> {
  return apiJson<WishlistAnswer>("DELETE", `${accountWishlist}/${encodeURIComponent(productId)}`);
}
