import type { FastifyPluginAsync } from "fastify";
import { encodingPicker, etagMatches } from "#server/lib/accept-encoding.ts";
import { readyAnswers } from "#server/lib/front-door.ts";
import { answersOf, type Answers } from "#server/lib/sendable.ts";
import type { CachedCatalog } from "#server/modules/products/catalog-cache.ts";

const catalogHeaders = {
  "cache-control": "no-cache",
  vary: "Accept-Encoding",
  "content-type": "application/json; charset=utf-8",
};

/**
 * GET /api/products: the server's catalog with prices in halalas (DESIGN D8), from memory, sent
 * in the encoding the client takes best as the cache compressed it (the route opts out of the
 * per-request compression hooks). Each catalog the cache holds is also put in the front door
 * (lib/front-door.ts) until it is due for a re-read, and taken out when a write drops it.
 */
const productRoutes: FastifyPluginAsync = async (app) => {
  const encodingFor = encodingPicker();
  const path = `${app.prefix}/products`;
  // A catalog's answers are made once, when the route first sends it.
  const made = new WeakMap<CachedCatalog, Answers>();
  const answersFor = (catalog: CachedCatalog) => {
    let answers = made.get(catalog);
    if (!answers) made.set(catalog, (answers = answersOf(catalog.variants, catalogHeaders)));
    return answers;
  };

  app.get("/products", { compress: false, decompress: false }, async (request, reply) => {
    const answer = answersFor(await app.catalogCache.get())[encodingFor(request.headers["accept-encoding"])];
    if (etagMatches(request.headers["if-none-match"], answer.etag)) {
      const { "content-encoding": _, "content-type": __, ...unchanged } = answer.headers;
      return reply.headers(unchanged).code(304).send();
    }
    return reply.headers(answer.headers).send(answer.body);
  });

  app.catalogCache.subscribe((catalog, freshUntil) => {
    if (!catalog) return app.frontDoor.delete(path);
    app.frontDoor.set(path, { answers: readyAnswers(app.securityHeaders, answersFor(catalog)), until: freshUntil });
  });
  // The catalog is read once the app is ready, so that the first visitors find it in memory.
  app.addHook("onReady", async () => {
    await app.catalogCache.get().catch((error: unknown) => app.log.warn({ err: error }, "catalog not read at start"));
  });
};

export default productRoutes;
