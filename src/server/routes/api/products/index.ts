import type { FastifyPluginAsync } from "fastify";
import { listProducts } from "#server/modules/products/list-products.ts";

/** GET /api/products: the server's catalog with prices in halalas (DESIGN D8). */
const productRoutes: FastifyPluginAsync = async (app) => {
  app.get("/products", async () => ({ products: await listProducts(app.db) }));
};

export default productRoutes;
