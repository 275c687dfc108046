import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { paymentMethodIds } from "../../../shared/payment-methods.ts";
import { users } from "./accounts.ts";
import { products } from "./catalog.ts";

/**
 * The states an order passes through (spec §4 Checkout, DESIGN D9, issue 35): created `pending`,
 * waiting on the provider (`awaiting_payment`, e.g. a Tamara/Tabby hosted page or 3-D Secure), then
 * `paid`, `failed`, `cancelled` (by the buyer before paying, or by the studio before shipping),
 * `expired` when never completed. A paid order is `shipped` and `delivered`; a refund holds it in
 * `refund_pending` until the provider has answered, and a full refund ends it `refunded` (a partial
 * one returns it to where it was, with `refundedHalalas` raised). modules/orders/order-transitions.ts
 * holds the allowed moves.
 */
export const orderStatuses = [
  "pending",
  "awaiting_payment",
  "paid",
  "shipped",
  "delivered",
  "refund_pending",
  "failed",
  "cancelled",
  "expired",
  "refunded",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * Spec §9 payment method identifiers, as src/shared/payment-methods.ts declares them (by a
 * relative path: drizzle-kit reads this file without the package's import aliases).
 */
export const paymentMethods = paymentMethodIds;

/** "Abandoned carts" counts checkouts started and not paid within this time (DESIGN §3). */
export const CHECKOUT_EXPIRY_HOURS = 24;

/** A delivery address in Saudi Arabia (issue 12): building number and postal code are optional. */
export type DeliveryAddress = {
  city: string;
  district: string;
  street: string;
  building?: string;
  postalCode?: string;
  country: "SA";
};

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
    /** The delivery address in Saudi Arabia as given at checkout (issue 12). */
    deliveryAddress: jsonb("delivery_address").$type<DeliveryAddress>(),
    /**
     * Our id for the payment attempt, the `paymentIntentId` of spec §7: given to the client by
     * create-intent and sent back by confirm. Unguessable (random), unique.
     */
    paymentIntentId: text("payment_intent_id"),
    /** The gateway that holds the payment (`sandbox`, `moyasar`, `tamara`, `tabby`). */
    gateway: text("gateway"),
    /** create-intent's `Idempotency-Key` header and a hash of the request it came with. */
    idempotencyKey: text("idempotency_key"),
    idempotencyRequestHash: text("idempotency_request_hash"),
    lang: text("lang").notNull().default("en"),
    /**
     * The version the order's access tokens must carry (issue 35): raising it revokes every link
     * handed out so far (modules/orders/order-access.ts).
     */
    accessTokenVersion: integer("access_token_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** What the provider has captured of the payment (issue 35): 0 while only authorised. */
    capturedHalalas: integer("captured_halalas").notNull().default(0),
    /** What has been refunded so far, by the studio or in the provider's dashboard. */
    refundedHalalas: integer("refunded_halalas").notNull().default(0),
    /** The shipment, as the admin entered it when shipping. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /**
     * When the reconciliation job last asked the provider about this order (issue 35): a claim
     * taken under `FOR UPDATE SKIP LOCKED`, so that instances running the job together ask once,
     * and a back-off for an order the provider could not answer about.
     */
    reconciledAt: timestamp("reconciled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("orders_reference_idx").on(table.reference),
    uniqueIndex("orders_payment_intent_id_idx").on(table.paymentIntentId),
    uniqueIndex("orders_idempotency_key_idx").on(table.idempotencyKey),
    uniqueIndex("orders_gateway_payment_reference_idx").on(table.gateway, table.paymentReference),
    check("orders_status_check", sql`${table.status} in (${quoted(orderStatuses)})`),
    check("orders_payment_method_check", sql`${table.paymentMethod} in (${quoted(paymentMethods)})`),
    check("orders_quantity_check", sql`${table.quantity} > 0`),
    check("orders_amounts_check", sql`${table.totalAmountHalalas} >= 0 and ${table.vatHalalas} >= 0`),
    check("orders_lang_check", sql`${table.lang} in ('en', 'ar')`),
    check(
      "orders_money_moved_check",
      sql`${table.capturedHalalas} >= 0 and ${table.refundedHalalas} >= 0 and ${table.refundedHalalas} <= ${table.totalAmountHalalas}`,
    ),
    // The dashboard: counts and sums by status, the newest orders, abandoned checkouts by age.
    index("orders_status_created_at_idx").on(table.status, table.createdAt),
    index("orders_created_at_idx").on(table.createdAt),
    index("orders_user_id_idx").on(table.userId),
    index("orders_product_id_idx").on(table.productId),
  ],
);

/**
 * Every change of an order's state, with who or what moved it (issue 12 "integrity"): the first
 * row is the creation (`fromStatus` null). `actor` is `buyer`, `system` (e.g. the expiry job),
 * `gateway:<id>` (a confirm or return that asked the provider), `webhook:<id>`, or
 * `admin:<user id>`; `detail` holds what the provider said (status, message), never card data.
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    actor: text("actor").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_events_order_id_idx").on(table.orderId, table.id)],
);

export const paymentOperationKinds = ["capture", "void", "refund"] as const;
export type PaymentOperationKind = (typeof paymentOperationKinds)[number];
export const paymentOperationStates = ["requested", "succeeded", "failed"] as const;
export type PaymentOperationState = (typeof paymentOperationStates)[number];

/**
 * Every call that moves money at a provider after the payment (issue 35): a capture, a void (an
 * authorisation released) or a refund. The row is written and committed `requested` before the
 * call and completed (`succeeded`/`failed`, with the provider's answer) after it, so a crash in
 * between leaves a row that the re-read (the admin's sync, the operations job) completes from the
 * provider's own state. `source` `provider` marks a change the studio did not ask for but learned
 * of (a refund made in the provider's dashboard). At most one operation per order is open.
 */
export const paymentOperations = pgTable(
  "payment_operations",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PaymentOperationKind>().notNull(),
    state: text("state").$type<PaymentOperationState>().notNull().default("requested"),
    source: text("source").$type<"studio" | "provider">().notNull().default("studio"),
    amountHalalas: integer("amount_halalas").notNull(),
    reason: text("reason"),
    /** Sent to the provider where it takes one (Tabby's `reference_id`). */
    idempotencyKey: text("idempotency_key").notNull(),
    actor: text("actor").notNull(),
    /** What the call needs to be completed later: the state to return to, the shipment, the provider's totals before. */
    request: jsonb("request").$type<Record<string, unknown>>().notNull(),
    /** The provider's answer (status, captured, refunded) or its refusal. */
    answer: jsonb("answer").$type<Record<string, unknown>>(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("payment_operations_order_id_idx").on(table.orderId, table.id),
    uniqueIndex("payment_operations_idempotency_key_idx").on(table.idempotencyKey),
    uniqueIndex("payment_operations_one_open_idx")
      .on(table.orderId)
      .where(sql`${table.state} = 'requested'`),
    check("payment_operations_kind_check", sql`${table.kind} in (${quoted(paymentOperationKinds)})`),
    check("payment_operations_state_check", sql`${table.state} in (${quoted(paymentOperationStates)})`),
    check("payment_operations_source_check", sql`${table.source} in ('studio', 'provider')`),
    check("payment_operations_amount_check", sql`${table.amountHalalas} >= 0`),
  ],
);

/**
 * Webhook deliveries already processed, so that a duplicate is acknowledged and ignored
 * (exactly-once processing). `eventKey` is the provider's event id where it sends one, otherwise
 * a digest of what makes the notification distinct (payment id + status/event type).
 */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gateway: text("gateway").notNull(),
    eventKey: text("event_key").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("payment_webhook_events_key_idx").on(table.gateway, table.eventKey)],
);

