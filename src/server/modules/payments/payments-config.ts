import { z } from "zod";
import { paymentProviders } from "./providers/registry.ts";

/** A union of shapes as one shape that has every member's keys. */
type Merged<Union> = (Union extends unknown ? (shape: Union) => void : never) extends (shape: infer All) => void
  ? All
  : never;
type AllProviderSettings = Merged<(typeof paymentProviders)[keyof typeof paymentProviders]["settings"]>;

/**
 * The payments' settings (issue 12, decision 0017). `PAYMENT_GATEWAY`: `sandbox` (the default:
 * the local stand-in provider, offline) or `providers` (Moyasar, Tamara and Tabby, each offered
 * when its keys are set). Each provider declares its own variables in its folder
 * (providers/<id>/provider.ts); they are all validated here, at start, with the rest.
 */
export const paymentsConfigShape = {
  PAYMENT_GATEWAY: z.enum(["sandbox", "providers"]).default("sandbox"),
  /** A provider call that takes longer is abandoned and answered as a gateway error. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  ...(Object.assign(
    {},
    ...Object.values(paymentProviders).map((provider) => provider.settings),
  ) as AllProviderSettings),
};
