import type { FastifyPluginAsync } from "fastify";
import { ApiError } from "#server/lib/api-error.ts";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { listOwnOrders } from "#server/modules/orders/list-orders.ts";
import { lookupOrder } from "#server/modules/orders/lookup-order.ts";
import { accessTokenOf, findOrderForViewer } from "#server/modules/orders/order-access.ts";
import { orderView } from "#server/modules/orders/order-views.ts";
import { requireUser } from "#server/plugins/auth.ts";
import { orderLookupSchema } from "#shared/schemas/checkout.ts";
import { orderReferenceParamsSchema } from "#shared/schemas/orders.ts";

export type OrderRouteOptions = { lookupsPerMinute: number };

/**
 * /api/orders (decision 0017): the signed-in buyer's orders, one order for whoever may read it
 * (owner, admin, or the holder of its access token, sent in the X-Order-Access header and never
 * in the query; anyone else gets the same 404 as for a
 * reference that does not exist), and the guest look-up by reference and e-mail. The invoice
 * routes (GET /api/orders/:reference/invoice and .pdf) live in ./invoice.ts, registered beside.
 */
const orderRoutes: FastifyPluginAsync<OrderRouteOptions> = async (app, options) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  api.get("/", { onRequest: requireUser }, async (request) => ({
    orders: await listOwnOrders(app.db, request.user!.id),
  }));

  api.post(
    "/lookup",
    {
      bodyLimit: 4 * 1024,
      schema: { body: orderLookupSchema },
      config: {
        rateLimit: { max: options.lookupsPerMinute, timeWindow: "1 minute" },
        errorMessages: { rateLimited: "payments.lookupRateLimited" },
      },
    },
    async (request) => {
      const { order, accessToken } = await lookupOrder(app.db, request.body);
      return { order: await orderView(app.db, order), accessToken };
    },
  );

  api.get("/:reference", { schema: { params: orderReferenceParamsSchema } }, async (request) => {
    const order = await findOrderForViewer(app.db, request.params.reference, {
      user: request.user,
      accessToken: accessTokenOf(request.headers),
    });
    if (!order) throw new ApiError(404, "not_found", "payments.orderNotFound");
    return { order: await orderView(app.db, order) };
  });
};

export default orderRoutes;
