import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { analyzeFont } from "#server/modules/font-recognition/analyze-font.ts";
import { MAX_FONT_IMAGE_BYTES, analyzeFontRequestSchema } from "#shared/schemas/analyze-font-request.ts";

/** A 10 MB image grows by 4/3 as base64; the margin covers the data-URL prefix, the box and JSON. */
export const ANALYZE_FONT_BODY_LIMIT = Math.ceil((MAX_FONT_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export type AnalyzeFontRouteOptions = {
  /** Analyses one address may ask for per minute. */
  perMinute?: number;
};

/** POST /api/analyze-font (spec §3, §7): the font of an uploaded image, in the visitor's language. */
const analyzeFontRoutes: FastifyPluginAsync<AnalyzeFontRouteOptions> = async (app, options) => {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/analyze-font",
    {
      bodyLimit: ANALYZE_FONT_BODY_LIMIT,
      schema: { body: analyzeFontRequestSchema },
      config: {
        rateLimit: { max: options.perMinute ?? 20, timeWindow: "1 minute" },
        errorMessages: {
          payloadTooLarge: { code: "image_too_large", message: "fontAnalysis.errors.tooLarge" },
          rateLimited: "fontAnalysis.errors.rateLimited",
          invalidJson: { code: "invalid_request", message: "fontAnalysis.image.required" },
        },
      },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store").header("Vary", "Accept-Language");
      return analyzeFont(app.fontRecognizer, request.body);
    },
  );
};

export default analyzeFontRoutes;
