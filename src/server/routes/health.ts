import type { FastifyPluginAsync } from "fastify";

/** Liveness and readiness for load balancers and orchestrators (DESIGN D15). */
const health: FastifyPluginAsync = async (app) => {
  app.get("/healthz", { logLevel: "warn" }, async (_request, reply) => {
    return reply.header("Cache-Control", "no-store").send({ status: "ok" });
  });

  app.get("/readyz", { logLevel: "warn" }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    // Shutting down: the balancer should take this instance out now, while it still serves.
    if (app.drain.active) return reply.code(503).send({ status: "draining", database: app.database.kind });
    try {
      await app.database.ping();
      return { status: "ready", database: app.database.kind };
    } catch (error) {
      // Probes come every few seconds during an outage: one line each, without a stack.
      const cause =
        error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      request.log.warn({ cause }, "not ready: database not reachable");
      return reply.code(503).send({ status: "unavailable", database: app.database.kind });
    }
  });
};

export default health;
