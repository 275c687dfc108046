import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { getAdminOrder } from "#server/modules/orders/get-admin-order.ts";
import { listOrders } from "#server/modules/orders/list-orders.ts";
import { adminOrderView } from "#server/modules/orders/order-views.ts";
import { refundOrder } from "#server/modules/orders/refund-order.ts";
import { adminOrderParamsSchema, adminOrdersQuerySchema, adminRefundSchema } from "#shared/schemas/orders.ts";

/**
 * The admin's orders (decision 0017): the list with filters (the page and its total in the
 * body, as the contract says, and `X-Total-Count` as the other admin lists send), one order with
 * its whole history, and the refund, which goes to the provider first.
 */
const orderRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get("/orders", { schema: { querystring: adminOrdersQuerySchema } }, async (request, reply) => {
    const page = await listOrders(app.db, request.query);
    reply.header("Cache-Control", "no-store").header("X-Total-Count", String(page.total));
    return page;
  });

  api.get("/orders/:id", { schema: { params: adminOrderParamsSchema } }, async (request, reply) => {
    const order = await getAdminOrder(app.db, request.params.id);
    reply.header("Cache-Control", "no-store");
    return { order };
  });

  api.post(
    "/orders/:id/refund",
    { bodyLimit: 4 * 1024, schema: { params: adminOrderParamsSchema, body: adminRefundSchema } },
    async (request) => {
      const order = await refundOrder(app.payments, request.params.id, request.user!.id, request.body?.reason);
      return { order: await adminOrderView(app.db, order) };
    },
  );
};

export default orderRoutes;
