import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./services.en.ts";

/** The services page's copy in the page's language (loaded by the page: pages/services.tsx). */
export type ServicesCopy = Catalog<typeof en>;