/**
 * The numbering series of an invoice or a credit note (issue 35): `live` for real sales
 * (INV-000001, CN-000001), `test` for orders paid through the sandbox gateway (TEST-000001,
 * TEST-CN-000001), so a test never takes a number of the real sequence.
 */
export const documentSeries = ["live", "test"] as const;
export type DocumentSeries = (typeof documentSeries)[number];

/**
 * Simplified tax invoices (ZATCA phase 1), one per paid order, numbered in sequence. What was
 * printed is frozen here (seller, amounts, timestamp, QR payload) so that a later change of
 * configuration or catalog never rewrites an issued invoice. `previousHash`/`hash` chain the
 * invoices (SHA-256 of the previous hash and this invoice's fields) so phase 2 can be added.
 * Each series is its own chain; the seller's address is null on invoices issued before it was printed.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** `test` for an order paid through the sandbox gateway (TEST-000001). */
    series: text("series").$type<DocumentSeries>().notNull().default("live"),
    /** The serial number within its series, drawn under the chain's lock: INV-000001. */
    serial: bigserial("serial", { mode: "number" }).notNull(),
    number: text("number").notNull(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    sellerName: text("seller_name").notNull(),
    sellerNameAr: text("seller_name_ar").notNull(),
    sellerVatNumber: text("seller_vat_number").notNull(),
    sellerAddress: text("seller_address"),
    sellerAddressAr: text("seller_address_ar"),
    totalHalalas: integer("total_halalas").notNull(),
    vatHalalas: integer("vat_halalas").notNull(),
    /** Base64 of the five TLV fields (seller, VAT number, timestamp, total, VAT). */
    qrPayload: text("qr_payload").notNull(),
    previousHash: text("previous_hash"),
    hash: text("hash").notNull(),
  },
  (table) => [
    uniqueIndex("invoices_order_id_idx").on(table.orderId),
    uniqueIndex("invoices_number_idx").on(table.number),
    uniqueIndex("invoices_series_serial_idx").on(table.series, table.serial),
    check("invoices_series_check", sql`${table.series} in (${quoted(documentSeries)})`),
  ],
);

