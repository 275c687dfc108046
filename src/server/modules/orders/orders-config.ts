import { z } from "zod";

/** The orders' settings (issue 12): their expiry, and how often one address may start or look one up. */
export const ordersConfigShape = {
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
};
