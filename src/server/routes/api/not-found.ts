import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "#server/lib/api-error.ts";

/**
 * Answers every unknown path of a scope with the API's JSON 404, for any method, from an
 * `onRequest` hook: the body of a request nobody will read is never parsed.
 */
export function registerNotFound(scope: FastifyInstance): void {
  const refuse = async (request: FastifyRequest) => {
    const path = request.url.split("?")[0] ?? "";
    throw new ApiError(404, "not_found", "errors.noApiRoute", { params: { method: request.method, path } });
  };
  scope.all("/*", { onRequest: refuse }, refuse);
  scope.all("/", { onRequest: refuse }, refuse);
}
