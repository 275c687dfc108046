import type { FastifyRequest } from "fastify";

/**
 * A request's route for metrics: the route's pattern as registered (`/api/orders/:reference`),
 * never the raw URL, so the labels stay a bounded set; `not-found` for paths no route serves.
 */
export function routeOf(request: FastifyRequest): string {
  return request.is404 ? "not-found" : (request.routeOptions.url ?? "not-found");
}
