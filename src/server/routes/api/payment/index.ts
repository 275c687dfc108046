import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ApiError } from "#server/lib/api-error.ts";
import type { ZodTypeProvider } from "#server/lib/zod-validation.ts";
import { exceedsDepth, MAX_JSON_DEPTH } from "#server/plugins/json-body.ts";
import { createPaymentIntent } from "#server/modules/orders/create-payment-intent.ts";
import type { OrderRow } from "#server/modules/orders/order-row.ts";
import { orderView } from "#server/modules/orders/order-views.ts";
import { instalments, priceProduct } from "#server/modules/orders/pricing.ts";
import { isAppleMerchantValidationUrl } from "#server/modules/payments/apple-pay-validation-url.ts";
import { confirmPayment, isUnsuccessful } from "#server/modules/payments/confirm-payment.ts";
import { GatewayError } from "#server/modules/payments/gateway.ts";
import { processWebhook } from "#server/modules/payments/process-webhook.ts";
import { defaultProductId } from "#content/catalog.ts";
import { studio } from "#content/studio.ts";
import { paymentMethods } from "#shared/payment-methods.ts";
import { confirmPaymentSchema, createIntentSchema } from "#shared/schemas/checkout.ts";

/** A checkout body is small; an Apple Pay token is a few KB. */
const PAYMENT_BODY_LIMIT = 32 * 1024;
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Stripe's limit for the same header: at most 255 printable ASCII characters. */
const idempotencyKeyShape = /^[\x21-\x7e]{1,255}$/;

function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers["idempotency-key"];
  if (header === undefined) return undefined;
  if (typeof header !== "string" || !idempotencyKeyShape.test(header)) {
    throw new ApiError(400, "invalid_request", "payments.idempotencyKey.invalid");
  }
  return header;
}

const methodsQuerySchema = z.object({ productId: z.string().max(40).optional() });
const applePaySessionSchema = z.strictObject({ validationUrl: z.url({ error: "errors.invalidValue" }).max(2000) });
const webhookParamsSchema = z.object({ gateway: z.string().max(40) });

export type PaymentRouteOptions = {
  checkoutsPerMinute: number;
  confirmsPerMinute: number;
  applePaySessionsPerMinute: number;
};

/**
 * /api/payment (spec §7, decision 0017): the offered methods, create-intent, confirm, Apple Pay's
 * merchant session, and the providers' webhooks. Thin: the use cases in modules/payments decide.
 */
