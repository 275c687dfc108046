import type { PublicConfig } from "#shared/site-config.ts";

declare const __PUBLIC_CONFIG__: PublicConfig;

/** Studio details fixed at build time from the validated environment (see vite.config.ts). */
export const siteConfig: PublicConfig = __PUBLIC_CONFIG__;
