import type { FastifyPluginAsync } from "fastify";
import { etagMatches } from "#server/lib/accept-encoding.ts";

/** GET /api/products: the server's catalog with prices in halalas (DESIGN D8), from memory. */
const productRoutes: FastifyPluginAsync = async (app) => {
  app.get("/products", async (request, reply) => {
    const catalog = await app.catalogCache.get();
    reply.header("ETag", catalog.etag).header("Cache-Control", "no-cache");
    if (etagMatches(request.headers["if-none-match"], catalog.etag)) return reply.code(304).send();
    return reply.type("application/json; charset=utf-8").send(catalog.json);
  });
};

export default productRoutes;
