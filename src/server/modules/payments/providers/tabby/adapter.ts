import { studio } from "#content/studio.ts";
import {
  GatewayError,
  type PaymentGateway,
  type ProviderPayment,
  type ProviderStatus,
  type WebhookNotice,
} from "../../gateway.ts";
import { headerOf, objectOf, providerClient, sameSecret, stringOf } from "../provider-http.ts";

/**
 * Tabby, pay in 4 (decision 0017): `POST /api/v2/checkout` either rejects the buyer at once
 * (pre-scoring: `status: rejected` with a `rejection_reason`) or answers the hosted `web_url`; an
 * AUTHORIZED payment is the studio's to capture: when the order ships by default, or at once with
 * TABBY_CAPTURE_AT=confirm (issue 35). A full capture closes it; `close` before any capture releases
 * it; refunds take back what was captured. Webhooks carry the header we registered. Amounts are
 * decimal strings with two places ("422.00").
 *
 * A session whose answer was lost (issue 35, decision 0043): Tabby takes no idempotency key for a
 * checkout and has no look-up by reference, but lists the payments it authorised (`GET
 * /api/v2/payments`, AUTHORIZED and CLOSED, newest first, from a creation date), each with our
 * `order.reference_id` and `meta.order_id`. That is every payment that can hold money: a session
 * still CREATED is payable only through the `web_url` its lost answer carried, which no buyer got.
 */
export type TabbyConfig = {
  secretKey: string;
  merchantCode: string;
  webhookHeaderName: string;
  webhookHeaderValue: string;
  apiUrl: string;
};
export type TabbyOptions = {
  timeoutMs?: number;
  now?: () => Date;
  /** When an AUTHORIZED payment is captured: when the order ships (the default) or at confirm. */
  captureAt?: "shipment" | "confirm";
};

/** Halalas as Tabby takes them: 42_200 → "422.00", 35_050 → "350.50". */
export function toTabbyAmount(halalas: number): string {
  if (!Number.isSafeInteger(halalas) || halalas < 0) {
    throw new GatewayError("tabby", `amount ${halalas} is not a whole number of halalas`);
  }
  return `${Math.trunc(halalas / 100)}.${String(halalas % 100).padStart(2, "0")}`;
}

/** Tabby's decimal string back to halalas ("350.50" → 35_050). */
export function fromTabbyAmount(value: unknown): number {
  const riyals = typeof value === "string" || typeof value === "number" ? Number(value) : NaN;
  return Number.isFinite(riyals) ? Math.round(riyals * 100) : 0;
}

