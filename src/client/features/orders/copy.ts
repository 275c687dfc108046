import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./orders.en.ts";

/** The /orders page's copy in the page's language (loaded by pages/orders.tsx). */
export type OrdersCopy = Catalog<typeof en>;