/**
 * The sandbox gateway's own ledger (DESIGN D9): the payments a local stand-in provider holds, kept
 * apart from orders exactly as a remote provider's records would be, so that confirm, return and
 * webhooks can only learn a payment's state by asking the "provider". Persisted, so a restart
 * (or SIGKILL) loses nothing a real provider would keep.
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    method: text("method").notNull(),
    status: text("status").notNull(),
    amountHalalas: integer("amount_halalas").notNull(),
    currency: text("currency").notNull(),
    orderReference: text("order_reference").notNull(),
    /** What the hosted page needs: return URLs, buyer e-mail/phone for the test behaviours, lang. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull(),
    failureReason: text("failure_reason"),
    refundedHalalas: integer("refunded_halalas").notNull().default(0),
    /** Captured so far: the whole amount when a card is charged; 0 while an instalment plan is only authorised. */
    capturedHalalas: integer("captured_halalas").notNull().default(0),
    idempotencyKey: text("idempotency_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("sandbox_payments_idempotency_key_idx").on(table.idempotencyKey),
    // The webhook delivery pass reads only the payments with webhooks queued (a few), not the
    // whole ledger: its query repeats this predicate. Keyed on the predicate itself: PostgreSQL
    // 15 did not choose a partial index keyed on the id over a scan (20,000 payments, 40 with
    // webhooks queued: 6 ms), and chooses this one (0.2 ms).
    index("sandbox_payments_pending_webhooks_idx")
      .on(sql`((${table.details} -> 'webhooks') <> '[]'::jsonb)`)
      .where(sql`(${table.details} -> 'webhooks') <> '[]'::jsonb`),
  ],
);

/**
 * Secrets the server generates once and every instance shares through the database (e.g. the key
 * that signs order links in e-mails), so no deployment has to configure them and a restart keeps
 * every link sent so far working.
 */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const paymentAlertKinds = ["unmatched", "late", "duplicate", "mismatch", "other_payment"] as const;
export type PaymentAlertKind = (typeof paymentAlertKinds)[number];
export const paymentAlertActions = ["kept", "refund_pending", "refunded", "refund_failed"] as const;
export type PaymentAlertAction = (typeof paymentAlertActions)[number];

/**
 * Money at a provider that no order of ours is paid by (issue 35, decision 0044), one row per
 * provider payment, never dropped: a payment no order knows (`unmatched`, kept for the studio), a
 * payment for an order that expired, failed or was cancelled unpaid (`late`), a second payment for
 * an order paid by another (`duplicate`), an amount or currency other than the order's
 * (`mismatch`), a payment for an open order that holds another one (`other_payment`, kept). The
 * late, duplicate and mismatched ones are given back: the row is written `refund_pending` with its
 * idempotency key before the provider is asked (a void while only authorised, a refund once
 * captured), and completed `refunded` or `refund_failed` from the provider's answer; a lost answer
 * is re-read by the reconciliation job. The admin's Inbox lists them until resolved with a note.
 */
export const paymentAlerts = pgTable(
  "payment_alerts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<PaymentAlertKind>().notNull(),
    gateway: text("gateway").notNull(),
    providerPaymentId: text("provider_payment_id").notNull(),
    /** The order the payment names, when one does. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    /** The payment as the provider reported it when the alert was raised. */
    amountHalalas: integer("amount_halalas").notNull(),
    currency: text("currency").notNull(),
    providerStatus: text("provider_status").notNull(),
    action: text("action").$type<PaymentAlertAction>().notNull(),
    /** How the money goes back: `void` (only authorised) or `refund` (captured); null when kept. */
    refundMethod: text("refund_method").$type<"refund" | "void">(),
    /** What is given back, in halalas. */
    refundHalalas: integer("refund_halalas").notNull().default(0),
    /** Sent with the provider call where the provider takes one (Tabby's `reference_id`). */
    idempotencyKey: text("idempotency_key").notNull(),
    /** The provider's words when it refused, or why the call is waiting. */
    error: text("error"),
    /** How many times the provider was asked to give the money back. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolutionNote: text("resolution_note"),
  },
  (table) => [
    uniqueIndex("payment_alerts_payment_idx").on(table.gateway, table.providerPaymentId),
    uniqueIndex("payment_alerts_idempotency_key_idx").on(table.idempotencyKey),
    // The Inbox: open alerts, newest first; the job: refunds still waiting for an answer.
    index("payment_alerts_open_idx")
      .on(table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
    index("payment_alerts_refund_pending_idx")
      .on(table.updatedAt)
      .where(sql`${table.action} = 'refund_pending'`),
    check("payment_alerts_kind_check", sql`${table.kind} in (${quoted(paymentAlertKinds)})`),
    check("payment_alerts_action_check", sql`${table.action} in (${quoted(paymentAlertActions)})`),
    check(
      "payment_alerts_refund_method_check",
      sql`${table.refundMethod} is null or ${table.refundMethod} in ('refund', 'void')`,
    ),
    check("payment_alerts_amounts_check", sql`${table.amountHalalas} >= 0 and ${table.refundHalalas} >= 0`),
  ],
);
