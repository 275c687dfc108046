import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sendError } from "../lib/errors.ts";

/**
 * Turns every failure into the API's JSON error shape with an honest status, and unknown paths
 * into a JSON 404 under /api or the 404 page elsewhere. No stack trace leaves the server.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, "request failed");
      else request.log.info({ code: error.code, message: error.message }, "request refused");
      if (status === 429) {
        return sendError(reply, 429, "rate_limited", "Too many requests. Please wait a moment and try again.");
      }
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        return sendError(reply, 413, "payload_too_large", "The request body is too large.");
      }
      if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
        return sendError(reply, 415, "unsupported_media_type", "Send the body as application/json.");
      }
      if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
        return sendError(reply, 400, "invalid_json", "The request body is not valid JSON.");
      }
      if (status >= 500) return sendError(reply, status, "internal_error", "Something went wrong on our side.");
      return sendError(reply, status, error.code ?? "bad_request", error.message);
    });

    const apiNotFound = (request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, 404, "not_found", `No API route for ${request.method} ${request.url.split("?")[0]}.`);
    // Registered as routes so they win over the site's catch-all page route.
    app.all("/api", apiNotFound);
    app.all("/api/*", apiNotFound);
    app.setNotFoundHandler((request, reply) => {
      if (request.url === "/api" || request.url.startsWith("/api/")) return apiNotFound(request, reply);
      return app.sendNotFoundPage(request, reply);
    });
  },
  { name: "errors", dependencies: ["static-site"] },
);
