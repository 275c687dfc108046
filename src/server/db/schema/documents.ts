import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { documentSeries, invoices, orders, type DocumentSeries } from "./orders.ts";

/** PDF bytes: node-postgres reads bytea as a Buffer, PGlite as a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Simplified credit notes (issue 35): one per refund, full or partial, of a paid order, referencing
 * its invoice. Numbered in their own gap-free series (CN-000001; TEST-CN-000001 for the sandbox's
 * orders) and hash-chained like the invoices; what is printed is frozen here (seller, amount and
 * its VAT, reason, instant, QR payload). `refundKey` names the refund: one credit note per refund.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    series: text("series").$type<DocumentSeries>().notNull(),
    serial: bigint("serial", { mode: "number" }).notNull(),
    number: text("number").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "restrict" }),
    refundKey: text("refund_key").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    sellerName: text("seller_name").notNull(),
    sellerNameAr: text("seller_name_ar").notNull(),
    sellerVatNumber: text("seller_vat_number").notNull(),
    sellerAddress: text("seller_address"),
    sellerAddressAr: text("seller_address_ar"),
    /** The refunded amount, VAT included, and the VAT it contains. */
    amountHalalas: integer("amount_halalas").notNull(),
    vatHalalas: integer("vat_halalas").notNull(),
    reason: text("reason").notNull(),
    qrPayload: text("qr_payload").notNull(),
    previousHash: text("previous_hash"),
    hash: text("hash").notNull(),
  },
  (table) => [
    uniqueIndex("credit_notes_number_idx").on(table.number),
    uniqueIndex("credit_notes_series_serial_idx").on(table.series, table.serial),
    uniqueIndex("credit_notes_refund_key_idx").on(table.refundKey),
    index("credit_notes_order_id_idx").on(table.orderId),
    check(
      "credit_notes_series_check",
      sql`${table.series} in (${sql.raw(documentSeries.map((s) => `'${s}'`).join(", "))})`,
    ),
    check("credit_notes_amounts_check", sql`${table.amountHalalas} > 0 and ${table.vatHalalas} >= 0`),
  ],
);

/**
 * Each issued document's PDF, drawn once per language (issue 35): an invoice or a credit note never
 * changes once issued, so its bytes are kept here and sent again. `document` is `invoice:<number>`
 * or `credit-note:<number>`; `layout` is the drawing's version, so a new layout draws afresh.
 */
export const documentPdfs = pgTable(
  "document_pdfs",
  {
    document: text("document").notNull(),
    lang: text("lang").notNull(),
    layout: integer("layout").notNull(),
    pdf: bytea("pdf").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.document, table.lang, table.layout] })],
);
