import type { FastifyPluginAsync } from "fastify";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { projectPath, projectRoot } from "#server/lib/project-root.ts";
import type { FontLibrary, FontLibraryFamily } from "#shared/schemas/font-library.ts";
import { drawFontSample, type FontSample } from "#server/modules/font-recognition/draw-font-sample.ts";

const defaultLibraryFile = projectPath("models/font-recognition/library.json");

export type FontRoutesOptions = { libraryFile?: string };

/**
 * The families the model knows (GET /api/fonts) and a rendered specimen of each
 * (GET /api/fonts/:id/sample.png), for the font tool's library card.
 */
const fontRoutes: FastifyPluginAsync<FontRoutesOptions> = async (app, options) => {
  let library: FontLibrary | undefined;
  const getLibrary = () => (library ??= loadFontLibrary(options.libraryFile ?? defaultLibraryFile));
  const samples = new Map<string, FontSample>();

  app.get("/fonts", async (_request, reply) => {
    const families: FontLibraryFamily[] = getLibrary().families.map((f) => ({
      id: f.id,
      name: f.name,
      nameAr: f.nameAr,
      script: f.script,
      classification: f.classification,
      classificationAr: f.classificationAr,
      ...(f.arabicStyle ? { arabicStyle: f.arabicStyle } : {}),
      ...(f.latinClass ? { latinClass: f.latinClass } : {}),
      weights: f.weights,
      italic: f.italic,
      characteristics: f.characteristics,
      characteristicsAr: f.characteristicsAr,
      ...(f.culturalContext ? { culturalContext: f.culturalContext } : {}),
      licence: f.licence,
      sampleUrl: `/api/fonts/${encodeURIComponent(f.id)}/sample.png`,
    }));
    reply.header("Cache-Control", "public, max-age=3600");
    return { families };
  });

  app.get<{ Params: { id: string } }>("/fonts/:id/sample.png", async (request, reply) => {
    const family = getLibrary().families.find((f) => f.id === request.params.id);
    if (!family) throw new ApiError(404, "not_found", "errors.notFoundFont");
    let sample = samples.get(family.id);
    if (!sample) {
      sample = await drawFontSample(family, projectRoot);
      if (!sample) throw new ApiError(404, "not_found", "errors.notFoundFont");
      samples.set(family.id, sample);
    }
    reply.header("ETag", sample.etag).header("Cache-Control", "public, max-age=86400");
    if (request.headers["if-none-match"] === sample.etag) return reply.code(304).send();
    return reply.type("image/png").send(sample.png);
  });
};

export default fontRoutes;
