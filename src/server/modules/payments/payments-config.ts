import { z } from "zod";

/**
 * The checkout's settings (issue 12, decision 0017). `PAYMENT_GATEWAY`: `sandbox` (the default:
 * the local stand-in provider, offline) or `providers` (Moyasar, Tamara and Tabby, each offered
 * when its keys are set; see gateways/providers-config.ts).
 */
export const paymentsConfigShape = {
  PAYMENT_GATEWAY: z.enum(["sandbox", "providers"]).default("sandbox"),
  /** Orders still unpaid this many hours after they were started are expired (after asking the gateway). */
  CHECKOUT_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  /** Payments one address may start per minute (create-intent). */
  CHECKOUTS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** Guest order look-ups (reference + e-mail) one address may make per minute. */
  ORDER_LOOKUPS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** The sandbox sends this share of its webhooks twice, as real providers sometimes do (0 to 1). */
  SANDBOX_WEBHOOK_DUPLICATE_RATE: z.coerce.number().min(0).max(1).default(0.1),
};
