import type { FastifyPluginAsync } from "fastify";
import { eq } from "drizzle-orm";
import { ApiError } from "#server/lib/api-error.ts";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { orders } from "#server/db/schema.ts";
import { listOrders } from "#server/modules/payments/list-orders.ts";
import { adminOrderView } from "#server/modules/payments/order-views.ts";
import { refundOrder } from "#server/modules/payments/refund-order.ts";
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
    const [order] = await app.db.select().from(orders).where(eq(orders.id, request.params.id));
    if (!order) throw new ApiError(404, "not_found", "payments.orderNotFound");
    reply.header("Cache-Control", "no-store");
    return { order: await adminOrderView(app.db, order) };
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
