import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./checkout.en.ts";

/** The checkout page's copy in the page's language (loaded by pages/checkout.tsx). */
export type CheckoutCopy = Catalog<typeof en>;
