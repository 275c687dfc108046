import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every lead reference ever issued (`MNT-` + 6 digits, DESIGN D10), for both lead tables. A
 * reference is drawn at random and claimed here with `insert … on conflict do nothing` in the
 * lead's own transaction (modules/leads/lead-reference.ts): unique across inquiries and
 * proposals, never reused even if a lead is later deleted, and not a counter that tells a visitor
 * how many leads the studio gets.
 */
export const leadReferences = pgTable("lead_references", {
  reference: text("reference").primaryKey(),
  kind: text("kind").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

const leadStatus = (table: string, column: { getSQL(): unknown }) =>
  check(`${table}_status_check`, sql`${column} in ('new', 'in_progress', 'closed')`);

/** Contact inquiries and service requests (sent as inquiries with the spec's three-line message). */
export const inquiries = pgTable(
  "inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference")
      .notNull()
      .unique()
      .references(() => leadReferences.reference),
    kind: text("kind").notNull().default("contact"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    firmName: text("firm_name"),
    contactNumber: text("contact_number"),
    serviceId: integer("service_id"),
    /** The language the visitor wrote in: their acknowledgement is sent in it. */
    lang: text("lang").notNull(),
    status: text("status").notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("inquiries_kind_check", sql`${table.kind} in ('contact', 'service_request')`),
    leadStatus("inquiries", table.status),
    index("inquiries_created_at_idx").on(table.createdAt),
  ],
);

/** Custom proposal requests from the three-step wizard (spec §2, §3). */
export const proposals = pgTable(
  "proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference")
      .notNull()
      .unique()
      .references(() => leadReferences.reference),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    company: text("company"),
    productInterest: text("product_interest").notNull(),
    projectType: text("project_type").notNull(),
    quantity: text("quantity").notNull(),
    budget: text("budget").notNull(),
    timeline: text("timeline").notNull(),
    customRequirements: text("custom_requirements").notNull(),
    additionalNotes: text("additional_notes"),
    lang: text("lang").notNull(),
    status: text("status").notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [leadStatus("proposals", table.status), index("proposals_created_at_idx").on(table.createdAt)],
);

/** Customer quotes for the site (DESIGN §3: stored, seeded, managed by admins). */
export const testimonials = pgTable("testimonials", {
  id: serial("id").primaryKey(),
  quote: text("quote").notNull(),
  quoteAr: text("quote_ar").notNull(),
  author: text("author").notNull(),
  authorAr: text("author_ar").notNull(),
  role: text("role").notNull(),
  roleAr: text("role_ar").notNull(),
  sort: integer("sort").notNull().default(0),
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
