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
 * - `authorized`: approved by the buyer, with a step left to us: `completePayment` takes it
 *   (Tamara `approved` → authorise; Tabby `AUTHORIZED` → capture when TABBY_CAPTURE_AT=confirm;
 *   Moyasar `authorized`). Seen on an order already paid, it means the same as `paid` with
 *   nothing captured: the money is held for us.
 * - `paid`: the payment is the studio's: held for capture (Tamara `authorised`, Tabby `AUTHORIZED`
 *   completed for capture at shipment) or taken (Moyasar `paid`/`captured`, Tamara
 *   `fully_captured`, Tabby `CLOSED` after a capture); `capturedHalalas` says which.
 * - `failed`: declined or rejected; `failureReason` carries the provider's words.
 * - `cancelled` (an authorisation voided, a checkout abandoned), `expired`, `refunded` (in full).
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
  /** Our order id as the provider echoes it, where it keeps one (Moyasar `metadata.order_id`, Tabby `meta.order_id`). */
  orderId?: string;
  /** Where the buyer goes next, for `requires_action`. */
  redirectUrl?: string;
  /** The provider's reason for a decline or rejection, as given (for the history and the admin). */
  failureReason?: string;
  /** Refunded so far, in halalas. */
  refundedHalalas?: number;
  /**
   * Captured so far, in halalas (issue 35): the whole amount once charged, 0 while only
   * authorised. Every adapter sets it when the provider reports it; absent means nothing captured.
   */
  capturedHalalas?: number;
};

/** A capture at shipment (issue 35): the amount, and the shipment as the provider takes it (Tamara's `shipping_info`). */
export type CaptureRequest = {
  reference: string;
  amountHalalas: number;
  vatHalalas: number;
  shipment?: { carrier?: string | undefined; trackingNumber?: string | undefined; shippedAt: Date };
  /** Sent where the provider takes one (Tabby's capture `reference_id`), so a retry captures once. */
  idempotencyKey: string;
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

/** What an order sent with createPayment before the call, for finding the payment when its answer was lost. */
export type PaymentLookup = {
  method: PaymentMethod;
  orderId: string;
  reference: string;
  /** The PaymentRequest's idempotencyKey (the order id). */
  idempotencyKey: string;
  /** When the order was created: a provider without a lookup by key is searched from there. */
  createdAt: Date;
};

/** A webhook that passed the provider's documented authenticity check. */
export type WebhookNotice = {
  /** Unique per distinct notification: the provider's event id, or payment id + event type. */
  eventKey: string;
  providerPaymentId: string;
  /** The provider's event name or status, kept in the order history. */
  type: string;
  /**
   * Set when the event reports a change after payment (issue 35): a capture, a release or a
   * refund, possibly made in the provider's dashboard. An order already paid is then re-read
   * from the provider; other events about a paid order are recorded and left.
   */
  afterPayment?: boolean;
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
  /**
   * Finds the payment opened for an order when createPayment's answer never arrived (a timeout, a
   * 5xx, a crash between the call and our write), by what was sent with it before the call:
   * Moyasar's `given_id`, Tamara's `order_reference_id`, Tabby's `reference_id`. null: the provider
   * holds none for the order, so nothing was charged. (Issue 35: no money without an order.)
   */
  findPayment(request: PaymentLookup): Promise<ProviderPayment | null>;
  /** Cancels an unfinished payment (the expiry job); a no-op answer where nothing can be cancelled. */
  cancelPayment(providerPaymentId: string): Promise<ProviderPayment>;
  /**
   * Captures a payment held for us (issue 35: at shipment): Tamara `POST /payments/capture`, Tabby
   * `captures`, Moyasar `capture`. A payment already captured is answered as it is, without a call.
   */
  capturePayment(providerPaymentId: string, request: CaptureRequest): Promise<ProviderPayment>;
  /**
   * Releases a paid but uncaptured payment (an order cancelled before it ships): Tamara
   * `POST /orders/{id}/cancel`, Tabby `close`, Moyasar `void`. A captured payment is refused
   * (GatewayError with a 4xx status): its money comes back by refund.
   */
  voidPayment(
    providerPaymentId: string,
    request: { amountHalalas: number; idempotencyKey: string },
  ): Promise<ProviderPayment>;
  /**
   * Refunds `amountHalalas` (all or part) of what was captured; the provider refuses a payment not
   * yet captured (Tamara refunds captured orders only). `idempotencyKey` goes where the provider
   * takes one (Tabby's refund `reference_id`); elsewhere the caller re-reads the refunded total.
   */
  refundPayment(
    providerPaymentId: string,
    amountHalalas: number,
    reason: string,
    idempotencyKey: string,
  ): Promise<ProviderPayment>;
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

  /**
   * No answer (a timeout, a refused or reset connection) or the provider's own failure (5xx): the
   * request may have been carried out at the provider, so nothing may be concluded from it.
   */
  get outcomeUnknown(): boolean {
    return this.status === undefined || this.status >= 500;
  }
}
