import { arFrame } from "./ar-frame.ts";
import { arMessages } from "./ar-messages.ts";
import type { EnglishCatalog } from "./en.ts";
import type { Catalog } from "./types.ts";

/** The site-wide Arabic catalog: it must have every key of the English one (checked by tsc). */
export const ar: Catalog<EnglishCatalog> = { ...arFrame, ...arMessages };
