/**
 * The one schema for PGlite and PostgreSQL (DESIGN D5), split by area under `schema/`. This file
 * only gathers the areas for Drizzle's typed handle and for drizzle-kit; `npm run db:generate`
 * turns changes into a new SQL migration under migrations/, applied at start.
 */
export * from "./schema/accounts.ts";
export * from "./schema/catalog.ts";
export * from "./schema/documents.ts";
export * from "./schema/jobs.ts";
export * from "./schema/leads.ts";
export * from "./schema/notifications.ts";
export * from "./schema/orders.ts";
