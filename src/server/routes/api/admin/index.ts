import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "#server/plugins/auth.ts";
import { registerNotFound } from "../not-found.ts";

/**
 * Everything under /api/admin (CONVENTIONS 12): one `onRequest` guard covers every route
 * registered in this scope, and unknown admin paths too, so a new admin route cannot forget it
 * and an anonymous caller cannot map the admin API. Admin route modules register here.
 */
const adminRoutes: FastifyPluginAsync = async (admin) => {
  admin.addHook("onRequest", requireAdmin);
  registerNotFound(admin);
};

export default adminRoutes;
