import { eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { products } from "#server/db/schema.ts";
import type { CatalogCache } from "./catalog-cache.ts";

export type ProductChanges = { priceHalalas?: number; active?: boolean };

/**
 * Changes a product's price or availability, then drops the cached catalog so the next
 * `GET /api/products` reads the change. Returns whether the product exists.
 */
export async function updateProduct(
  db: Db,
  catalog: Pick<CatalogCache, "invalidate">,
  id: string,
  changes: ProductChanges,
): Promise<boolean> {
  const updated = await db
    .update(products)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  catalog.invalidate();
  return updated.length > 0;
}