const paymentRoutes: FastifyPluginAsync<PaymentRouteOptions> = async (app, options) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const context = app.payments;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  const sendOrder = async (reply: FastifyReply, request: FastifyRequest, order: OrderRow, accessToken: string) => {
    const view = await orderView(app.db, order);
    if (!isUnsuccessful(order)) return reply.send({ order: view, accessToken });
    // A declined, failed or expired payment: the API's error shape, with the order beside it so
    // the page can show what happened.
    return reply.code(402).send({
      error: { code: "payment_failed", message: request.t("payments.paymentFailed") },
      order: view,
      accessToken,
    });
  };

  api.get("/methods", { schema: { querystring: methodsQuerySchema } }, async (request) => {
    const catalog = await app.catalogCache.get();
    const product = catalog.products.find((entry) => entry.id === (request.query.productId ?? defaultProductId));
    if (!product) {
      throw new ApiError(400, "invalid_request", "checkout.product.invalid", {
        fields: { productId: "checkout.product.invalid" },
      });
    }
    const total = priceProduct(product, 1).totalAmountHalalas;
    return {
      methods: paymentMethods.map((method) => ({
        id: method.id,
        available: Boolean(context.gateways.forMethod(method.id)),
        ...(method.instalments
          ? { instalment: { count: method.instalments, amountHalalas: instalments(total, method.instalments)[0] ?? 0 } }
          : {}),
      })),
      gateway: context.gateways.family,
      // The checkout shows "Test Mode: No Real Money" on every step while this is true.
      testMode: context.gateways.testMode,
    };
  });

  api.post(
    "/create-intent",
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      schema: { body: createIntentSchema },
      config: {
        rateLimit: { max: options.checkoutsPerMinute, timeWindow: "1 minute" },
        errorMessages: { rateLimited: "payments.rateLimited" },
      },
    },
    async (request, reply) => {
      const catalog = await app.catalogCache.get();
      try {
        const answer = await createPaymentIntent(context, catalog.products, request.body, {
          lang: request.lang,
          userId: request.user?.id ?? null,
          idempotencyKey: idempotencyKeyOf(request),
        });
        // 202: an Apple Pay charge whose answer the provider never gave; it is being confirmed (issue 35).
        return reply.code(answer.status === "pending" ? 202 : 201).send(answer);
      } catch (error) {
        if (error instanceof GatewayError) throw new ApiError(502, "gateway_error", "payments.gatewayError");
        throw error;
      }
    },
  );

  api.post(
    "/confirm",
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      schema: { body: confirmPaymentSchema },
      // Each confirm asks the provider: unlimited, one address could spend the shop's API quota.
      config: {
        rateLimit: { max: options.confirmsPerMinute, timeWindow: "1 minute" },
        errorMessages: { rateLimited: "payments.confirmRateLimited" },
      },
    },
    async (request, reply) => {
      try {
        const { order, accessToken } = await confirmPayment(context, request.body);
        return sendOrder(reply, request, order, accessToken);
      } catch (error) {
        if (error instanceof GatewayError) throw new ApiError(502, "gateway_error", "payments.gatewayError");
        throw error;
      }
    },
  );

  api.post(
    "/apple-pay/session",
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      schema: { body: applePaySessionSchema },
      config: {
        rateLimit: { max: options.applePaySessionsPerMinute, timeWindow: "1 minute" },
        errorMessages: { rateLimited: "payments.applePaySessionRateLimited" },
      },
    },
    async (request) => {
      if (!isAppleMerchantValidationUrl(request.body.validationUrl)) {
        throw new ApiError(400, "invalid_request", "payments.applePayValidationUrl", {
          fields: { validationUrl: "payments.applePayValidationUrl" },
        });
      }
      const gateway = context.gateways.forMethod("apple-pay");
      if (!gateway) throw new ApiError(400, "invalid_request", "payments.methodUnavailable");
      const site = new URL(context.siteUrl);
      try {
        return await gateway.createApplePaySession({
          validationUrl: request.body.validationUrl,
          domainName: site.hostname,
          displayName: studio.name.en,
        });
      } catch (error) {
        if (error instanceof GatewayError) throw new ApiError(502, "gateway_error", "payments.gatewayError");
        throw error;
      }
    },
  );

  // Webhooks: the body is kept as received, for signatures over the raw bytes.
  await app.register(async (hooks) => {
    const parse = hooks.getDefaultJsonParser("error", "error");
    hooks.removeContentTypeParser("application/json");
    hooks.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT },
      (request, body, done) => {
        const text = typeof body === "string" ? body : body.toString("utf8");
        (request as FastifyRequest & { rawBody?: string }).rawBody = text;
        if (exceedsDepth(text, MAX_JSON_DEPTH)) return done(new ApiError(400, "body_too_deep", "errors.tooDeep"));
        parse(request, text, done);
      },
    );
    hooks
      .withTypeProvider<ZodTypeProvider>()
      .post(
        "/webhooks/:gateway",
        { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { params: webhookParamsSchema } },
        async (request) => {
          try {
            const outcome = await processWebhook(context, request.params.gateway, {
              headers: request.headers,
              query: request.query as Record<string, unknown>,
              body: request.body,
              rawBody: (request as FastifyRequest & { rawBody?: string }).rawBody ?? "",
            });
            return { received: true, outcome };
          } catch (error) {
            // The provider retries later: the payment could not be fetched now.
            if (error instanceof GatewayError) throw new ApiError(502, "gateway_error", "payments.gatewayError");
            throw error;
          }
        },
      );
  });
};

export default paymentRoutes;
