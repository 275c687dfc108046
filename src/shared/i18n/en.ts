import { enFrame } from "./en-frame.ts";
import { enMessages } from "./en-messages.ts";

/**
 * The site-wide English catalog: the frame every page loads (en-frame.ts) and the messages of
 * forms, tools and the API (en-messages.ts). MessageKey is derived from the whole.
 */
export const en = { ...enFrame, ...enMessages };

export type EnglishCatalog = typeof en;
