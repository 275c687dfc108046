import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { Db } from "#server/db/database.ts";
import type { JobRunner } from "#server/lib/background-jobs.ts";
import type { MessageKey } from "#shared/i18n/message-key.ts";
import type { PaymentGateway } from "../gateway.ts";

/** What the server lends a provider when it opens: the sandbox keeps a ledger and sends webhooks. */
export type ProviderHost = {
  db: Db;
  jobs: JobRunner;
  /** SITE_URL without a trailing slash. */
  siteUrl: string;
  /** A request through this server's own pipeline (Fastify's `inject`), answering its status. */
  inject(request: { url: string; payload: string; headers: Record<string, string> }): Promise<number>;
};

/**
 * The settings every provider may read besides its own: the call deadline (payments-config.ts)
 * and how long an unpaid order lives (orders-config.ts), which a provider's own payable page
 * (Moyasar's invoice) must not outlive.
 */
export type CommonProviderSettings = { PAYMENT_PROVIDER_TIMEOUT_MS: number; CHECKOUT_EXPIRY_HOURS: number };

export type OpenedProvider = {
  gateway: PaymentGateway;
  /** Pages the provider serves on the shop's own origin (the sandbox's hosted page); app.ts mounts them. */
  pages?: FastifyPluginAsync;
};

/**
 * A payment provider as a plug-in (docs/ARCHITECTURE.md "Adding a payment provider"): one folder
 * under providers/ with this declaration, its adapter, its fake and its tests, and one line in
 * providers/registry.ts. The methods it serves are declared in src/shared/payment-methods.ts.
 */
export type PaymentProvider<Shape extends z.ZodRawShape> = {
  /**
   * Its environment variables, validated at start with the rest of the configuration
   * (src/server/config.ts). A key, secret or token is named `*_KEY`, `*_SECRET`, `*_TOKEN` or
   * `*_HEADER_VALUE`, so that lib/redact.ts hides it.
   */
  readonly settings: Shape;
  /**
   * Its adapter, or null when its keys are not all set (its methods are then not offered;
   * decision 0017). Called once at start.
   */
  open(
    settings: z.output<z.ZodObject<Shape>> & CommonProviderSettings,
    host: ProviderHost,
  ): OpenedProvider | null | Promise<OpenedProvider | null>;
  /**
   * The words a buyer sees when the provider declines a payment as it is opened, by the reason
   * the adapter reported (Tabby's pre-scoring); without it, or for a reason it does not know,
   * `payments.declined`.
   */
  declineMessage?(reason: string | undefined): MessageKey | undefined;
};

/** A provider's key, secret or token: optional (the provider is then not offered), at least 8 characters. */
export const secretSetting = () => z.string().trim().min(8, "must be at least 8 characters").max(512).optional();

/** A provider's API base URL without its trailing slash: its production host by default; tests point it at the fake. */
export const baseUrlSetting = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((value) => value.replace(/\/+$/, ""))
    .default(fallback);
