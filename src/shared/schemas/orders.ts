import { z } from "zod";
import { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE } from "./admin.ts";
import { checkoutPaymentMethods, type CheckoutPaymentMethod } from "./checkout.ts";
import type { CreditNoteLink } from "./invoice.ts";

/**
 * What the orders API answers (decision 0017) and the admin list's query, shared by the routes
 * and the pages (checkout result, /orders, My orders, the admin's Orders tab).
 */

export const orderStatusValues = [
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
export type OrderStatusValue = (typeof orderStatusValues)[number];

/** Why the reconciliation failed an order (issue 35): the provider holds no payment for it; nothing was charged. */
export const NO_PAYMENT_MADE = "no_payment_made";

export type OrderView = {
  reference: string;
  status: OrderStatusValue;
  paymentMethod: CheckoutPaymentMethod | null;
  product: { id: string; name: string; nameAr: string };
  quantity: number;
  unitAmountHalalas: number;
  totalAmountHalalas: number;
  vatHalalas: number;
  currency: string;
  createdAt: string;
  paidAt: string | null;
  buyer: { name: string; email: string; phone: string | null };
  address: {
    city: string;
    district: string;
    street: string;
    building?: string;
    postalCode?: string;
    country: "SA";
  } | null;
  invoice: { number: string } | null;
  /** The shipment, once shipped (issue 35): carrier and tracking number as the studio entered them. */
  shipment: { carrier: string | null; trackingNumber: string | null; shippedAt: string } | null;
  deliveredAt: string | null;
  /** Refunded so far; above 0 and below the total on a partially refunded order. */
  refundedHalalas: number;
  /** The order's credit notes (one per refund, full or partial), oldest first (issue 35). */
  creditNotes: CreditNoteLink[];
  /**
   * Why a failed order failed, when the buyer is told in words of their own (issue 35):
   * `no_payment_made`, the provider holds no payment for it (its answer was lost), nothing charged.
   */
  failure: typeof NO_PAYMENT_MADE | null;
  /** The order's state history, oldest first. */
  events: { status: OrderStatusValue; at: string }[];
};

export const paymentOperationKindValues = ["capture", "void", "refund"] as const;
export type PaymentOperationKindValue = (typeof paymentOperationKindValues)[number];

/**
 * A call that moved (or was to move) money at the provider after payment (issue 35), as the
 * admin's history shows it: requested, then succeeded or failed with the provider's words;
 * `source` `provider` for a change made at the provider (its dashboard) that the shop learned of.
 */
export type AdminPaymentOperation = {
  id: number;
  kind: PaymentOperationKindValue;
  state: "requested" | "succeeded" | "failed";
  source: "studio" | "provider";
  amountHalalas: number;
  reason: string | null;
  actor: string;
  requestedAt: string;
  completedAt: string | null;
  /** The provider's refusal or error, as given (failed operations). */
  error: string | null;
};

/** The admin's view: the order with its ids, gateway and the full history (who moved it, and why). */
export type AdminOrderView = Omit<OrderView, "events"> & {
  id: string;
  userId: string | null;
  gateway: string | null;
  paymentReference: string | null;
  lang: "en" | "ar";
  /** What the provider has captured: 0 while the payment is only authorised. */
  capturedHalalas: number;
  /** Captures, releases and refunds at the provider, oldest first. */
  operations: AdminPaymentOperation[];
  events: {
    fromStatus: OrderStatusValue | null;
    status: OrderStatusValue;
    actor: string;
    detail: Record<string, unknown> | null;
    at: string;
  }[];
};

export type AdminOrderSummary = {
  id: string;
  reference: string;
  status: OrderStatusValue;
  paymentMethod: CheckoutPaymentMethod | null;
  productId: string;
  totalAmountHalalas: number;
  currency: string;
  buyerName: string;
  buyerEmail: string;
  createdAt: string;
  paidAt: string | null;
  /** Taken through the sandbox: no real money (issue 35). */
  test: boolean;
  refundedHalalas: number;
};

const dateBound = z.iso
  .date({ error: "errors.invalidValue" })
  .or(z.iso.datetime({ offset: true, error: "errors.invalidValue" }))
  .optional();

/** GET /api/admin/orders?status=&method=&q=&from=&to=&page=&pageSize= (`from`/`to`: dates, inclusive). */
export const adminOrdersQuerySchema = z.object({
  status: z.enum(orderStatusValues, { error: "errors.invalidValue" }).optional(),
  method: z.enum(checkoutPaymentMethods, { error: "errors.invalidValue" }).optional(),
  q: z.string().trim().max(200).default(""),
  from: dateBound,
  to: dateBound,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

export const adminOrderParamsSchema = z.strictObject({ id: z.uuid({ error: "errors.notFound" }) });

/** A carrier's name or a tracking number as the admin types it: printable, short. */
const shipmentText = z
  .string()
  .trim()
  .max(80, "admin.orders.errors.shipmentTooLong")
  .regex(/^[^\p{Cc}]*$/u, "errors.invalidValue")
  .optional()
  .transform((value) => value || undefined);

/** POST /api/admin/orders/:id/ship (issue 35): carrier and tracking number are optional. */
export const adminShipSchema = z.strictObject({ carrier: shipmentText, trackingNumber: shipmentText }).nullish();

/** POST /api/admin/orders/:id/refund: the whole remainder, or `amountHalalas` of it. */
export const adminRefundSchema = z
  .strictObject({
    amountHalalas: z
      .number({ error: "admin.orders.errors.refundAmount" })
      .int("admin.orders.errors.refundAmount")
      .min(1, "admin.orders.errors.refundAmount")
      .max(100_000_000, "admin.orders.errors.refundAmount")
      .optional(),
    reason: z.string().trim().max(500, "errors.invalidValue").optional(),
  })
  .nullish();

/** The admin's order actions without a body (deliver, cancel, sync): nothing, or an empty object. */
export const adminOrderActionSchema = z.strictObject({}).nullish();

/** GET /api/orders/:reference, a guest's access token in the X-Order-Access header (never the query; issue 35). */
export const orderReferenceParamsSchema = z.strictObject({ reference: z.string().min(1).max(40) });
