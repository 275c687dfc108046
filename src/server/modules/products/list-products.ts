import { asc, eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { products } from "#server/db/schema/catalog.ts";

export type CatalogProduct = {
  id: string;
  name: string;
  nameAr: string;
  /** Money is integer halalas (DESIGN D8). */
  priceHalalas: number;
  currency: string;
};

/** The active products of the catalog, in their display order. */
export async function listProducts(db: Db): Promise<CatalogProduct[]> {
  return db
    .select({
      id: products.id,
      name: products.name,
      nameAr: products.nameAr,
      priceHalalas: products.priceHalalas,
      currency: products.currency,
    })
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.sortOrder));
}
