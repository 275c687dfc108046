import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";

/**
 * Accounts (spec §3 User, Admin user view; DESIGN D6, D7). The e-mail is stored as typed but is
 * unique regardless of case: sign-in looks it up by `lower(email)`.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    country: text("country").notNull(),
    /** argon2id PHC string (`$argon2id$v=19$m=…,t=…,p=1$…`). */
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** Set when the verification link is followed; the admin's verified badge reads it. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Set by an admin: a disabled account cannot sign in and has no sessions. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The language the person signed up in: their e-mails are written in it. */
    lang: text("lang").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${table.email})`),
    index("users_created_at_idx").on(table.createdAt),
    check("users_lang_check", sql`${table.lang} in ('en', 'ar')`),
  ],
);

/**
 * Signed-in sessions (DESIGN D6). The id is the SHA-256 (hex) of the opaque token the client
 * holds; the token itself is never stored. A session ends at `idleExpiresAt` (pushed forward as it
 * is used) or at `expiresAt` (fixed at sign-in), whichever comes first, or when deleted.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp("idle_expires_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

/**
 * Single-use links sent by e-mail: verify an address, reset a password. Like sessions, only the
 * SHA-256 (hex) of the token is kept. `usedAt` makes a link single-use.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    /** For an e-mail verification: the address it verifies (the account's may change later). */
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    check("account_tokens_purpose_check", sql`${table.purpose} in ('verify_email', 'reset_password')`),
    index("account_tokens_user_id_idx").on(table.userId, table.purpose),
  ],
);

/** A signed-in customer's wishlist (DESIGN §3): the browser's list is merged into it at sign-in. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);
