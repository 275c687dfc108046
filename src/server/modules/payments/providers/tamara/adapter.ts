import { studio } from "#content/studio.ts";
import { paymentMethodOf } from "#shared/payment-methods.ts";
import {
  GatewayError,
  type PaymentGateway,
  type ProviderPayment,
  type ProviderStatus,
  type WebhookNotice,
} from "../../gateway.ts";
import { headerOf, objectOf, providerClient, stringOf } from "../provider-http.ts";
import { verifyNotificationToken } from "./notification-token.ts";

/**
 * Tamara, four instalments (decision 0017): `POST /checkout` answers the hosted `checkout_url`;
 * an `approved` order is authorised by us (`POST /orders/{id}/authorise`), which is when the money
 * is ours. The order is captured when it ships (`POST /payments/capture`), cancelled
 * (`POST /orders/{id}/cancel`) if it is called off before that, and refunded
 * (`simplified-refund`) only once captured: Tamara refuses to refund an uncaptured order (issue
 * 35). Notifications are proved by an HS256 JWT (`tamaraToken`) signed with the notification
 * token. Amounts are `{ amount, currency }` with the amount a number of riyals. A checkout whose
 * answer was lost is found by the `order_reference_id` we sent (`GET
 * /merchants/orders/reference-id/{ref}`, issue 35).
 */
export type TamaraConfig = { apiToken: string; notificationToken: string; apiUrl: string };
export type TamaraOptions = { timeoutMs?: number; now?: () => Date };

export type TamaraMoney = { amount: number; currency: string };

/** Halalas as Tamara takes them: 42_200 → { amount: 422, currency: "SAR" }; 35_050 → 350.5. */
export function toTamaraMoney(halalas: number, currency = "SAR"): TamaraMoney {
  if (!Number.isSafeInteger(halalas) || halalas < 0) {
    throw new GatewayError("tamara", `amount ${halalas} is not a whole number of halalas`);
  }
  return { amount: halalas / 100, currency };
}

/** Tamara's `{ amount, currency }` back to halalas (rounded, so 350.5 reads as 35_050). */
export function fromTamaraMoney(value: unknown): number {
  const amount = value && typeof value === "object" ? (value as Record<string, unknown>).amount : undefined;
  const riyals = typeof amount === "number" ? amount : typeof amount === "string" ? Number(amount) : NaN;
  return Number.isFinite(riyals) ? Math.round(riyals * 100) : 0;
}

const statuses: Record<string, ProviderStatus> = {
  new: "requires_action",
  on_hold: "requires_action",
  approved: "authorized",
  authorised: "paid",
  partially_captured: "paid",
  fully_captured: "paid",
  updated: "paid",
  partially_refunded: "paid",
  declined: "failed",
  expired: "expired",
  canceled: "cancelled",
  fully_refunded: "refunded",
};

function fromTamaraOrder(value: unknown, fallbackId?: string): ProviderPayment {
  const order = objectOf("tamara", value, "order");
  const id = stringOf(order.order_id) ?? fallbackId;
  const rawStatus = stringOf(order.status) ?? "";
  const status = statuses[rawStatus];
  if (!id || !status) throw new GatewayError("tamara", `order with unknown id or status "${rawStatus}"`);
  const total = order.total_amount as Record<string, unknown> | undefined;
  const refunded = fromTamaraMoney(order.refunded_amount);
  const captured = fromTamaraMoney(order.captured_amount);
  const reference = stringOf(order.order_reference_id);
  return {
    providerPaymentId: id,
    status,
    amountHalalas: fromTamaraMoney(total),
    currency: stringOf(total?.currency) ?? "SAR",
    ...(reference ? { orderReference: reference } : {}),
    ...(status === "failed" ? { failureReason: rawStatus } : {}),
    ...(refunded > 0 ? { refundedHalalas: refunded } : {}),
    capturedHalalas: captured,
  };
}

