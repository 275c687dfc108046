import type { FastifyPluginAsync } from "fastify";
import type { Config } from "#server/config.ts";
import { ConfigError } from "#server/config.ts";
import { paymentMethods } from "#shared/payment-methods.ts";
import type { GatewayId, PaymentGateway, PaymentMethod } from "./gateway.ts";
import { paymentGatewayOf, type PaymentGatewayFamily } from "./payments-config.ts";
import type { OpenedProvider, ProviderHost } from "./providers/provider.ts";
import { paymentProviders } from "./providers/registry.ts";

/** A provider as the registry opens it (tests pass their own). */
type Opener = { open(settings: Config, host: ProviderHost): OpenedProvider | null | Promise<OpenedProvider | null> };

/** Which gateway serves each payment method (decision 0017), built once at start from the configuration. */
export type GatewayRegistry = {
  /** `sandbox` or `providers` (PAYMENT_GATEWAY). */
  readonly family: PaymentGatewayFamily;
  /** Whether orders are tests (the sandbox): the checkout, the admin and the e-mails say so. */
  readonly testMode: boolean;
  /** The gateway of a method, or undefined when the method is not offered. */
  forMethod(method: PaymentMethod): PaymentGateway | undefined;
  /** A gateway by its id (webhooks arrive at /api/payment/webhooks/:gateway), if configured. */
  byId(id: string): PaymentGateway | undefined;
  /** The pages the open providers serve on this site (the sandbox's hosted page), for app.ts to mount. */
  readonly pages: readonly FastifyPluginAsync[];
};

function registryOf(
  family: PaymentGatewayFamily,
  byMethod: Map<PaymentMethod, PaymentGateway>,
  opened: OpenedProvider[],
): GatewayRegistry {
  const byId = new Map([...byMethod.values()].map((gateway) => [gateway.id as string, gateway]));
  return {
    family,
    testMode: family === "sandbox",
    forMethod: (method) => byMethod.get(method),
    byId: (id) => byId.get(id),
    pages: opened.flatMap((provider) => (provider.pages ? [provider.pages] : [])),
  };
}

/**
 * `PAYMENT_GATEWAY=sandbox`: the sandbox for every method. `providers`: each method through its
 * provider (src/shared/payment-methods.ts), offered only when that provider's keys are set. A
 * `providers` setting that can offer nothing stops the server at start with a ConfigError rather
 * than open a checkout that cannot take money, and so does production with PAYMENT_GATEWAY unset
 * (payments-config.ts). Under `providers` the sandbox is not opened at all: its pages, test
 * tokens and test cards do not exist.
 */
export async function createGatewayRegistry(
  config: Config,
  host: ProviderHost,
  providers: Partial<Record<GatewayId, Opener>> = paymentProviders,
): Promise<GatewayRegistry> {
  const chosen = paymentGatewayOf(config);
  if ("problem" in chosen) throw new ConfigError([chosen.problem]);
  if (chosen.family === "sandbox") {
    const sandbox = await providers.sandbox?.open(config, host);
    if (!sandbox) throw new Error("the sandbox gateway is required when PAYMENT_GATEWAY=sandbox");
    return registryOf("sandbox", new Map(paymentMethods.map((method) => [method.id, sandbox.gateway])), [sandbox]);
  }
  const opened = new Map<GatewayId, OpenedProvider | null>();
  const byMethod = new Map<PaymentMethod, PaymentGateway>();
  for (const method of paymentMethods) {
    if (!opened.has(method.provider)) {
      opened.set(method.provider, (await providers[method.provider]?.open(config, host)) ?? null);
    }
    const provider = opened.get(method.provider);
    if (provider) byMethod.set(method.id, provider.gateway);
  }
  if (byMethod.size === 0) {
    const names = [...opened.keys()].map((id) => `${id.toUpperCase()}_*`).join(", ");
    throw new ConfigError([`PAYMENT_GATEWAY: "providers" is set but no provider has its keys set (${names})`]);
  }
  return registryOf(
    "providers",
    byMethod,
    [...opened.values()].filter((provider) => provider !== null),
  );
}

/** One call to a payment provider, as a monitor sees it (the metrics plugin counts and times them). */
export type ProviderCallObserver = (call: {
  provider: GatewayId;
  operation: "create" | "fetch" | "find" | "complete" | "cancel" | "capture" | "void" | "refund" | "apple-pay-session";
  seconds: number;
  outcome: "ok" | "error";
}) => void;

/**
 * The same registry with every call each gateway makes to its provider reported to `observe`
 * (time and outcome, per provider and operation), the adapters untouched. Webhook verification is
 * local (a signature, a token) and is not a provider call.
 */
export function observeGateways(registry: GatewayRegistry, observe: ProviderCallObserver): GatewayRegistry {
  const observed = new Map<PaymentGateway, PaymentGateway>();
  const wrap = (gateway: PaymentGateway | undefined) => {
    if (!gateway) return undefined;
    let wrapped = observed.get(gateway);
    if (!wrapped) {
      wrapped = observedGateway(gateway, observe);
      observed.set(gateway, wrapped);
    }
    return wrapped;
  };
  return {
    family: registry.family,
    testMode: registry.testMode,
    forMethod: (method) => wrap(registry.forMethod(method)),
    byId: (id) => wrap(registry.byId(id)),
    pages: registry.pages,
  };
}

function observedGateway(gateway: PaymentGateway, observe: ProviderCallObserver): PaymentGateway {
  const timed =
    <A extends unknown[], R>(
      operation: Parameters<ProviderCallObserver>[0]["operation"],
      call: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      const report = (outcome: "ok" | "error") =>
        observe({ provider: gateway.id, operation, seconds: (performance.now() - started) / 1000, outcome });
      try {
        const result = await call(...args);
        report("ok");
        return result;
      } catch (error) {
        report("error");
        throw error;
      }
    };
  return {
    id: gateway.id,
    createPayment: timed("create", (request) => gateway.createPayment(request)),
    fetchPayment: timed("fetch", (id) => gateway.fetchPayment(id)),
    findPayment: timed("find", (lookup) => gateway.findPayment(lookup)),
    completePayment: timed("complete", (payment, request) => gateway.completePayment(payment, request)),
    cancelPayment: timed("cancel", (id) => gateway.cancelPayment(id)),
    capturePayment: timed("capture", (id, request) => gateway.capturePayment(id, request)),
    voidPayment: timed("void", (id, request) => gateway.voidPayment(id, request)),
    refundPayment: timed("refund", (id, amount, reason, key) => gateway.refundPayment(id, amount, reason, key)),
    createApplePaySession: timed("apple-pay-session", (input) => gateway.createApplePaySession(input)),
    verifyWebhook: (request) => gateway.verifyWebhook(request),
  };
}