function sumOf(list: unknown): number {
  return Array.isArray(list)
    ? list.reduce<number>((sum, entry) => sum + fromTabbyAmount((entry as Record<string, unknown>)?.amount), 0)
    : 0;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Our order id from `meta.order_id`. Sessions opened before issue 35 carried the order reference
 * there (never a UUID); only an order id (a UUID) is taken as one.
 */
function orderIdOf(payment: Record<string, unknown>): string | undefined {
  const meta = payment.meta && typeof payment.meta === "object" ? (payment.meta as Record<string, unknown>) : {};
  const value = stringOf(meta.order_id);
  return value && uuidPattern.test(value) ? value : undefined;
}

/** Payments read at most when looking for one order's (20 a page, Tabby's largest). */
const LIST_PAGE_SIZE = 20;
const MAX_LIST_PAGES = 25;
const DAY_MS = 86_400_000;

/** A Tabby payment (from the API, upper case, or a webhook, lower case) as our ProviderPayment. */
export function fromTabbyPayment(value: unknown): ProviderPayment {
  const payment = objectOf("tabby", value, "payment");
  const id = stringOf(payment.id);
  const raw = (stringOf(payment.status) ?? "").toUpperCase();
  if (!id) throw new GatewayError("tabby", "payment without an id");
  const captured = sumOf(payment.captures);
  const refunded = sumOf(payment.refunds);
  let status: ProviderStatus;
  switch (raw) {
    case "CREATED":
      status = "requires_action";
      break;
    case "AUTHORIZED":
      status = "authorized";
      break;
    case "CLOSED":
      // Closed after a full capture is paid; refunded once the refunds cover the capture;
      // closed with nothing captured was cancelled.
      status = captured === 0 ? "cancelled" : refunded >= captured ? "refunded" : "paid";
      break;
    case "REJECTED":
      status = "failed";
      break;
    case "EXPIRED":
      status = "expired";
      break;
    default:
      throw new GatewayError("tabby", `payment ${id} has unknown status "${raw}"`);
  }
  const order = payment.order as Record<string, unknown> | undefined;
  const reference = stringOf(order?.reference_id);
  const orderId = orderIdOf(payment);
  return {
    providerPaymentId: id,
    status,
    amountHalalas: fromTabbyAmount(payment.amount),
    currency: stringOf(payment.currency) ?? "SAR",
    ...(reference ? { orderReference: reference } : {}),
    ...(orderId ? { orderId } : {}),
    ...(status === "failed" ? { failureReason: "rejected" } : {}),
    ...(refunded > 0 ? { refundedHalalas: refunded } : {}),
    capturedHalalas: captured,
  };
}

export function createTabbyGateway(config: TabbyConfig, options: TabbyOptions = {}): PaymentGateway {
  const call = providerClient({
    gateway: "tabby",
    baseUrl: config.apiUrl,
    authorization: `Bearer ${config.secretKey}`,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  const now = options.now ?? (() => new Date());
  const captureAt = options.captureAt ?? "shipment";
  const id = encodeURIComponent;

  async function fetchPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const { body } = await call({ method: "GET", path: `/api/v2/payments/${id(providerPaymentId)}` });
    return fromTabbyPayment(body);
  }

  /** A capture; `reference_id` is Tabby's capture idempotency key, so a retry takes nothing twice. */
  async function capture(
    providerPaymentId: string,
    request: { amountHalalas: number; vatHalalas: number },
    referenceId: string,
  ): Promise<ProviderPayment> {
    const { body } = await call({
      method: "POST",
      path: `/api/v2/payments/${id(providerPaymentId)}/captures`,
      body: {
        amount: toTabbyAmount(request.amountHalalas),
        reference_id: referenceId,
        tax_amount: toTabbyAmount(request.vatHalalas),
        shipping_amount: "0.00",
        discount_amount: "0.00",
      },
    });
    return fromTabbyPayment(body);
  }

  return {
    id: "tabby",

    async createPayment(request) {
      if (request.method !== "tabby") throw new GatewayError("tabby", `Tabby does not take ${request.method}`);
      const { item, address } = request;
      const { body } = await call({
        method: "POST",
        path: "/api/v2/checkout",
        body: {
          payment: {
            amount: toTabbyAmount(request.amountHalalas),
            currency: request.currency,
            description: `${item.name} × ${item.quantity}`,
            buyer: { name: request.buyer.name, email: request.buyer.email, phone: request.buyer.phone },
            shipping_address: {
              city: address.city,
              address: [address.building, address.street, address.district].filter(Boolean).join(", "),
              zip: address.postalCode ?? "",
            },
            order: {
              reference_id: request.reference,
              updated_at: now().toISOString(),
              tax_amount: toTabbyAmount(request.vatHalalas),
              shipping_amount: "0.00",
              discount_amount: "0.00",
              items: [
                {
                  reference_id: item.productId,
                  title: item.name,
                  quantity: item.quantity,
                  unit_price: toTabbyAmount(item.unitAmountHalalas),
                  discount_amount: "0.00",
                  image_url: item.imageUrl,
                  product_url: item.productUrl,
                  category: "Home decor",
                  brand: studio.name.en,
                },
              ],
            },
            buyer_history: { registered_since: now().toISOString(), loyalty_level: 0 },
            order_history: [],
            // Our order id, echoed in every payment and webhook (findPayment, unknown payments).
            meta: { order_id: request.orderId, customer: request.buyer.email },
          },
          lang: request.lang,
          merchant_code: config.merchantCode,
          merchant_urls: {
            success: request.returnUrls.success,
            cancel: request.returnUrls.cancel,
            failure: request.returnUrls.failure,
          },
        },
      });
      const session = objectOf("tabby", body, "checkout session");
      const payment = (session.payment ?? {}) as Record<string, unknown>;
      const configuration = (session.configuration ?? {}) as Record<string, unknown>;
      const products = (configuration.products ?? {}) as Record<string, Record<string, unknown> | undefined>;
      const available = (configuration.available_products ?? {}) as Record<string, unknown>;
      const installments = Array.isArray(available.installments) ? available.installments : [];
      const webUrl = stringOf((installments[0] as Record<string, unknown> | undefined)?.web_url);
      const paymentId = stringOf(payment.id) ?? stringOf(session.id);
      if (!paymentId) throw new GatewayError("tabby", "checkout answer without a payment id");
      const base = {
        providerPaymentId: paymentId,
        amountHalalas: request.amountHalalas,
        currency: request.currency,
        orderReference: request.reference,
      };
      if (session.status === "rejected" || !webUrl) {
        // Pre-scoring said no: the buyer is told why (the FAQ's texts) and Tabby is not offered.
        return {
          ...base,
          status: "failed",
          failureReason: stringOf(products.installments?.rejection_reason) ?? "not_available",
        };
      }
      return { ...base, status: "requires_action", redirectUrl: webUrl };
    },

    fetchPayment,

    async findPayment(lookup) {
      // From the day before the order was created (the filter takes a date, and a day covers any
      // time zone), page by page, newest first, until the payments are older than that.
      const since = new Date(lookup.createdAt.getTime() - DAY_MS);
      const sinceDate = since.toISOString().slice(0, 10);
      for (let page = 0; page < MAX_LIST_PAGES; page += 1) {
        const query = new URLSearchParams({
          created_at__gte: sinceDate,
          limit: String(LIST_PAGE_SIZE),
          offset: String(page * LIST_PAGE_SIZE),
        });
        const { body } = await call({ method: "GET", path: `/api/v2/payments?${query}` });
        const list = objectOf("tabby", body, "payments list");
        const payments = Array.isArray(list.payments) ? (list.payments as unknown[]) : [];
        for (const entry of payments) {
          const payment = objectOf("tabby", entry, "payment");
          const order = (payment.order ?? {}) as Record<string, unknown>;
          if (orderIdOf(payment) === lookup.orderId || stringOf(order.reference_id) === lookup.reference) {
            return fromTabbyPayment(payment);
          }
        }
        const oldest = payments.at(-1) as Record<string, unknown> | undefined;
        const oldestAt = Date.parse(String(oldest?.created_at ?? ""));
        const pagination = (list.pagination ?? {}) as Record<string, unknown>;
        const total = typeof pagination.total_count === "number" ? pagination.total_count : undefined;
        if (payments.length < LIST_PAGE_SIZE || (total !== undefined && (page + 1) * LIST_PAGE_SIZE >= total))
          return null;
        if (oldestAt < since.getTime()) return null;
      }
      // Not read to the end: "none" cannot be concluded, so nothing is (the caller asks again later).
      throw new GatewayError("tabby", `more than ${MAX_LIST_PAGES * LIST_PAGE_SIZE} payments since ${sinceDate}`);
    },

    async completePayment(payment, request) {
      if (payment.status !== "authorized") return payment;
      // Captured when the order ships: the authorisation is the studio's already.
      if (captureAt === "shipment")
        return { ...payment, status: "paid", capturedHalalas: payment.capturedHalalas ?? 0 };
      return capture(payment.providerPaymentId, request, `${request.reference}-capture`);
    },

    async capturePayment(providerPaymentId, request) {
      const current = await fetchPayment(providerPaymentId);
      if ((current.capturedHalalas ?? 0) >= request.amountHalalas) return current;
      return capture(providerPaymentId, request, request.idempotencyKey);
    },

    async voidPayment(providerPaymentId) {
      // close: cancels whatever was not captured (Tabby refuses a payment already closed).
      const { body } = await call({ method: "POST", path: `/api/v2/payments/${id(providerPaymentId)}/close` });
      return fromTabbyPayment(body);
    },

    async cancelPayment(providerPaymentId) {
      const current = await fetchPayment(providerPaymentId);
      // A CREATED payment lapses at Tabby by itself; an AUTHORIZED one is closed uncaptured.
      if (current.status !== "authorized") return current;
      const { body } = await call({ method: "POST", path: `/api/v2/payments/${id(providerPaymentId)}/close` });
      return fromTabbyPayment(body);
    },

    async refundPayment(providerPaymentId, amountHalalas, reason, idempotencyKey) {
      // reference_id is the refund's idempotency key: a retried refund returns nothing twice.
      const { body } = await call({
        method: "POST",
        path: `/api/v2/payments/${id(providerPaymentId)}/refunds`,
        body: { amount: toTabbyAmount(amountHalalas), reference_id: idempotencyKey, reason },
      });
      return fromTabbyPayment(body);
    },

    async createApplePaySession() {
      throw new GatewayError("tabby", "Tabby has no Apple Pay");
    },

    async verifyWebhook(request): Promise<WebhookNotice | null> {
      if (!sameSecret(headerOf(request.headers, config.webhookHeaderName), config.webhookHeaderValue)) return null;
      if (!request.body || typeof request.body !== "object") return null;
      const payment = request.body as Record<string, unknown>;
      const paymentId = stringOf(payment.id);
      const status = stringOf(payment.status)?.toLowerCase();
      if (!paymentId || !status) return null;
      const captures = Array.isArray(payment.captures) ? payment.captures.length : 0;
      const refunds = Array.isArray(payment.refunds) ? payment.refunds.length : 0;
      // Tabby sends `authorized` again when captured and `closed` again when refunded; the counts
      // tell those notices apart.
      // A capture, a refund or a close after the buyer's authorisation is a change after payment.
      const afterPayment = captures > 0 || refunds > 0 || status === "closed";
      return {
        eventKey: `${paymentId}:${status}:${captures}:${refunds}`,
        providerPaymentId: paymentId,
        type: status,
        ...(afterPayment ? { afterPayment } : {}),
      };
    },
  };
}