/** "+966544337866" → "544337866", the national number as Tamara's own examples and test data. */
function nationalNumber(phone: string): string {
  return phone.replace(/^\+?966/, "");
}

function splitName(name: string): { first_name: string; last_name: string } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(" ") || first };
}

export function createTamaraGateway(config: TamaraConfig, options: TamaraOptions = {}): PaymentGateway {
  const call = providerClient({
    gateway: "tamara",
    baseUrl: config.apiUrl,
    authorization: `Bearer ${config.apiToken}`,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  const now = options.now ?? (() => new Date());
  const id = encodeURIComponent;

  async function fetchPayment(providerPaymentId: string): Promise<ProviderPayment> {
    const { body } = await call({ method: "GET", path: `/merchants/orders/${id(providerPaymentId)}` });
    return fromTamaraOrder(body, providerPaymentId);
  }

  return {
    id: "tamara",

    async createPayment(request) {
      if (request.method !== "tamara") throw new GatewayError("tamara", `Tamara does not take ${request.method}`);
      const money = (halalas: number) => toTamaraMoney(halalas, request.currency);
      const name = splitName(request.buyer.name);
      const phone = nationalNumber(request.buyer.phone);
      const { address, item } = request;
      const { body } = await call({
        method: "POST",
        path: "/checkout",
        body: {
          order_reference_id: request.reference,
          order_number: request.reference,
          description: `${item.name} × ${item.quantity}`,
          total_amount: money(request.amountHalalas),
          tax_amount: money(request.vatHalalas),
          shipping_amount: money(0),
          items: [
            {
              reference_id: item.productId,
              type: "Physical",
              name: item.name,
              sku: item.productId,
              quantity: item.quantity,
              unit_price: money(item.unitAmountHalalas),
              total_amount: money(request.amountHalalas),
              tax_amount: money(request.vatHalalas),
              discount_amount: money(0),
              image_url: item.imageUrl,
              item_url: item.productUrl,
            },
          ],
          consumer: { ...name, email: request.buyer.email, phone_number: phone },
          shipping_address: {
            ...name,
            line1: [address.building, address.street].filter(Boolean).join(" "),
            line2: address.district,
            region: address.district,
            postal_code: address.postalCode ?? "",
            city: address.city,
            country_code: address.country,
            phone_number: phone,
          },
          merchant_url: {
            success: request.returnUrls.success,
            failure: request.returnUrls.failure,
            cancel: request.returnUrls.cancel,
            notification: request.notificationUrl,
          },
          payment_type: "PAY_BY_INSTALMENTS",
          instalments: paymentMethodOf(request.method).instalments,
          country_code: "SA",
          locale: request.lang === "ar" ? "ar_SA" : "en_US",
          platform: studio.name.en,
        },
      });
      const checkout = objectOf("tamara", body, "checkout");
      const orderId = stringOf(checkout.order_id);
      const checkoutUrl = stringOf(checkout.checkout_url);
      if (!orderId || !checkoutUrl)
        throw new GatewayError("tamara", "checkout answer without order_id or checkout_url");
      return {
        providerPaymentId: orderId,
        status: "requires_action",
        amountHalalas: request.amountHalalas,
        currency: request.currency,
        orderReference: request.reference,
        redirectUrl: checkoutUrl,
      };
    },

    fetchPayment,

    // Tamara's documented look-up by our order reference (the checkout's order_reference_id);
    // 404 means Tamara opened no checkout for it. Tamara keeps no order id of ours.
    async findPayment(lookup) {
      try {
        const { body } = await call({
          method: "GET",
          path: `/merchants/orders/reference-id/${id(lookup.reference)}`,
        });
        return fromTamaraOrder(body);
      } catch (error) {
        if (error instanceof GatewayError && error.status === 404) return null;
        throw error;
      }
    },

    async completePayment(payment) {
      if (payment.status !== "authorized") return payment;
      try {
        const { body } = await call({ method: "POST", path: `/orders/${id(payment.providerPaymentId)}/authorise` });
        const answer = objectOf("tamara", body, "authorise");
        const status = statuses[stringOf(answer.status) ?? ""];
        if (status) return { ...payment, status };
      } catch (error) {
        // Authorised already (a duplicate notification, a retried confirm): Tamara refuses the
        // second call, and the order's own state is the answer.
        if (!(error instanceof GatewayError && error.status !== undefined && error.status < 500)) throw error;
      }
      return fetchPayment(payment.providerPaymentId);
    },

    async cancelPayment(providerPaymentId) {
      const current = await fetchPayment(providerPaymentId);
      // A `new` order lapses at Tamara after 30 minutes by itself; an approved one is cancelled.
      if (current.status !== "authorized") return current;
      await call({
        method: "POST",
        path: `/orders/${id(providerPaymentId)}/cancel`,
        body: { total_amount: toTamaraMoney(current.amountHalalas, current.currency) },
      });
      return fetchPayment(providerPaymentId);
    },

    async capturePayment(providerPaymentId, request) {
      const current = await fetchPayment(providerPaymentId);
      if ((current.capturedHalalas ?? 0) >= request.amountHalalas) return current;
      const money = (halalas: number) => toTamaraMoney(halalas, current.currency);
      const shipment = request.shipment;
      await call({
        method: "POST",
        path: "/payments/capture",
        body: {
          order_id: providerPaymentId,
          total_amount: money(request.amountHalalas),
          tax_amount: money(request.vatHalalas),
          shipping_amount: money(0),
          discount_amount: money(0),
          shipping_info: {
            shipped_at: (shipment?.shippedAt ?? now()).toISOString(),
            shipping_company: shipment?.carrier || studio.name.en,
            ...(shipment?.trackingNumber ? { tracking_number: shipment.trackingNumber } : {}),
          },
        },
      });
      return fetchPayment(providerPaymentId);
    },

    async voidPayment(providerPaymentId, request) {
      // Tamara's cancel of an authorised order: the whole amount, nothing captured yet.
      await call({
        method: "POST",
        path: `/orders/${id(providerPaymentId)}/cancel`,
        body: {
          total_amount: toTamaraMoney(request.amountHalalas),
          tax_amount: toTamaraMoney(0),
          shipping_amount: toTamaraMoney(0),
          discount_amount: toTamaraMoney(0),
        },
      });
      return fetchPayment(providerPaymentId);
    },

    // Tamara documents no idempotency key for refunds: the caller re-reads `refunded_amount`.
    async refundPayment(providerPaymentId, amountHalalas, reason) {
      await call({
        method: "POST",
        path: `/payments/simplified-refund/${id(providerPaymentId)}`,
        body: { total_amount: toTamaraMoney(amountHalalas), comment: reason },
      });
      return fetchPayment(providerPaymentId);
    },

    async createApplePaySession() {
      throw new GatewayError("tamara", "Tamara has no Apple Pay");
    },

    async verifyWebhook(request): Promise<WebhookNotice | null> {
      const authorization = headerOf(request.headers, "authorization");
      const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      const token = bearer ?? stringOf(request.query.tamaraToken);
      if (!token || !(await verifyNotificationToken(token, config.notificationToken, now()))) return null;
      if (!request.body || typeof request.body !== "object") return null;
      const notice = request.body as Record<string, unknown>;
      const orderId = stringOf(notice.order_id);
      const type = stringOf(notice.event_type);
      if (!orderId || !type) return null;
      // A capture, cancel or refund (the studio's, or one made in Tamara's portal): the order is
      // re-read whether or not an event of this name was seen (two partial refunds share it).
      const afterPayment = type === "order_captured" || type === "order_refunded" || type === "order_canceled";
      return {
        eventKey: `${orderId}:${type}`,
        providerPaymentId: orderId,
        type,
        ...(afterPayment ? { afterPayment } : {}),
      };
    },
  };
}
