import type { FastifyPluginAsync } from "fastify";
import { getDashboard } from "#server/modules/admin/get-dashboard.ts";

/** GET /api/admin/dashboard (spec §3 Admin dashboard, §7). */
const dashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get("/dashboard", async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return getDashboard(app.db, request.lang);
  });
};

export default dashboardRoutes;
