import { z } from "zod";
import { baseUrlSetting, secretSetting, type PaymentProvider } from "../provider.ts";
import { createMoyasarGateway } from "./adapter.ts";

const settings = {
  /** The secret key (`sk_…`) and the publishable key (`pk_…`) from Moyasar's dashboard. */
  MOYASAR_SECRET_KEY: secretSetting(),
  MOYASAR_PUBLISHABLE_KEY: secretSetting(),
  /** The "Secret Token" set on the webhook in Moyasar's dashboard; it comes back in each body. */
  MOYASAR_WEBHOOK_SECRET: secretSetting(),
  MOYASAR_API_URL: baseUrlSetting("https://api.moyasar.com"),
  /** Path of Apple Pay's domain association file (from Moyasar's dashboard), served at /.well-known. */
  APPLE_PAY_DOMAIN_ASSOCIATION: z.string().trim().min(1).optional(),
};

/** Moyasar: credit card / mada through its hosted invoice page, and Apple Pay (decision 0017). */
export const moyasarProvider: PaymentProvider<typeof settings> = {
  settings,
  open(config) {
    if (!config.MOYASAR_SECRET_KEY || !config.MOYASAR_PUBLISHABLE_KEY || !config.MOYASAR_WEBHOOK_SECRET) return null;
    const gateway = createMoyasarGateway(
      {
        secretKey: config.MOYASAR_SECRET_KEY,
        publishableKey: config.MOYASAR_PUBLISHABLE_KEY,
        webhookSecret: config.MOYASAR_WEBHOOK_SECRET,
        apiUrl: config.MOYASAR_API_URL,
      },
      {
        timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
        // The invoice stays payable exactly as long as the order waits for its payment.
        invoiceLifetimeMs: config.CHECKOUT_EXPIRY_HOURS * 3600_000,
      },
    );
    return { gateway };
  },
};
