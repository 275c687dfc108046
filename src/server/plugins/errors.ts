import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { MessageKey } from "#shared/i18n/message-key.ts";
import { ApiError, type ErrorBody } from "../lib/api-error.ts";

/** Refusals whose words (and code) a route may choose: the font tool speaks of images, not requests. */
type RouteErrorMessages = Partial<
  Record<"payloadTooLarge" | "rateLimited" | "invalidJson", MessageKey | { code: string; message: MessageKey }>
>;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Overrides the default message of a refusal that happens before the handler runs. */
    errorMessages?: RouteErrorMessages;
  }
  interface FastifyReply {
    /** Sends `error` as the API's JSON error shape, in the request's language. */
    sendApiError(error: ApiError): FastifyReply;
  }
}

/**
 * The one place errors become answers (DESIGN D4): an ApiError, a zod validation failure (thrown
 * by the validator as an ApiError), Fastify's own body refusals (bad JSON, wrong content type,
 * too large) and rate limits all leave as `{ error: { code, message, fields? } }` in the caller's
 * language, with an honest status. Anything unexpected is a logged 500 with no stack trace.
 */
export default fp(
  async (app) => {
    app.decorateReply("sendApiError", function (this: FastifyReply, error: ApiError) {
      const request = this.request;
      const { fields, params, headers } = error.options;
      const body: ErrorBody = { error: { code: error.code, message: request.t(error.messageKey, params) } };
      if (fields) {
        body.error.fields = Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, request.t(key)]));
      }
      if (headers) this.headers(headers);
      return this.code(error.statusCode)
        .header("Cache-Control", "no-store")
        .type("application/json; charset=utf-8")
        .send(body);
    });

    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const apiError = error instanceof ApiError ? error : fromFastifyError(error, request);
      if (apiError.statusCode >= 500) request.log.error({ err: error }, "request failed");
      else request.log.info({ code: apiError.code, status: apiError.statusCode }, "request refused");
      return reply.sendApiError(apiError);
    });
  },
  { name: "errors", dependencies: ["i18n"] },
);

function fromFastifyError(error: FastifyError, request: FastifyRequest): ApiError {
  const messages = request.routeOptions.config?.errorMessages ?? {};
  const refusal = (status: number, kind: keyof RouteErrorMessages, code: string, message: MessageKey) => {
    const chosen = messages[kind];
    if (!chosen) return new ApiError(status, code, message);
    return typeof chosen === "string"
      ? new ApiError(status, code, chosen)
      : new ApiError(status, chosen.code, chosen.message);
  };
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return refusal(413, "payloadTooLarge", "payload_too_large", "errors.payloadTooLarge");
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new ApiError(415, "unsupported_media_type", "errors.unsupportedMediaType");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return refusal(400, "invalidJson", "invalid_json", "errors.invalidJson");
  }
  // @fastify/rate-limit has already set Retry-After on the reply.
  if (status === 429) return refusal(429, "rateLimited", "rate_limited", "errors.rateLimited");
  if (status === 404) return new ApiError(404, "not_found", "errors.notFound");
  if (status === 500 && databaseUnavailable(error)) {
    return new ApiError(503, "unavailable", "errors.unavailable", { headers: { "Retry-After": "5" } });
  }
  if (status >= 500) return new ApiError(status, "internal_error", "errors.internal");
  return new ApiError(status, "bad_request", "errors.badRequest");
}

/** Connection failures of node-postgres and PostgreSQL's "cannot serve now" states (class 08, 57P0x). */
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
]);
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|connection error/i;

/**
 * Whether an unexpected error is the database being out of reach (a dropped connection, a server
 * restarting), looking through the causes Drizzle wraps it in: the answer is then 503 with
 * Retry-After, which says "try again shortly", rather than a 500, which says the request is at fault.
 */
function databaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && unavailableCodes.has(code)) return true;
    if (unavailableMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
