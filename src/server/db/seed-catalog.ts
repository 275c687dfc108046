import { catalog } from "#content/catalog.ts";
import type { Db } from "./database.ts";
import { products } from "./schema/catalog.ts";

/** Adds any catalog product the database lacks; prices already stored are left as they are. */
export async function seedCatalog(db: Db): Promise<void> {
  await db
    .insert(products)
    .values(
      catalog.map(({ id, name, nameAr, priceHalalas, sortOrder }) => ({
        id,
        name,
        nameAr,
        priceHalalas,
        sortOrder,
        currency: "SAR",
      })),
    )
    .onConflictDoNothing({ target: products.id });
}
