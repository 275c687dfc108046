import type { OrderStatusValue } from "#shared/schemas/orders.ts";

export type { OrderView } from "#shared/schemas/orders.ts";

/** The colour of a status's badge: done, waiting, or over without payment. */
export const orderStatusTone: Record<OrderStatusValue, "green" | "amber" | "red" | "neutral"> = {
  pending: "amber",
  awaiting_payment: "amber",
  paid: "green",
  shipped: "green",
  delivered: "green",
  refund_pending: "amber",
  failed: "red",
  cancelled: "neutral",
  expired: "neutral",
  refunded: "neutral",
};

/**
 * The page that shows one order: to whoever holds its access token (in the fragment, so it never
 * reaches a server log), or, without one, to its signed-in owner.
 */
export function orderLink(localizedOrdersPath: string, reference: string, accessToken?: string): string {
  return `${localizedOrdersPath}#${fragment(reference, accessToken)}`;
}

/** The printable invoice of an order (built by the invoices page, decision 0017). */
export function invoiceLink(localizedOrdersPath: string, reference: string, accessToken?: string): string {
  return `${localizedOrdersPath}/invoice#${fragment(reference, accessToken)}`;
}

/** The printable credit note of one refund of an order (issue 35): `#ref=…&number=…&access=…`. */
export function creditNoteLink(
  localizedOrdersPath: string,
  reference: string,
  number: string,
  accessToken?: string,
): string {
  const params = new URLSearchParams({ ref: reference, number, ...(accessToken ? { access: accessToken } : {}) });
  return `${localizedOrdersPath}/credit-note#${params.toString()}`;
}

function fragment(reference: string, accessToken?: string): string {
  return new URLSearchParams(accessToken ? { ref: reference, access: accessToken } : { ref: reference }).toString();
}

/** `#ref=…&access=…` (or `#ref=…` for the owner) as the e-mailed and checkout links carry them. */
export function readOrderFragment(hash: string): { reference: string; accessToken?: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const reference = params.get("ref");
  const accessToken = params.get("access");
  if (!reference) return null;
  return accessToken ? { reference, accessToken } : { reference };
}
