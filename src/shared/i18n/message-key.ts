import type { EnglishCatalog } from "./en.ts";
import type { KeyPaths } from "./types.ts";

/**
 * Every message of the site-wide catalog as a dotted key ("contact.name.required"), derived once
 * from the English catalog. Zod schemas, server errors and client forms all speak in these keys;
 * the request's or the page's language picks the words.
 */
export type MessageKey = KeyPaths<EnglishCatalog>;
