import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "#server/lib/errors.ts";
import { MAX_FONT_IMAGE_BYTES, analyzeFontRequestSchema } from "#shared/schemas/analyze-font-request.ts";
import { AnalyzeFontRefusal, analyzeFont } from "#server/modules/font-recognition/analyze-font.ts";
import { requestLanguage, translate } from "./request-language.ts";

/** A 10 MB image grows by 4/3 as base64; the margin covers the data-URL prefix, the box and JSON. */
export const ANALYZE_FONT_BODY_LIMIT = Math.ceil((MAX_FONT_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export type AnalyzeFontRouteOptions = {
  /** Analyses one address may ask for per minute. */
  perMinute?: number;
};

/** POST /api/analyze-font (spec §3, §7): the font of an uploaded image, in the visitor's language. */
const analyzeFontRoutes: FastifyPluginAsync<AnalyzeFontRouteOptions> = async (app, options) => {
  app.post(
    "/api/analyze-font",
    {
      bodyLimit: ANALYZE_FONT_BODY_LIMIT,
      config: { rateLimit: { max: options.perMinute ?? 20, timeWindow: "1 minute" } },
      errorHandler: localizedErrors,
    },
    async (request, reply) => {
      const lang = requestLanguage(request);
      reply.header("Cache-Control", "no-store").header("Vary", "Accept-Language");
      const parsed = analyzeFontRequestSchema.safeParse(request.body);
      if (!parsed.success) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path.map(String).join(".") || "body";
          fields[field] ??= translate(lang, issue.message);
        }
        return sendError(reply, 400, "invalid_request", Object.values(fields)[0] ?? translate(lang, "fontAnalysis.errors.invalidRequest"), fields);
      }
      try {
        return await analyzeFont(app.fontRecognizer, parsed.data);
      } catch (error) {
        if (!(error instanceof AnalyzeFontRefusal)) throw error;
        if (error.retryAfterSeconds !== undefined) reply.header("Retry-After", String(error.retryAfterSeconds));
        return sendError(reply, error.status, error.code, translate(lang, error.messageKey, error.params));
      }
    },
  );
};

/**
 * Refusals that happen before the handler runs (rate limit, body limit, bad JSON) in the request's
 * language; anything else goes to the app's error handler.
 */
function localizedErrors(this: unknown, error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLanguage(request);
  if (error.statusCode === 429) {
    return sendError(reply, 429, "rate_limited", translate(lang, "fontAnalysis.errors.rateLimited"));
  }
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
    return sendError(reply, 413, "image_too_large", translate(lang, "fontAnalysis.errors.tooLarge"));
  }
  if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
    return sendError(reply, 400, "invalid_request", translate(lang, "fontAnalysis.image.required"));
  }
  throw error;
}

export default analyzeFontRoutes;
