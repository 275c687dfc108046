import type { DeliveryAddress } from "#server/db/schema/orders.ts";
import type { PaymentMethodId, PaymentProviderId } from "#shared/payment-methods.ts";

/**
 * The one gateway interface (DESIGN D9, issue 12). Orders, confirm, returns, webhooks, refunds and
 * the expiry job speak only this; each provider's request shapes, amount format and statuses stay
 * inside its adapter (`providers/<id>/adapter.ts`). Money crosses this boundary as integer halalas.
 */

/** Spec §9 payment method identifiers, as src/shared/payment-methods.ts declares them. */
export type PaymentMethod = PaymentMethodId;

/** The providers of the declared methods, and the sandbox, which stands in for all of them. */
export type GatewayId = PaymentProviderId | "sandbox";

/**
 * A provider's payment state, mapped by the adapter from the provider's own statuses:
 * - `requires_action`: the buyer must finish on the provider's page (hosted form, 3-D Secure,
 *   Tamara/Tabby checkout); `redirectUrl` says where.
 * - `authorized`: approved but not yet captured/authorised by us (Tamara `approved`, Tabby
 *   `AUTHORIZED`, Moyasar `authorized`): the order service completes it with `completePayment`.
 * - `paid`: money taken (Moyasar `paid`/`captured`, Tamara `authorised`/`fully_captured`, Tabby
 *   `CLOSED` after a full capture).
 * - `failed`: declined or rejected; `failureReason` carries the provider's words.
 * - `cancelled`, `expired`, `refunded`: as named.
 */
export type ProviderStatus =
  "requires_action" | "authorized" | "paid" | "failed" | "cancelled" | "expired" | "refunded";

export type ProviderPayment = {
  /** The provider's id (Moyasar payment or invoice id, Tamara order_id, Tabby payment id). */
  providerPaymentId: string;
  status: ProviderStatus;
  amountHalalas: number;
  currency: string;
  /** Our order reference as the provider echoes it (metadata / order_reference_id / reference_id). */
  orderReference?: string;
  /** Where the buyer goes next, for `requires_action`. */
  redirectUrl?: string;
  /** The provider's reason for a decline or rejection, as given (for the history and the admin). */
  failureReason?: string;
  /** Refunded so far, in halalas. */
  refundedHalalas?: number;
};

/** What an adapter needs to open a payment for an order. */
export type PaymentRequest = {
  method: PaymentMethod;
  orderId: string;
  reference: string;
  amountHalalas: number;
  vatHalalas: number;
  currency: "SAR";
  item: {
    productId: string;
    name: string;
    quantity: number;
    unitAmountHalalas: number;
    imageUrl: string;
    productUrl: string;
  };
  buyer: { name: string; email: string; /** E.164, +9665XXXXXXXX */ phone: string };
  address: DeliveryAddress;
  lang: "en" | "ar";
  /** Absolute URLs the provider sends the buyer back to (our /checkout, with the order reference). */
  returnUrls: { success: string; failure: string; cancel: string };
  /** Absolute URL of our webhook endpoint for this gateway. */
  notificationUrl: string;
  /** Sent to the provider where it takes one (Moyasar `given_id`), so a retry creates nothing twice. */
  idempotencyKey: string;
  /** The Apple Pay payment token from `onpaymentauthorized` (apple-pay only). */
  applePayToken?: unknown;
};

/** A webhook that passed the provider's documented authenticity check. */
export type WebhookNotice = {
  /** Unique per distinct notification: the provider's event id, or payment id + event type. */
  eventKey: string;
  providerPaymentId: string;
  /** The provider's event name or status, kept in the order history. */
  type: string;
};

export type WebhookRequest = {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
  /** The body exactly as received, for signatures over the raw bytes (the sandbox's HMAC). */
  rawBody?: string;
};

export interface PaymentGateway {
  readonly id: GatewayId;
  /** Opens a payment; for redirect methods the answer is `requires_action` with `redirectUrl`. */
  createPayment(request: PaymentRequest): Promise<ProviderPayment>;
  /** Asks the provider for the payment's true state. Confirm, returns and webhooks all use this. */
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment>;
  /**
   * Finishes an `authorized` payment (Tamara authorise, Tabby capture, Moyasar capture) and answers
   * the resulting state. Idempotent at the provider where the provider allows it.
   */
  completePayment(
    payment: ProviderPayment,
    request: Pick<PaymentRequest, "reference" | "amountHalalas" | "vatHalalas">,
  ): Promise<ProviderPayment>;
  /** Cancels an unfinished payment (the expiry job); a no-op answer where nothing can be cancelled. */
  cancelPayment(providerPaymentId: string): Promise<ProviderPayment>;
  /** Refunds `amountHalalas` of a paid payment. */
  refundPayment(providerPaymentId: string, amountHalalas: number, reason: string): Promise<ProviderPayment>;
  /**
   * Apple Pay on the web: answers the merchant session for the sheet's `onvalidatemerchant`
   * (`completeMerchantValidation`). Moyasar: its "Request Apple Pay Session" endpoint; sandbox: a
   * session object of the same shape. Gateways without Apple Pay throw a GatewayError.
   */
  createApplePaySession(input: { validationUrl: string; domainName: string; displayName: string }): Promise<unknown>;
  /**
   * Checks a webhook by the provider's documented mechanism (Moyasar's `secret_token` in the body,
   * Tamara's HS256 JWT, Tabby's registered header, the sandbox's HMAC) in constant time. Answers
   * null when it is not authentic; the caller then refuses it (401) and changes nothing. A promise,
   * since Web Crypto (which jose verifies Tamara's JWT with) answers asynchronously.
   */
  verifyWebhook(request: WebhookRequest): Promise<WebhookNotice | null>;
}

/** A provider refused or failed in a way the buyer should see as "System Error" (spec §8). */
export class GatewayError extends Error {
  constructor(
    readonly gateway: GatewayId,
    message: string,
    /** The provider's HTTP status, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "GatewayError";
  }
}
