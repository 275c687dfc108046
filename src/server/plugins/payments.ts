import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import { EXPIRE_ORDERS_JOB, expireOrders } from "../modules/orders/expire-orders.ts";
import { createGatewayRegistry } from "../modules/payments/gateways/registry.ts";
import {
  createSandboxGateway,
  sandboxWebhookSecret,
  type SandboxGateway,
} from "../modules/payments/gateways/sandbox.ts";
import type { PaymentsContext } from "../modules/payments/payments-context.ts";
import { OUTBOX_JOB } from "./outbox.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The order service's dependencies (gateways, settings), for the payment and order routes. */
    payments: PaymentsContext;
    /** The sandbox gateway when PAYMENT_GATEWAY=sandbox (its hosted page needs it), else null. */
    sandboxGateway: SandboxGateway | null;
  }
}

export const SANDBOX_WEBHOOKS_JOB = "sandbox-webhooks";

/**
 * The checkout's core (issue 12): the gateway registry from the configuration (the sandbox, or
 * the providers whose keys are set), the context every payment use case takes, the order expiry
 * job, and with the sandbox its webhook sender. The sandbox is part of this server, so it delivers
 * its webhooks through the server's own request pipeline (`inject`: routing, body parsing, the
 * signature check), exactly as a provider's request would arrive, whether or not the server
 * listens on the SITE_URL it was given.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const siteUrl = config.SITE_URL.replace(/\/+$/, "");
    let sandbox: SandboxGateway | null = null;
    if (config.PAYMENT_GATEWAY === "sandbox") {
      sandbox = await createSandboxGateway({
        db: app.db,
        secret: await sandboxWebhookSecret(app.db),
        siteUrl,
        duplicateRate: config.SANDBOX_WEBHOOK_DUPLICATE_RATE,
        onWebhookQueued: () => app.jobs.trigger(SANDBOX_WEBHOOKS_JOB),
      });
      const gateway = sandbox;
      app.jobs.add({
        name: SANDBOX_WEBHOOKS_JOB,
        everyMs: 1000,
        run: () =>
          gateway.deliverWebhooks(async (path, rawBody, headers) => {
            const response = await app.inject({ method: "POST", url: path, payload: rawBody, headers });
            return response.statusCode;
          }),
      });
    }
    const context: PaymentsContext = {
      db: app.db,
      gateways: createGatewayRegistry(config, sandbox ?? undefined),
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
    app.decorate("sandboxGateway", sandbox);
    app.jobs.add({
      name: EXPIRE_ORDERS_JOB,
      everyMs: 5 * 60_000,
      exclusive: true,
      run: ({ signal }) => expireOrders(context, { hours: config.CHECKOUT_EXPIRY_HOURS, signal }),
    });
  },
  { name: "payments", dependencies: ["database", "background-jobs", "outbox", "catalog-cache"] },
);
