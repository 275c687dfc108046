import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { products } from "../../../db/schema.ts";

/** GET /api/products: the server's catalog with prices in halalas (DESIGN D8). */
const productRoutes: FastifyPluginAsync = async (app) => {
  app.get("/api/products", async () => {
    const rows = await app.db
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
    return { products: rows };
  });
};

export default productRoutes;
