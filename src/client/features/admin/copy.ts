import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./admin.en.ts";

/** The admin dashboard's copy in the page's language (loaded by pages/admin.tsx). */
export type AdminCopy = Catalog<typeof en>;
