import { createHash } from "node:crypto";
import { studio } from "#content/studio.ts";
import {
  GatewayError,
  type PaymentGateway,
  type PaymentLookup,
  type PaymentRequest,
  type ProviderPayment,
  type ProviderStatus,
  type WebhookNotice,
} from "../../gateway.ts";
import { objectOf, providerClient, sameSecret, stringOf } from "../provider-http.ts";

/**
 * Moyasar (decision 0017): credit card and mada through Moyasar's hosted invoice page
 * (`POST /v1/invoices` answers the page's `url`; card numbers never reach this server), Apple Pay
 * by creating a payment with the sheet's token, webhooks checked by the `secret_token` in their
 * body. Payments are Moyasar's default purchase (authorised and captured at once; decision 0042:
 * mada holds an authorisation for 14 days at most, and a hand-finished piece may ship later), so a
 * shipment captures nothing, a cancellation before shipping is a refund, and `void`/`capture` act
 * only on a payment Moyasar reports `authorized`. Amounts are integer halalas, as Moyasar takes
 * them (minimum 100).
 *
 * A lost answer (issue 35, decision 0043): Apple Pay's payment is created with `given_id`, which
 * Moyasar makes the payment's id, so it is found at `GET /v1/payments/{given_id}`; a card's
 * invoice carries `metadata.order_id`, and Moyasar lists invoices (and payments) filtered by
 * metadata (docs.moyasar.com/api/metadata).
 */
export type MoyasarConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiUrl: string;
};

export type MoyasarOptions = {
  /** Per call (default 15 s). */
  timeoutMs?: number;
  /**
   * How long the hosted invoice stays payable: the order's own expiry (CHECKOUT_EXPIRY_HOURS,
   * provider.ts), so that no invoice outlives the order it pays. Default 24 h, that setting's default.
   */
  invoiceLifetimeMs?: number;
  now?: () => Date;
};

/** Halalas as Moyasar takes them: a whole number of the smallest unit, at least 100 (1 SAR). */
export function toMoyasarAmount(halalas: number): number {
  if (!Number.isSafeInteger(halalas) || halalas < 100) {
    throw new GatewayError("moyasar", `amount ${halalas} is not a whole number of halalas of at least 100`);
  }
  return halalas;
}

const paymentStatuses: Record<string, ProviderStatus> = {
  initiated: "requires_action",
  authorized: "authorized",
  paid: "paid",
  captured: "paid",
  failed: "failed",
  refunded: "refunded",
  voided: "cancelled",
};

