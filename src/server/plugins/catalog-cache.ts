import fp from "fastify-plugin";
import { createCatalogCache, type CatalogCache } from "#server/modules/products/catalog-cache.ts";
import { listProducts } from "#server/modules/products/list-products.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The product catalog in memory; code that writes products invalidates it. */
    catalogCache: CatalogCache;
  }
}

/** The read-mostly product catalog, served from memory (issue 9). */
export default fp<{ ttlMs?: number }>(
  async (app, options) => {
    app.decorate(
      "catalogCache",
      createCatalogCache(() => listProducts(app.db), {
        ...(options.ttlMs !== undefined ? { ttlMs: options.ttlMs } : {}),
      }),
    );
  },
  { name: "catalog-cache", dependencies: ["database"] },
);
