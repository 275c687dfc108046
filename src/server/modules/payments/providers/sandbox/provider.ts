import { z } from "zod";
import type { PaymentProvider } from "../provider.ts";
import { createSandboxGateway, sandboxWebhookSecret } from "./adapter.ts";
import { sandboxHostedPage } from "./hosted-page.ts";

const SANDBOX_WEBHOOKS_JOB = "sandbox-webhooks";

const settings = {
  /** The sandbox sends this share of its webhooks twice, as real providers sometimes do (0 to 1). */
  SANDBOX_WEBHOOK_DUPLICATE_RATE: z.coerce.number().min(0).max(1).default(0.1),
};

/**
 * The sandbox (PAYMENT_GATEWAY=sandbox, the default; decision 0017): a local stand-in for every
 * method, with its ledger, its hosted page at /sandbox-gateway/pay/:id and a job that sends its
 * webhooks. The sandbox is part of this server, so it delivers them through the server's own
 * request pipeline (`inject`: routing, body parsing, the signature check), exactly as a
 * provider's request would arrive, whether or not the server listens on the SITE_URL it was given.
 */
export const sandboxProvider: PaymentProvider<typeof settings> = {
  settings,
  async open(config, host) {
    const gateway = await createSandboxGateway({
      db: host.db,
      secret: await sandboxWebhookSecret(host.db),
      siteUrl: host.siteUrl,
      duplicateRate: config.SANDBOX_WEBHOOK_DUPLICATE_RATE,
      onWebhookQueued: () => host.jobs.trigger(SANDBOX_WEBHOOKS_JOB),
    });
    host.jobs.add({
      name: SANDBOX_WEBHOOKS_JOB,
      everyMs: 1000,
      run: () =>
        gateway.deliverWebhooks((path, rawBody, headers) => host.inject({ url: path, payload: rawBody, headers })),
    });
    const siteUrl = host.siteUrl;
    return {
      gateway,
      pages: async (app) => {
        await app.register(sandboxHostedPage, { gateway, siteUrl });
      },
    };
  },
};
