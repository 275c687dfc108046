import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./contact.en.ts";

/** The contact page's copy in the page's language (loaded by the page: pages/contact.tsx). */
export type ContactCopy = Catalog<typeof en>;
