import { z } from "zod";
import { studio } from "#content/studio.ts";

/**
 * Studio details that appear on public pages (footer, contact, WhatsApp links, "Buy Now").
 * They are configuration (DESIGN D13), read from the environment when the site is built, because
 * the pages are prerendered; the server reads the same schema at start.
 */
export const publicConfigSchema = z.object({
  SITE_URL: z.url().default("http://localhost:3000"),
  STUDIO_EMAIL: z.email().default(`info@${studio.domain}`),
  STUDIO_PHONE: z
    .string()
    .regex(/^\+?[0-9 ]{7,20}$/, "must be a phone number such as +966 11 000 0000")
    .default("+966 11 000 0000"),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^[0-9]{8,15}$/, "must be digits only, with the country code, e.g. 966500000000")
    .default("966500000000"),
  INSTAGRAM_URL: z.url().default(`https://www.instagram.com/${studio.domain}`),
  TIKTOK_URL: z.url().default(`https://www.tiktok.com/@${studio.domain}`),
  STORE_URL: z
    .union([z.url(), z.literal("")])
    .default("")
    .describe("external store page for Buy Now; empty means this site's checkout"),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Keys of the environment that belong to the public, build-time configuration. */
export const publicConfigKeys = Object.keys(publicConfigSchema.shape) as (keyof PublicConfig)[];
