import type { Resolver } from "react-hook-form";
import type { CheckoutBuyerInput } from "#shared/schemas/checkout.ts";
import type * as BuyerValidation from "./buyer-validation.ts";
import type { BuyerDetails } from "../api/checkout.ts";

type Validation = typeof BuyerValidation;

let loaded: Validation | undefined;
let loading: Promise<Validation> | undefined;

/** Starts loading the validation chunk (on the form's first focus); idempotent. */
export function loadValidation(): Promise<Validation> {
  loading ??= import("./buyer-validation.ts").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The validation module if it has arrived (for the checks that cannot wait). */
export function loadedValidation(): Validation | undefined {
  return loaded;
}

/** react-hook-form's resolver, loading the schema on first use. */
export const lazyBuyerResolver: Resolver<CheckoutBuyerInput, unknown, BuyerDetails> = async (
  values,
  context,
  options,
) => {
  const validation = loaded ?? (await loadValidation());
  return (validation.buyerResolver as unknown as Resolver<CheckoutBuyerInput, unknown, BuyerDetails>)(
    values,
    context,
    options,
  );
};
