import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "#server/plugins/auth.ts";
import { registerNotFound } from "../not-found.ts";
import dashboardRoutes from "./dashboard.ts";
import leadRoutes from "./leads.ts";
import orderRoutes from "./orders.ts";
import paymentAlertRoutes from "./payment-alerts.ts";
import userRoutes from "./users.ts";

/**
 * Everything under /api/admin (CONVENTIONS 12): one `onRequest` guard covers every route
 * registered in this scope, and unknown admin paths too, so a new admin route cannot forget it
 * and an anonymous caller cannot map the admin API. Admin route modules register here.
 */
const adminRoutes: FastifyPluginAsync = async (admin) => {
  admin.addHook("onRequest", requireAdmin);
  await admin.register(dashboardRoutes);
  await admin.register(userRoutes);
  await admin.register(leadRoutes);
  await admin.register(orderRoutes);
  await admin.register(paymentAlertRoutes);
  registerNotFound(admin);
};

export default adminRoutes;
