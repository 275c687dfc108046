import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The one schema for PGlite and PostgreSQL (DESIGN D5). `npm run db:generate` turns changes here
 * into a new SQL migration under migrations/; the server applies pending ones at start.
 */
export const products = pgTable("products", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  nameAr: text("name_ar").notNull(),
  /** Money is integer halalas (DESIGN D8). */
  priceHalalas: integer("price_halalas").notNull(),
  currency: text("currency").notNull().default("SAR"),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
