import type { CheckoutPaymentMethod } from "#shared/schemas/checkout.ts";

/**
 * A payment attempt this tab started, kept in sessionStorage across the provider's hosted page
 * so that the return (/checkout?order=REF&intent=ID) knows the method to confirm with and can
 * link to the order. Losing it costs nothing but the link: the server's confirm is the truth.
 */
export type Attempt = {
  paymentIntentId: string;
  orderReference: string;
  accessToken: string;
  method: CheckoutPaymentMethod;
  email: string;
};

const key = (intentId: string) => `checkout-attempt:${intentId}`;

export function saveAttempt(attempt: Attempt): void {
  try {
    sessionStorage.setItem(key(attempt.paymentIntentId), JSON.stringify(attempt));
  } catch {
    // Storage full or refused (private mode): the return still confirms, without the link.
  }
}

export function readAttempt(intentId: string): Attempt | null {
  try {
    const raw = sessionStorage.getItem(key(intentId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Attempt>;
    return typeof value.orderReference === "string" && typeof value.method === "string" ? (value as Attempt) : null;
  } catch {
    return null;
  }
}
