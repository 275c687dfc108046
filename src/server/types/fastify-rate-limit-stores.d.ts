// The stores @fastify/rate-limit ships but does not export by name; the rate-limit plugin combines them.
declare module "@fastify/rate-limit/store/*.js" {
  import type { FastifyRateLimitStore } from "@fastify/rate-limit";
  const Store: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    ...rest: unknown[]
  ) => FastifyRateLimitStore;
  export default Store;
}
