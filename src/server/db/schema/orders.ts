import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { products } from "./catalog.ts";

/**
 * The states an order passes through (spec §4 Checkout, DESIGN D9): created `pending`, waiting on
 * the provider (`awaiting_payment`, e.g. a Tamara/Tabby hosted page or 3-D Secure), then `paid`,
 * `failed`, `cancelled` by the buyer, `expired` when never completed, or `refunded` after payment.
 */
export const orderStatuses = [
  "pending",
  "awaiting_payment",
  "paid",
  "failed",
  "cancelled",
  "expired",
  "refunded",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Spec §9 payment method identifiers. */
export const paymentMethods = ["apple-pay", "credit-card", "tamara", "tabby"] as const;

/** "Abandoned carts" counts checkouts started and not paid within this time (DESIGN §3). */
export const CHECKOUT_EXPIRY_HOURS = 24;

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * Single-product orders (spec §2 Checkout, DESIGN D8/D9): one product and a quantity, amounts in
 * integer halalas computed by the server (VAT-inclusive, the VAT part kept for the invoice), the
 * buyer's contact details as given at checkout (a guest has no account; an account's deletion
 * keeps its orders), and the language the buyer used, for their e-mails and invoice.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the buyer and the studio quote (e.g. on the invoice and in e-mails). */
    reference: text("reference").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    quantity: integer("quantity").notNull().default(1),
    /** The catalog price at the time of the order, VAT included. */
    unitAmountHalalas: integer("unit_amount_halalas").notNull(),
    totalAmountHalalas: integer("total_amount_halalas").notNull(),
    /** The 15% VAT contained in the total (DESIGN §3: prices include VAT). */
    vatHalalas: integer("vat_halalas").notNull(),
    currency: text("currency").notNull().default("SAR"),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    paymentMethod: text("payment_method"),
    /** The provider's id for the payment (Moyasar payment, Tamara order, Tabby payment). */
    paymentReference: text("payment_reference"),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    lang: text("lang").notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("orders_reference_idx").on(table.reference),
    check("orders_status_check", sql`${table.status} in (${quoted(orderStatuses)})`),
    check("orders_payment_method_check", sql`${table.paymentMethod} in (${quoted(paymentMethods)})`),
    check("orders_quantity_check", sql`${table.quantity} > 0`),
    check("orders_amounts_check", sql`${table.totalAmountHalalas} >= 0 and ${table.vatHalalas} >= 0`),
    check("orders_lang_check", sql`${table.lang} in ('en', 'ar')`),
    // The dashboard: counts and sums by status, the newest orders, abandoned checkouts by age.
    index("orders_status_created_at_idx").on(table.status, table.createdAt),
    index("orders_created_at_idx").on(table.createdAt),
    index("orders_user_id_idx").on(table.userId),
    index("orders_product_id_idx").on(table.productId),
  ],
);
