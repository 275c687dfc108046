import type { Config } from "#server/config.ts";
import { ConfigError } from "#server/config.ts";
import type { GatewayId, PaymentGateway, PaymentMethod } from "../gateway.ts";
import { createMoyasarGateway } from "./moyasar.ts";
import { providerKeys } from "./providers-config.ts";
import { createTabbyGateway } from "./tabby.ts";
import { createTamaraGateway } from "./tamara.ts";

export const paymentMethodIds: readonly PaymentMethod[] = ["apple-pay", "credit-card", "tamara", "tabby"];

/** Which gateway serves each payment method (decision 0017), built once at start from the configuration. */
export type GatewayRegistry = {
  /** `sandbox` or `providers` (PAYMENT_GATEWAY). */
  readonly family: Config["PAYMENT_GATEWAY"];
  /** The gateway of a method, or undefined when the method is not offered. */
  forMethod(method: PaymentMethod): PaymentGateway | undefined;
  /** A gateway by its id (webhooks arrive at /api/payment/webhooks/:gateway), if configured. */
  byId(id: string): PaymentGateway | undefined;
};

/**
 * A real provider's adapter from the configuration, or null when its keys are not set (the
 * method is then not offered).
 */
export type ProviderFactory = (config: Config) => PaymentGateway | null;

export const providerFactories: Partial<Record<Exclude<GatewayId, "sandbox">, ProviderFactory>> = {
  moyasar: (config) =>
    providerKeys(config).moyasar
      ? createMoyasarGateway(
          {
            secretKey: config.MOYASAR_SECRET_KEY!,
            publishableKey: config.MOYASAR_PUBLISHABLE_KEY!,
            webhookSecret: config.MOYASAR_WEBHOOK_SECRET!,
            apiUrl: config.MOYASAR_API_URL,
          },
          { timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS },
        )
      : null,
  tamara: (config) =>
    providerKeys(config).tamara
      ? createTamaraGateway(
          {
            apiToken: config.TAMARA_API_TOKEN!,
            notificationToken: config.TAMARA_NOTIFICATION_TOKEN!,
            apiUrl: config.TAMARA_API_URL,
          },
          { timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS },
        )
      : null,
  tabby: (config) =>
    providerKeys(config).tabby
      ? createTabbyGateway(
          {
            secretKey: config.TABBY_SECRET_KEY!,
            merchantCode: config.TABBY_MERCHANT_CODE!,
            webhookHeaderName: config.TABBY_WEBHOOK_HEADER_NAME,
            webhookHeaderValue: config.TABBY_WEBHOOK_HEADER_VALUE!,
            apiUrl: config.TABBY_API_URL,
          },
          { timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS },
        )
      : null,
};

/** The providers' methods: card and Apple Pay through Moyasar, and the two instalment providers. */
const providerOfMethod: Record<PaymentMethod, Exclude<GatewayId, "sandbox">> = {
  "credit-card": "moyasar",
  "apple-pay": "moyasar",
  tamara: "tamara",
  tabby: "tabby",
};

function registryOf(family: Config["PAYMENT_GATEWAY"], byMethod: Map<PaymentMethod, PaymentGateway>): GatewayRegistry {
  const byId = new Map([...byMethod.values()].map((gateway) => [gateway.id as string, gateway]));
  return { family, forMethod: (method) => byMethod.get(method), byId: (id) => byId.get(id) };
}

/**
 * `PAYMENT_GATEWAY=sandbox`: the sandbox for all four methods. `providers`: each method through
 * its provider, offered only when that provider's keys are set. A `providers` setting that can
 * offer nothing stops the server at start with a ConfigError rather than open a checkout that
 * cannot take money.
 */
export function createGatewayRegistry(
  config: Config,
  sandbox: PaymentGateway | undefined,
  factories: typeof providerFactories = providerFactories,
): GatewayRegistry {
  if (config.PAYMENT_GATEWAY === "sandbox") {
    if (!sandbox) throw new Error("the sandbox gateway is required when PAYMENT_GATEWAY=sandbox");
    return registryOf("sandbox", new Map(paymentMethodIds.map((method) => [method, sandbox])));
  }
  const available = Object.entries(factories).filter(([, factory]) => factory);
  if (available.length === 0) {
    throw new ConfigError([
      'PAYMENT_GATEWAY: "providers" is set but this build has no provider adapters (Moyasar, Tamara, Tabby); use "sandbox"',
    ]);
  }
  const built = new Map<string, PaymentGateway | null>();
  const byMethod = new Map<PaymentMethod, PaymentGateway>();
  for (const method of paymentMethodIds) {
    const id = providerOfMethod[method];
    if (!built.has(id)) built.set(id, factories[id]?.(config) ?? null);
    const gateway = built.get(id);
    if (gateway) byMethod.set(method, gateway);
  }
  if (byMethod.size === 0) {
    throw new ConfigError([
      'PAYMENT_GATEWAY: "providers" is set but no provider has its keys set (MOYASAR_*, TAMARA_*, TABBY_*)',
    ]);
  }
  return registryOf("providers", byMethod);
}
