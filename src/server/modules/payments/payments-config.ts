import { z } from "zod";
import { paymentProviders } from "./providers/registry.ts";

/** A union of shapes as one shape that has every member's keys. */
type Merged<Union> = (Union extends unknown ? (shape: Union) => void : never) extends (shape: infer All) => void
  ? All
  : never;
type AllProviderSettings = Merged<(typeof paymentProviders)[keyof typeof paymentProviders]["settings"]>;

/**
 * The payments' settings (issue 12, decision 0017). `PAYMENT_GATEWAY`: `sandbox` (the local
 * stand-in provider, offline, every order a test) or `providers` (Moyasar, Tamara and Tabby, each
 * offered when its keys are set). Unset, it means the sandbox outside production, and stops a
 * production start (issue 35: a forgotten variable must not sell real goods against test cards);
 * `paymentGatewayOf` decides. Each provider declares its own variables in its folder
 * (providers/<id>/provider.ts); they are all validated here, at start, with the rest.
 */
export const paymentsConfigShape = {
  PAYMENT_GATEWAY: z.enum(["sandbox", "providers"]).optional(),
  /** Payment confirmations (POST /api/payment/confirm) one address may ask for per minute; a checkout asks up to six times. */
  PAYMENT_CONFIRMS_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Apple Pay merchant sessions (POST /api/payment/apple-pay/session) one address may open per minute. */
  APPLE_PAY_SESSIONS_PER_MINUTE: z.coerce.number().int().positive().default(10),
  /** A provider call that takes longer is abandoned and answered as a gateway error. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  ...(Object.assign(
    {},
    ...Object.values(paymentProviders).map((provider) => provider.settings),
  ) as AllProviderSettings),
};

export type PaymentGatewayFamily = "sandbox" | "providers";

/**
 * The gateway family this configuration runs on: the one set, or the sandbox when none is set
 * and NODE_ENV is not `production`. Production with nothing set is refused (issue 35), with one
 * line naming the setting, as every other configuration error.
 */
export function paymentGatewayOf(config: {
  NODE_ENV: string;
  PAYMENT_GATEWAY?: PaymentGatewayFamily | undefined;
}): { family: PaymentGatewayFamily } | { problem: string } {
  if (config.PAYMENT_GATEWAY) return { family: config.PAYMENT_GATEWAY };
  if (config.NODE_ENV !== "production") return { family: "sandbox" };
  return {
    problem:
      'PAYMENT_GATEWAY: must be set when NODE_ENV is production: "providers" to take real payments, or "sandbox" to run the test gateway on purpose (no real money; every order marked as a test)',
  };
}
