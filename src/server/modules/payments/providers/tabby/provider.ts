import { z } from "zod";
import { baseUrlSetting, secretSetting, type PaymentProvider } from "../provider.ts";
import { createTabbyGateway } from "./adapter.ts";

const settings = {
  /** The secret key (test or live by its prefix) and the merchant code. */
  TABBY_SECRET_KEY: secretSetting(),
  TABBY_MERCHANT_CODE: z.string().trim().min(1).max(64).optional(),
  /** The header registered with the webhook (POST /api/v1/webhooks `header: {title, value}`). */
  TABBY_WEBHOOK_HEADER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "must be an HTTP header name")
    .default("X-Tabby-Signature"),
  TABBY_WEBHOOK_HEADER_VALUE: secretSetting(),
  /**
   * When an authorised payment is captured (issue 35): `shipment` (the default), as Tabby expects
   * of goods that ship later, or `confirm`, at once when the buyer comes back.
   */
  TABBY_CAPTURE_AT: z.enum(["shipment", "confirm"]).default("shipment"),
  /** Tabby's KSA host (UAE and Kuwait use https://api.tabby.ai; same paths). */
  TABBY_API_URL: baseUrlSetting("https://api.tabby.sa"),
};

/** Tabby: pay in four (decision 0017). Its pre-scoring rejection has words of its own for the buyer. */
export const tabbyProvider: PaymentProvider<typeof settings> = {
  settings,
  open(config) {
    if (!config.TABBY_SECRET_KEY || !config.TABBY_MERCHANT_CODE || !config.TABBY_WEBHOOK_HEADER_VALUE) return null;
    const gateway = createTabbyGateway(
      {
        secretKey: config.TABBY_SECRET_KEY,
        merchantCode: config.TABBY_MERCHANT_CODE,
        webhookHeaderName: config.TABBY_WEBHOOK_HEADER_NAME,
        webhookHeaderValue: config.TABBY_WEBHOOK_HEADER_VALUE,
        apiUrl: config.TABBY_API_URL,
      },
      { timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS, captureAt: config.TABBY_CAPTURE_AT },
    );
    return { gateway };
  },
  // The words of Tabby's FAQ for each pre-scoring rejection_reason (EN/AR in the catalogs).
  declineMessage(reason) {
    if (reason === "order_amount_too_high") return "payments.tabby.amountTooHigh";
    if (reason === "order_amount_too_low") return "payments.tabby.amountTooLow";
    return "payments.tabby.notAvailable";
  },
};
