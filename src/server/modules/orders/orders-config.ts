import { z } from "zod";

/**
 * The orders' settings (issue 12): their expiry, how often one address may start or look one up,
 * and their access tokens (issue 35).
 */
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
  /**
   * The key of the orders' access tokens (order-access.ts; issue 35). Unset: a key the server
   * generates once and keeps in the database. Changing it revokes every link handed out.
   */
  ORDER_ACCESS_SECRET: z.string().min(32, "must be at least 32 characters").max(512).optional(),
  /** How long an order's access token (the link in its e-mails) opens it, in days. */
  ORDER_ACCESS_TTL_DAYS: z.coerce.number().positive().max(3650).default(90),
};
