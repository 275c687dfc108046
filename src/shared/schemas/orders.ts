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
  "failed",
  "cancelled",
  "expired",
  "refunded",
] as const;
export type OrderStatusValue = (typeof orderStatusValues)[number];

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
  /** The order's credit notes (one per refund, full or partial), oldest first (issue 35). */
  creditNotes: CreditNoteLink[];
  /** The order's state history, oldest first. */
  events: { status: OrderStatusValue; at: string }[];
};

/** The admin's view: the order with its ids, gateway and the full history (who moved it, and why). */
export type AdminOrderView = Omit<OrderView, "events"> & {
  id: string;
  userId: string | null;
  gateway: string | null;
  paymentReference: string | null;
  lang: "en" | "ar";
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

/** POST /api/admin/orders/:id/refund. */
export const adminRefundSchema = z
  .strictObject({ reason: z.string().trim().max(500, "errors.invalidValue").optional() })
  .nullish();

/** GET /api/orders/:reference?access=. */
export const orderReferenceParamsSchema = z.strictObject({ reference: z.string().min(1).max(40) });
export const orderAccessQuerySchema = z.object({ access: z.string().max(100).optional() });
