import { apiJson } from "#client/lib/api.ts";

/** A product as the shop sells it today (the server's catalog, DESIGN D8). */
export type ShopProduct = { id: string; name: string; nameAr: string; priceHalalas: number };

/** GET /api/products: names and prices for the wishlist. */
export async function fetchProducts(): Promise<ShopProduct[]> {
  return (await apiJson<{ products: ShopProduct[] }>("GET", "/api/products")).products;
}
