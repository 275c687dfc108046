import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./accounts.en.ts";

/** The accounts pages' copy in the page's language (loaded by pages/auth.tsx and its siblings). */
export type AccountsCopy = Catalog<typeof en>;
