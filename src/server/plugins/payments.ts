import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import { EXPIRE_ORDERS_JOB, expireOrders } from "../modules/orders/expire-orders.ts";
import { configureOrderAccess } from "../modules/orders/order-access.ts";
import { RECONCILE_PAYMENTS_JOB, reconcilePayments } from "../modules/orders/reconcile-payments.ts";
import { PAYMENT_OPERATIONS_JOB, resolvePaymentOperations } from "../modules/orders/sync-with-provider.ts";
import { createGatewayRegistry, observeGateways } from "../modules/payments/gateway-registry.ts";
import type { PaymentsContext } from "../modules/payments/payments-context.ts";
import { OUTBOX_JOB } from "./outbox.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The order service's dependencies (gateways, settings), for the payment and order routes. */
    payments: PaymentsContext;
  }
}

/**
 * The checkout's core (issue 12): the gateway registry from the configuration (the sandbox, or
 * the providers whose keys are set; each provider opens its own adapter, and the sandbox its
 * webhook sender), the context every payment use case takes, and the jobs: the order expiry, the
 * payment operations and the reconciliation (issue 35).
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    configureOrderAccess(app.db, { secret: config.ORDER_ACCESS_SECRET, ttlDays: config.ORDER_ACCESS_TTL_DAYS });
    const siteUrl = config.SITE_URL.replace(/\/+$/, "");
    const opened = await createGatewayRegistry(config, {
      db: app.db,
      jobs: app.jobs,
      siteUrl,
      inject: async ({ url, payload, headers }) =>
        (await app.inject({ method: "POST", url, payload, headers })).statusCode,
    });
    // With metrics on, every provider call is counted and timed (per provider and operation).
    const metrics = app.metrics;
    const gateways = metrics
      ? observeGateways(opened, (call) =>
          metrics.providerCall(call.provider, call.operation, call.seconds, call.outcome),
        )
      : opened;
    if (gateways.testMode && config.NODE_ENV === "production") {
      app.log.warn(
        "PAYMENT_GATEWAY=sandbox: the shop runs in test mode (no real money; the checkout, the admin and the e-mails mark every order as a test)",
      );
    }
    const context: PaymentsContext = {
      db: app.db,
      gateways,
      log: app.log.child({ module: "payments" }),
      siteUrl,
      invoice: config,
      mail: {
        notify: config.STUDIO_EMAIL,
        studio: { email: config.STUDIO_EMAIL, phone: config.STUDIO_PHONE, siteUrl: config.SITE_URL },
      },
      onEmailsQueued: () => app.jobs.trigger(OUTBOX_JOB),
      productNames: async (id) => (await app.catalogCache.get()).products.find((product) => product.id === id),
    };
    app.decorate("payments", context);
    app.jobs.add({
      name: EXPIRE_ORDERS_JOB,
      everyMs: 5 * 60_000,
      exclusive: true,
      run: ({ signal }) => expireOrders(context, { hours: config.CHECKOUT_EXPIRY_HOURS, signal }),
    });
    // Captures, releases and refunds whose provider call never answered (issue 35): settled from
    // the provider's state once well past the call's deadline.
    app.jobs.add({
      name: PAYMENT_OPERATIONS_JOB,
      everyMs: 60_000,
      exclusive: true,
      run: ({ signal }) =>
        resolvePaymentOperations(context, { olderThanMs: 2 * 60_000 + config.PAYMENT_PROVIDER_TIMEOUT_MS, signal }),
    });
    // No money without an order (issue 35, decision 0044): orders whose create call never answered,
    // payments given back whose answer never came, cancels that failed at expiry. An order is left
    // alone until a minute past the provider call's own deadline, so no call it waits on is running.
    app.jobs.add({
      name: RECONCILE_PAYMENTS_JOB,
      everyMs: 60_000,
      exclusive: true,
      run: async ({ signal }) => {
        await reconcilePayments(context, {
          olderThanMs: 60_000 + config.PAYMENT_PROVIDER_TIMEOUT_MS,
          expiryHours: config.CHECKOUT_EXPIRY_HOURS,
          signal,
        });
      },
    });
  },
  { name: "payments", dependencies: ["database", "background-jobs", "outbox", "catalog-cache"] },
);
