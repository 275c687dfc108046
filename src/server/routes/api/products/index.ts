import type { FastifyPluginAsync } from "fastify";
import { encodingPicker, etagMatches, type ContentEncoding } from "#server/lib/accept-encoding.ts";
import { readyAnswer, type ReadyAnswer } from "#server/lib/front-door.ts";
import type { CachedCatalog } from "#server/modules/products/catalog-cache.ts";

const encodings: readonly ContentEncoding[] = ["identity", "br", "gzip"];

/** The catalog's answer in one encoding: its bytes and the headers this route sets. */
function catalogAnswer(catalog: CachedCatalog, encoding: ContentEncoding) {
  const variant = catalog.variants[encoding];
  const headers: Record<string, string> = {
    etag: variant.etag,
    "cache-control": "no-cache",
    vary: "Accept-Encoding",
    ...(variant.encoding ? { "content-encoding": variant.encoding } : {}),
    "content-type": "application/json; charset=utf-8",
  };
  return { body: variant.body, etag: variant.etag, headers };
}

/**
 * GET /api/products: the server's catalog with prices in halalas (DESIGN D8), from memory, sent
 * in the encoding the client takes best as the cache compressed it (the route opts out of the
 * per-request compression hooks). Each catalog the cache holds is also put in the front door
 * (lib/front-door.ts) until it is due for a re-read, and taken out when a write drops it.
 */
const productRoutes: FastifyPluginAsync = async (app) => {
  const encodingFor = encodingPicker();
  const path = `${app.prefix}/products`;

  app.get("/products", { compress: false, decompress: false }, async (request, reply) => {
    const catalog = await app.catalogCache.get();
    const answer = catalogAnswer(catalog, encodingFor(request.headers["accept-encoding"]));
    if (etagMatches(request.headers["if-none-match"], answer.etag)) {
      const { "content-encoding": _, "content-type": __, ...unchanged } = answer.headers;
      return reply.headers(unchanged).code(304).send();
    }
    return reply.headers(answer.headers).send(answer.body);
  });

  app.catalogCache.subscribe((catalog, freshUntil) => {
    if (!catalog) return app.frontDoor.delete(path);
    const answers = Object.fromEntries(
      encodings.map((encoding) => {
        const { body, headers } = catalogAnswer(catalog, encoding);
        return [encoding, readyAnswer(200, { ...app.securityHeaders, ...headers }, body)];
      }),
    ) as Record<ContentEncoding, ReadyAnswer>;
    app.frontDoor.set(path, { answers, until: freshUntil });
  });
  // The catalog is read once the app is ready, so that the first visitors find it in memory.
  app.addHook("onReady", async () => {
    await app.catalogCache.get().catch((error: unknown) => app.log.warn({ err: error }, "catalog not read at start"));
  });
};

export default productRoutes;