const invoiceStatuses: Record<string, ProviderStatus> = {
  initiated: "requires_action",
  on_hold: "requires_action",
  paid: "paid",
  failed: "failed",
  refunded: "refunded",
  canceled: "cancelled",
  voided: "cancelled",
  expired: "expired",
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Moyasar's `given_id` must be a UUID: ours is used as is, or hashed into one. */
export function givenId(idempotencyKey: string): string {
  if (uuidPattern.test(idempotencyKey)) return idempotencyKey.toLowerCase();
  const hex = createHash("sha256").update(`moyasar:${idempotencyKey}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function numberOf(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function metadataOf(record: Record<string, unknown>, key: "order_reference" | "order_id"): string | undefined {
  const metadata = record.metadata;
  return metadata && typeof metadata === "object" ? stringOf((metadata as Record<string, unknown>)[key]) : undefined;
}

/** Our order's reference and id as the metadata we sent echoes them. */
function echoed(record: Record<string, unknown>): Pick<ProviderPayment, "orderReference" | "orderId"> {
  const orderReference = metadataOf(record, "order_reference");
  const orderId = metadataOf(record, "order_id");
  return { ...(orderReference ? { orderReference } : {}), ...(orderId ? { orderId } : {}) };
}

/** A Moyasar payment object as our ProviderPayment. */
export function fromMoyasarPayment(value: unknown): ProviderPayment {
  const payment = objectOf("moyasar", value, "payment");
  const id = stringOf(payment.id);
  const rawStatus = stringOf(payment.status) ?? "";
  const status = paymentStatuses[rawStatus];
  if (!id || !status) throw new GatewayError("moyasar", `payment with unknown id or status "${rawStatus}"`);
  const source = (payment.source && typeof payment.source === "object" ? payment.source : {}) as Record<
    string,
    unknown
  >;
  const refunded = numberOf(payment.refunded);
  const captured = numberOf(payment.captured);
  const redirectUrl = status === "requires_action" ? stringOf(source.transaction_url) : undefined;
  const failureReason = status === "failed" ? (stringOf(source.message) ?? "declined") : undefined;
  return {
    providerPaymentId: id,
    status,
    amountHalalas: numberOf(payment.amount),
    currency: stringOf(payment.currency) ?? "SAR",
    ...echoed(payment),
    ...(redirectUrl ? { redirectUrl } : {}),
    ...(failureReason ? { failureReason } : {}),
    ...(refunded > 0 ? { refundedHalalas: refunded } : {}),
    capturedHalalas: captured,
  };
}

/**
 * A Moyasar invoice as our ProviderPayment. An invoice stays payable after a declined attempt (the
 * buyer may try another card on the same page), so it is `requires_action` until Moyasar says
 * otherwise; the last decline's words ride along in `failureReason`.
 */
export function fromMoyasarInvoice(value: unknown): ProviderPayment {
  const invoice = objectOf("moyasar", value, "invoice");
  const id = stringOf(invoice.id);
  const rawStatus = stringOf(invoice.status) ?? "";
  const status = invoiceStatuses[rawStatus];
  if (!id || !status) throw new GatewayError("moyasar", `invoice with unknown id or status "${rawStatus}"`);
  const payments = Array.isArray(invoice.payments)
    ? invoice.payments.map((payment) => objectOf("moyasar", payment, "invoice payment"))
    : [];
  const lastFailed = payments.filter((payment) => payment.status === "failed").at(-1);
  const lastFailedSource = lastFailed?.source as Record<string, unknown> | undefined;
  const failureReason =
    status === "failed" || (status === "requires_action" && lastFailed)
      ? (stringOf(lastFailedSource?.message) ?? "declined")
      : undefined;
  const refunded = payments.reduce((sum, payment) => sum + numberOf(payment.refunded), 0);
  const captured = payments.reduce((sum, payment) => sum + numberOf(payment.captured), 0);
  const redirectUrl = status === "requires_action" ? stringOf(invoice.url) : undefined;
  return {
    providerPaymentId: id,
    status,
    amountHalalas: numberOf(invoice.amount),
    currency: stringOf(invoice.currency) ?? "SAR",
    ...echoed(invoice),
    ...(redirectUrl ? { redirectUrl } : {}),
    ...(failureReason ? { failureReason } : {}),
    ...(refunded > 0 ? { refundedHalalas: refunded } : {}),
    capturedHalalas: captured,
  };
}

/**
 * Which of several objects for one order tells its story: one that moved money first, then one
 * still open, then one that ended without money; among equals the newest (lists come newest first).
 */
const storyRank: Record<string, number> = {
  paid: 0,
  captured: 0,
  authorized: 0,
  refunded: 0,
  voided: 0,
  initiated: 1,
  on_hold: 1,
  failed: 2,
  canceled: 2,
  expired: 2,
};
function telling(records: Record<string, unknown>[]): Record<string, unknown> | undefined {
  return records
    .map((record, index) => ({ record, index }))
    .sort(
      (a, b) =>
        (storyRank[String(a.record.status)] ?? 3) - (storyRank[String(b.record.status)] ?? 3) || a.index - b.index,
    )
    .at(0)?.record;
}

/** Pages read at most when listing one order's payments or invoices (40 each). */
const MAX_LIST_PAGES = 5;

function description(request: Pick<PaymentRequest, "reference" | "item" | "lang">): string {
  return request.lang === "ar"
    ? `طلب ${request.reference} من ${studio.name.ar}: ${request.item.name} × ${request.item.quantity}`
    : `${studio.name.en} order ${request.reference}: ${request.item.name} × ${request.item.quantity}`;
}

export function createMoyasarGateway(config: MoyasarConfig, options: MoyasarOptions = {}): PaymentGateway {
  const call = providerClient({
    gateway: "moyasar",
    baseUrl: config.apiUrl,
    // HTTP Basic with the key as the user name and an empty password.
    authorization: `Basic ${Buffer.from(`${config.secretKey}:`).toString("base64")}`,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  const now = options.now ?? (() => new Date());
  const lifetimeMs = options.invoiceLifetimeMs ?? 24 * 3600 * 1000;
  const id = encodeURIComponent;

  async function fetchPayment(providerPaymentId: string): Promise<ProviderPayment> {
    // Cards pay through an invoice (its id is the order's payment reference); Apple Pay is a
    // payment of its own. Both are UUIDs, so ask for the invoice first.
    try {
      const { body } = await call({ method: "GET", path: `/v1/invoices/${id(providerPaymentId)}` });
      return fromMoyasarInvoice(body);
    } catch (error) {
      if (!(error instanceof GatewayError && error.status === 404)) throw error;
    }
    const { body } = await call({ method: "GET", path: `/v1/payments/${id(providerPaymentId)}` });
    return fromMoyasarPayment(body);
  }

  /** A payment by its id (for Apple Pay, the given_id), or null when Moyasar has none. */
  async function paymentById(paymentId: string): Promise<ProviderPayment | null> {
    try {
      const { body } = await call({ method: "GET", path: `/v1/payments/${id(paymentId)}` });
      return fromMoyasarPayment(body);
    } catch (error) {
      if (error instanceof GatewayError && error.status === 404) return null;
      throw error;
    }
  }

  /** The invoices or payments whose metadata names our order, newest first. */
  async function listedFor(kind: "invoices" | "payments", orderId: string): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    for (let page = 1; page <= MAX_LIST_PAGES; page += 1) {
      const query = new URLSearchParams({ "metadata[order_id]": orderId, page: String(page) });
      const { body } = await call({ method: "GET", path: `/v1/${kind}?${query}` });
      const list = objectOf("moyasar", body, `${kind} list`);
      const records = Array.isArray(list[kind]) ? (list[kind] as unknown[]) : [];
      for (const record of records) {
        const object = objectOf("moyasar", record, kind);
        // The filter is Moyasar's; the check is ours, so that another order's object is never taken.
        if (metadataOf(object, "order_id") === orderId) found.push(object);
      }
      const meta = (list.meta ?? {}) as Record<string, unknown>;
      if (typeof meta.next_page !== "number" || records.length === 0) break;
    }
    return found;
  }

  async function findPayment(lookup: PaymentLookup): Promise<ProviderPayment | null> {
    if (lookup.method === "apple-pay") {
      // The given_id is the payment's id; the list by metadata is the documented second way.
      const byId = await paymentById(givenId(lookup.idempotencyKey));
      if (byId) return byId;
      const payments = (await listedFor("payments", lookup.orderId)).filter((payment) => !stringOf(payment.invoice_id));
      const payment = telling(payments);
      return payment ? fromMoyasarPayment(payment) : null;
    }
    if (lookup.method === "credit-card") {
      // An invoice whose creation answer was lost was never shown to anyone (its URL travels only
      // in that answer), yet it exists and is payable until it expires: it is found and reported,
      // and the caller decides (cancel it, or keep the order it belongs to).
      const invoice = telling(await listedFor("invoices", lookup.orderId));
      const invoiceId = invoice ? stringOf(invoice.id) : undefined;
      // A listed invoice may come without its payments: read it whole.
      return invoiceId ? fetchPayment(invoiceId) : null;
    }
    return null;
  }

  /** The payment behind an id: an Apple Pay payment itself, or the invoice's paying payment. */
  async function paymentIdOf(providerPaymentId: string): Promise<{ paymentId: string; invoice: boolean }> {
    try {
      const { body } = await call({ method: "GET", path: `/v1/invoices/${id(providerPaymentId)}` });
      const invoice = objectOf("moyasar", body, "invoice");
      const paymentId =
        stringOf(invoice.payment_id) ??
        (Array.isArray(invoice.payments)
          ? stringOf(
              (invoice.payments as Record<string, unknown>[]).find((p) =>
                ["paid", "captured", "authorized", "refunded", "voided"].includes(String(p.status)),
              )?.id,
            )
          : undefined);
      if (!paymentId) throw new GatewayError("moyasar", `invoice ${providerPaymentId} has no payment`, 409);
      return { paymentId, invoice: true };
    } catch (error) {
      if (!(error instanceof GatewayError && error.status === 404)) throw error;
    }
    return { paymentId: providerPaymentId, invoice: false };
  }

  return {
    id: "moyasar",

    async createPayment(request) {
      const amount = toMoyasarAmount(request.amountHalalas);
      const metadata = { order_reference: request.reference, order_id: request.orderId };
      if (request.method === "credit-card") {
        const { body } = await call({
          method: "POST",
          path: "/v1/invoices",
          body: {
            amount,
            currency: request.currency,
            description: description(request),
            // Moyasar's page sends the buyer to success_url once paid and to back_url on "back".
            // Paid and failed payments reach us through the dashboard webhook, which carries the
            // secret token (an invoice's callback_url would not).
            success_url: request.returnUrls.success,
            back_url: request.returnUrls.cancel,
            expired_at: new Date(now().getTime() + lifetimeMs).toISOString(),
            metadata,
          },
        });
        return fromMoyasarInvoice(body);
      }
      if (request.method === "apple-pay") {
        if (request.applePayToken === undefined || request.applePayToken === null) {
          throw new GatewayError("moyasar", "Apple Pay payment without a token");
        }
        // A declined token is still HTTP 201 with status "failed" and the reason in source.message.
        const paymentId = givenId(request.idempotencyKey);
        try {
          const { body } = await call({
            method: "POST",
            path: "/v1/payments",
            body: {
              given_id: paymentId,
              amount,
              currency: request.currency,
              description: description(request),
              callback_url: request.returnUrls.success,
              metadata,
              source: { type: "applepay", token: request.applePayToken },
            },
          });
          return fromMoyasarPayment(body);
        } catch (error) {
          // A retry after a lost answer: Moyasar refuses a used given_id (400 `used_given_id`)
          // instead of answering the payment again, and that payment has the given_id as its id.
          if (!(error instanceof GatewayError && error.status === 400)) throw error;
          const existing = await paymentById(paymentId);
          if (!existing) throw error;
          return existing;
        }
      }
      throw new GatewayError("moyasar", `Moyasar does not take ${request.method}`);
    },

    fetchPayment,

    findPayment,

    async completePayment(payment, request) {
      if (payment.status !== "authorized") return payment;
      const { body } = await call({
        method: "POST",
        path: `/v1/payments/${id(payment.providerPaymentId)}/capture`,
        body: { amount: toMoyasarAmount(request.amountHalalas) },
      });
      return fromMoyasarPayment(body);
    },

    async cancelPayment(providerPaymentId) {
      const current = await fetchPayment(providerPaymentId);
      if (current.status === "requires_action") {
        // An unpaid invoice is cancelled (PUT, as Moyasar's own SDK does); an unfinished
        // payment (3-D Secure never completed) simply lapses at Moyasar.
        try {
          const { body } = await call({ method: "PUT", path: `/v1/invoices/${id(providerPaymentId)}/cancel` });
          return fromMoyasarInvoice(body);
        } catch (error) {
          if (error instanceof GatewayError && error.status === 404) return current;
          throw error;
        }
      }
      if (current.status === "authorized") {
        const { body } = await call({ method: "POST", path: `/v1/payments/${id(providerPaymentId)}/void` });
        return fromMoyasarPayment(body);
      }
      return current;
    },

    async capturePayment(providerPaymentId, request) {
      const { paymentId, invoice } = await paymentIdOf(providerPaymentId);
      const { body } = await call({ method: "GET", path: `/v1/payments/${id(paymentId)}` });
      let payment = fromMoyasarPayment(body);
      // A purchase is captured already; only an authorisation (`manual`) is captured here.
      if (payment.status === "authorized") {
        const captured = await call({
          method: "POST",
          path: `/v1/payments/${id(paymentId)}/capture`,
          body: { amount: toMoyasarAmount(request.amountHalalas) },
        });
        payment = fromMoyasarPayment(captured.body);
      }
      return invoice ? fetchPayment(providerPaymentId) : payment;
    },

    async voidPayment(providerPaymentId) {
      // Only an authorisation can be voided; Moyasar refuses a captured payment (it is refunded).
      const { paymentId, invoice } = await paymentIdOf(providerPaymentId);
      const { body } = await call({ method: "POST", path: `/v1/payments/${id(paymentId)}/void` });
      const voided = fromMoyasarPayment(body);
      return invoice ? { ...voided, providerPaymentId } : voided;
    },

    // Moyasar documents no idempotency key for refunds: the caller re-reads `refunded`.
    async refundPayment(providerPaymentId, amountHalalas) {
      const { paymentId, invoice } = await paymentIdOf(providerPaymentId);
      const { body } = await call({
        method: "POST",
        path: `/v1/payments/${id(paymentId)}/refund`,
        body: { amount: toMoyasarAmount(amountHalalas) },
      });
      const refunded = fromMoyasarPayment(body);
      // The order knows the invoice, not the payment behind it.
      return invoice ? { ...refunded, providerPaymentId } : refunded;
    },

    async createApplePaySession(input) {
      // Moyasar's "Request Apple Pay Session". Its page shows a GET with a JSON body, which
      // fetch cannot send; the endpoint answers POST, as Moyasar's payment form itself calls it.
      const { body } = await call({
        method: "POST",
        path: "/v1/applepay/initiate",
        body: {
          validation_url: input.validationUrl,
          display_name: input.displayName,
          domain_name: input.domainName,
          publishable_api_key: config.publishableKey,
        },
      });
      return objectOf("moyasar", body, "Apple Pay session");
    },

    async verifyWebhook(request): Promise<WebhookNotice | null> {
      if (!request.body || typeof request.body !== "object") return null;
      const event = request.body as Record<string, unknown>;
      if (!sameSecret(event.secret_token, config.webhookSecret)) return null;
      const data = event.data && typeof event.data === "object" ? (event.data as Record<string, unknown>) : undefined;
      const paymentId = stringOf(data?.id);
      const type = stringOf(event.type);
      if (!paymentId || !type) return null;
      const afterPayment = type === "payment_refunded" || type === "payment_captured" || type === "payment_voided";
      return {
        // Moyasar numbers each event; without an id, the payment and event type name it.
        eventKey: stringOf(event.id) ?? `${paymentId}:${type}`,
        // A card payment belongs to the invoice the order holds.
        providerPaymentId: stringOf(data?.invoice_id) ?? paymentId,
        type,
        ...(afterPayment ? { afterPayment } : {}),
      };
    },
  };
}
