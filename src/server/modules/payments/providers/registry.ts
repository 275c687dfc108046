import type { z } from "zod";
import type { GatewayId } from "../gateway.ts";
import { moyasarProvider } from "./moyasar/provider.ts";
import type { PaymentProvider } from "./provider.ts";
import { sandboxProvider } from "./sandbox/provider.ts";
import { tabbyProvider } from "./tabby/provider.ts";
import { tamaraProvider } from "./tamara/provider.ts";

/**
 * Every payment provider, one line each (docs/ARCHITECTURE.md "Adding a payment provider"). The
 * keys are the `provider`s of the methods declared in src/shared/payment-methods.ts, and the
 * sandbox, which stands in for all of them (PAYMENT_GATEWAY=sandbox): a method whose provider has
 * no line here does not compile.
 */
export const paymentProviders = {
  sandbox: sandboxProvider,
  moyasar: moyasarProvider,
  tamara: tamaraProvider,
  tabby: tabbyProvider,
} satisfies Record<GatewayId, PaymentProvider<z.ZodRawShape>>;
