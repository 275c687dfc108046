import type { FastifyPluginAsync } from "fastify";
import { sendPage } from "#server/lib/pagination.ts";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { listPaymentAlerts } from "#server/modules/orders/list-payment-alerts.ts";
import { resolvePaymentAlert } from "#server/modules/orders/resolve-payment-alert.ts";
import {
  adminPaymentAlertParamsSchema,
  adminPaymentAlertsQuerySchema,
  adminResolvePaymentAlertSchema,
} from "#shared/schemas/payment-alerts.ts";

/**
 * The payment alerts of the admin's Inbox (issue 35, decision 0044): money at a provider that no
 * order is paid by. The list (open by default) answers a JSON array with `X-Total-Count` and `Link`,
 * as the Inbox's leads do; resolving one takes the admin's note. Guarded by the admin scope.
 */
const paymentAlertRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/payment-alerts", { schema: { querystring: adminPaymentAlertsQuerySchema } }, async (request, reply) =>
    sendPage(request, reply, await listPaymentAlerts(app.db, request.query)),
  );

  api.post(
    "/payment-alerts/:id/resolve",
    { bodyLimit: 8 * 1024, schema: { params: adminPaymentAlertParamsSchema, body: adminResolvePaymentAlertSchema } },
    async (request, reply) => {
      const alert = await resolvePaymentAlert(app.db, request.params.id, request.user!, request.body.note);
      reply.header("Cache-Control", "no-store");
      return { alert, message: request.t("admin.alerts.resolved", { id: String(alert.id) }) };
    },
  );
};

export default paymentAlertRoutes;
