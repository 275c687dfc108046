import { z } from "zod";

const key = z.string().trim().min(8, "must be at least 8 characters").max(512).optional();
const baseUrl = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .transform((value) => value.replace(/\/+$/, ""))
    .default(fallback);

/**
 * The real providers' keys and base URLs (Moyasar, Tamara, Tabby; decision 0017). With
 * `PAYMENT_GATEWAY=providers` each method is offered only when its provider's keys are all set
 * (`providerKeys` below). Every key and token is a secret (lib/redact.ts hides it in errors and
 * logs); the base URLs default to each provider's production host and the tests point them at
 * local fakes.
 */
export const providersConfigShape = {
  /** Moyasar (credit card / mada through its hosted invoice page, and Apple Pay). */
  MOYASAR_SECRET_KEY: key,
  MOYASAR_PUBLISHABLE_KEY: key,
  /** The "Secret Token" set on the webhook in Moyasar's dashboard; it comes back in each body. */
  MOYASAR_WEBHOOK_SECRET: key,
  MOYASAR_API_URL: baseUrl("https://api.moyasar.com"),
  /** Tamara: the API token and the notification token from the partner portal. */
  TAMARA_API_TOKEN: key,
  TAMARA_NOTIFICATION_TOKEN: key,
  /** Production; the sandbox is https://api-sandbox.tamara.co. */
  TAMARA_API_URL: baseUrl("https://api.tamara.co"),
  /** Tabby: the secret key (test or live by its prefix) and the merchant code. */
  TABBY_SECRET_KEY: key,
  TABBY_MERCHANT_CODE: z.string().trim().min(1).max(64).optional(),
  /** The header registered with the webhook (POST /api/v1/webhooks `header: {title, value}`). */
  TABBY_WEBHOOK_HEADER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "must be an HTTP header name")
    .default("X-Tabby-Signature"),
  TABBY_WEBHOOK_HEADER_VALUE: key,
  /** Tabby's KSA host (UAE and Kuwait use https://api.tabby.ai; same paths). */
  TABBY_API_URL: baseUrl("https://api.tabby.sa"),
  /** A provider call that takes longer is abandoned and answered as a gateway error. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Path of Apple Pay's domain association file (from Moyasar's dashboard), served at /.well-known. */
  APPLE_PAY_DOMAIN_ASSOCIATION: z.string().trim().min(1).optional(),
};

export type ProvidersConfig = z.output<z.ZodObject<typeof providersConfigShape>>;

/** Which providers have every key they need (decision 0017: a method is offered only then). */
export function providerKeys(config: ProvidersConfig): { moyasar: boolean; tamara: boolean; tabby: boolean } {
  return {
    moyasar: Boolean(config.MOYASAR_SECRET_KEY && config.MOYASAR_PUBLISHABLE_KEY && config.MOYASAR_WEBHOOK_SECRET),
    tamara: Boolean(config.TAMARA_API_TOKEN && config.TAMARA_NOTIFICATION_TOKEN),
    tabby: Boolean(config.TABBY_SECRET_KEY && config.TABBY_MERCHANT_CODE && config.TABBY_WEBHOOK_HEADER_VALUE),
  };
}
