import { z } from "zod";
import { ADMIN_MAX_PAGE_SIZE, ADMIN_PAGE_SIZE } from "./admin.ts";

/**
 * Payment alerts (issue 35, decision 0044): money at a provider that no order is paid by, as the
 * admin's Inbox lists them, and the admin's answer to one (resolved, with a note).
 */

export const paymentAlertKindValues = ["unmatched", "late", "duplicate", "mismatch", "other_payment"] as const;
export type PaymentAlertKindValue = (typeof paymentAlertKindValues)[number];
export const paymentAlertActionValues = ["kept", "refund_pending", "refunded", "refund_failed"] as const;
export type PaymentAlertActionValue = (typeof paymentAlertActionValues)[number];

export const paymentAlertStates = ["open", "resolved", "all"] as const;
export type PaymentAlertState = (typeof paymentAlertStates)[number];

export const adminPaymentAlertsQuerySchema = z.object({
  state: z.enum(paymentAlertStates).default("open"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
});
export type AdminPaymentAlertsQuery = z.output<typeof adminPaymentAlertsQuerySchema>;

export const adminPaymentAlertParamsSchema = z.strictObject({
  id: z.coerce
    .number({ error: "errors.notFound" })
    .int("errors.notFound")
    .min(1, "errors.notFound")
    .max(Number.MAX_SAFE_INTEGER, "errors.notFound"),
});

/** What the admin writes when closing an alert: what was done about the money. */
export const adminResolvePaymentAlertSchema = z.strictObject({
  note: z
    .string({ error: "admin.alerts.errors.noteRequired" })
    .trim()
    .min(1, "admin.alerts.errors.noteRequired")
    .max(1000, "admin.alerts.errors.noteTooLong"),
});
export type AdminResolvePaymentAlertInput = z.input<typeof adminResolvePaymentAlertSchema>;

export type AdminPaymentAlert = {
  id: number;
  kind: PaymentAlertKindValue;
  gateway: string;
  providerPaymentId: string;
  /** The order the payment names, when one does. */
  order: { id: string; reference: string; status: string } | null;
  amountHalalas: number;
  currency: string;
  providerStatus: string;
  action: PaymentAlertActionValue;
  /** `void` (only authorised) or `refund` (captured); null when kept. */
  refundMethod: "refund" | "void" | null;
  refundHalalas: number;
  /** The provider's words when it refused, or why the answer is still awaited. */
  error: string | null;
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
  resolutionNote: string | null;
  /** Who resolved it (the admin's name), when resolved. */
  resolvedBy: string | null;
};
