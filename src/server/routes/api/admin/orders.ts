import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { cancelOrder } from "#server/modules/orders/cancel-order.ts";
import { deliverOrder } from "#server/modules/orders/deliver-order.ts";
import { getAdminOrder } from "#server/modules/orders/get-admin-order.ts";
import { listOrders } from "#server/modules/orders/list-orders.ts";
import { adminOrderView } from "#server/modules/orders/order-views.ts";
import type { OperationOutcome } from "#server/modules/orders/payment-operations.ts";
import { refundOrder } from "#server/modules/orders/refund-order.ts";
import { shipOrder } from "#server/modules/orders/ship-order.ts";
import { syncWithProvider } from "#server/modules/orders/sync-with-provider.ts";
import {
  adminOrderActionSchema,
  adminOrderParamsSchema,
  adminOrdersQuerySchema,
  adminRefundSchema,
  adminShipSchema,
} from "#shared/schemas/orders.ts";

/**
 * The admin's orders (decisions 0017 and 0042): the list with filters (the page and its total in
 * the body, as the contract says, and `X-Total-Count` as the other admin lists send), one order
 * with its whole history, and the actions of its life after payment: ship (capturing what is only
 * authorised), deliver, cancel, refund (all or part) and sync. An action the provider has not
 * answered yet is 202 with `outcome: "pending"`; done is 200.
 */
const orderRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const action = { bodyLimit: 4 * 1024 };

  const answer = async (reply: FastifyReply, result: OperationOutcome & { cancelledInstead?: boolean }) => {
    reply.code(result.outcome === "pending" ? 202 : 200).header("Cache-Control", "no-store");
    return {
      order: await adminOrderView(app.db, result.order),
      outcome: result.outcome,
      ...(result.cancelledInstead ? { cancelledInstead: true } : {}),
    };
  };

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
    "/orders/:id/ship",
    { ...action, schema: { params: adminOrderParamsSchema, body: adminShipSchema } },
    async (request, reply) =>
      answer(reply, await shipOrder(app.payments, request.params.id, request.user!.id, request.body ?? {})),
  );

  api.post(
    "/orders/:id/deliver",
    { ...action, schema: { params: adminOrderParamsSchema, body: adminOrderActionSchema } },
    async (request, reply) =>
      answer(reply, { order: await deliverOrder(app.payments, request.params.id, request.user!.id), outcome: "done" }),
  );

  api.post(
    "/orders/:id/cancel",
    { ...action, schema: { params: adminOrderParamsSchema, body: adminOrderActionSchema } },
    async (request, reply) => answer(reply, await cancelOrder(app.payments, request.params.id, request.user!.id)),
  );

  api.post(
    "/orders/:id/refund",
    { ...action, schema: { params: adminOrderParamsSchema, body: adminRefundSchema } },
    async (request, reply) =>
      answer(reply, await refundOrder(app.payments, request.params.id, request.user!.id, request.body ?? {})),
  );

  api.post(
    "/orders/:id/sync",
    { ...action, schema: { params: adminOrderParamsSchema, body: adminOrderActionSchema } },
    async (request, reply) =>
      answer(reply, {
        order: await syncWithProvider(app.payments, request.params.id, request.user!.id),
        outcome: "done",
      }),
  );
};

export default orderRoutes;
