import { randomUUID } from "node:crypto";
import { bearerOf, FakeProvider, hostedPage, type RecordedRequest, type Reply } from "#tests/fakes/fake-provider.ts";

/**
 * A local Tabby (docs.tabby.ai): `Authorization: Bearer <secret
 * key>`, `POST /api/v2/checkout` (amounts as decimal strings "422.00"; the documented test phones:
 * +966500000001 is approved, +966500000002 is `rejected` at pre-scoring with a
 * `rejection_reason`), `GET /api/v2/payments/{id}` (CREATED, AUTHORIZED, CLOSED, REJECTED,
 * EXPIRED), captures (a full capture closes the payment; `reference_id` is the idempotency key),
 * refunds, close, webhook registration (`POST /api/v1/webhooks` with `X-Merchant-Code`), and
 * webhooks with the registered header and the payment in lower case status.
 *
 * Lost answers and time (issue 35): `GET /api/v2/payments` lists the AUTHORIZED and CLOSED
 * payments, newest first, from `created_at__gte` (a date), `limit` at most 20, `offset`, answering
 * `{payments, pagination: {limit, offset, total_count}}` (Tabby's API reference, "List of all
 * payments"). A session expires on the test clock (FakeProvider) as Tabby documents it: its
 * `expires_at` is 20 minutes after creation, when the page stops taking it, and a payment still
 * CREATED turns EXPIRED 10 minutes later, with an `expired` webhook (docs.tabby.ai "Payment
 * processing": "a Tabby checkout session expires 20 minutes after creation, and the payment status
 * changes to EXPIRED about 10 minutes" after; the older text said "25 minutes since creation").
 *
 * Test control: `POST /__test/payments/:id/complete {outcome}` is the buyer on Tabby's page:
 * "authorize" (the default), "reject", "expire", or "cancel" (back to the shop's cancel URL: the
 * payment is EXPIRED, as Tabby's cancel URL reports it).
 */
export type TabbyFakeOptions = { secretKey: string; merchantCode: string };

type Payment = {
  id: string;
  created_at: string;
  expires_at: string;
  status: "CREATED" | "AUTHORIZED" | "CLOSED" | "REJECTED" | "EXPIRED";
  is_test: boolean;
  is_expired: boolean;
  amount: string;
  currency: string;
  description: string;
  buyer: Record<string, unknown>;
  shipping_address: Record<string, unknown>;
  order: Record<string, unknown>;
  captures: { id: string; amount: string; reference_id: string; created_at: string }[];
  refunds: { id: string; amount: string; reference_id: string; reason: string; created_at: string }[];
  meta: unknown;
  merchant_urls: Record<string, string>;
};

export const tabbyTestPhones = { success: "+966500000001", reject: "+966500000002" } as const;

const amountPattern = /^\d+\.\d{2}$/;
const error = (status: number, message: string): Reply => ({
  status,
  body: { status: "error", errorType: status === 401 ? "unauthorized" : "bad_data", error: message },
});
const cents = (amount: string) => Math.round(Number(amount) * 100);
/** Tabby's documented default: the session ends 20 minutes after creation, the payment expires 10 later. */
const SESSION_MS = 20 * 60_000;
const EXPIRED_AFTER_SESSION_MS = 10 * 60_000;
const MAX_LIST_LIMIT = 20;
/**
 * The list's `status` filter: the API's statuses, and the Merchant Dashboard's (NEW is authorised
 * and not captured, CAPTURED closed with a capture, CANCELLED closed without one); absent,
 * AUTHORIZED and CLOSED.
 */
const listStatuses: Record<string, (payment: Payment) => boolean> = {
  default: (payment) => payment.status === "AUTHORIZED" || payment.status === "CLOSED",
  authorized: (payment) => payment.status === "AUTHORIZED",
  closed: (payment) => payment.status === "CLOSED",
  rejected: (payment) => payment.status === "REJECTED",
  new: (payment) => payment.status === "AUTHORIZED" && payment.captures.length === 0,
  captured: (payment) => payment.status === "CLOSED" && payment.captures.length > 0,
  refunded: (payment) => payment.refunds.length > 0,
  cancelled: (payment) => payment.status === "CLOSED" && payment.captures.length === 0,
};
const decimal = (halalas: number) => (halalas / 100).toFixed(2);

export class TabbyFake extends FakeProvider {
  readonly payments = new Map<string, Payment>();
  /** Webhooks registered through the API: where and with which header. */
  readonly webhooks: { url: string; header: { title: string; value: string } }[] = [];

  constructor(readonly options: TabbyFakeOptions) {
    super();
    const route = this.route.bind(this);
    route("POST", /^\/api\/v2\/checkout$/, (r) => this.guard(r) ?? this.checkout(r.body));
    route("GET", /^\/api\/v2\/payments$/, (r) => this.guard(r) ?? this.list(r.query));
    route("GET", /^\/api\/v2\/payments\/([^/]+)$/, (r, [id]) => this.guard(r) ?? this.show(id!));
    route("POST", /^\/api\/v2\/payments\/([^/]+)\/captures$/, (r, [id]) => this.guard(r) ?? this.capture(id!, r.body));
    route("POST", /^\/api\/v2\/payments\/([^/]+)\/refunds$/, (r, [id]) => this.guard(r) ?? this.refund(id!, r.body));
    route("POST", /^\/api\/v2\/payments\/([^/]+)\/close$/, (r, [id]) => this.guard(r) ?? this.closePayment(id!));
    route("POST", /^\/api\/v1\/webhooks$/, (r) => this.guard(r) ?? this.register(r));
    route("GET", /^\/checkout\/([^/]+)$/, (_r, [id]) => this.page(id!));
    route("POST", /^\/__test\/payments\/([^/]+)\/complete$/, (r, [id]) => this.complete(id!, r.body));
  }

  private guard(request: RecordedRequest): Reply | undefined {
    return bearerOf(request) === this.options.secretKey ? undefined : error(401, "Unauthorized");
  }

  private show(id: string): Reply {
    const payment = this.payments.get(id);
    return payment ? { status: 200, body: this.visible(payment) } : error(404, "Payment not found");
  }

  /** "List of all payments": AUTHORIZED and CLOSED (or the API status asked), newest first. */
  private list(query: URLSearchParams): Reply {
    const since = query.get("created_at__gte");
    const until = query.get("created_at__lte");
    const limit = Number(query.get("limit") ?? MAX_LIST_LIMIT);
    const offset = Number(query.get("offset") ?? 0);
    const dateOf = (value: string) => Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT) return error(400, "invalid: limit");
    if (!Number.isInteger(offset) || offset < 0) return error(400, "invalid: offset");
    if ((since && Number.isNaN(dateOf(since))) || (until && Number.isNaN(dateOf(until))))
      return error(400, "failed to decode request");
    const status = query.get("status") ?? "";
    const wanted = status ? listStatuses[status] : listStatuses.default;
    if (!wanted) return error(400, "invalid: status");
    const matching = [...this.payments.values()]
      .map((payment, index) => ({ payment, index }))
      .filter(({ payment }) => wanted(payment))
      .filter(({ payment }) => !since || Date.parse(payment.created_at) >= dateOf(since))
      .filter(({ payment }) => !until || Date.parse(payment.created_at) <= dateOf(until))
      .sort((a, b) => b.payment.created_at.localeCompare(a.payment.created_at) || b.index - a.index)
      .map(({ payment }) => this.visible(payment));
    return {
      status: 200,
      body: {
        payments: matching.slice(offset, offset + limit),
        pagination: { limit, offset, total_count: matching.length },
      },
    };
  }

  /** The payment as the API shows it (the merchant URLs are ours, not part of the object). */
  private visible(payment: Payment): Omit<Payment, "merchant_urls"> {
    const { merchant_urls: _urls, ...visible } = payment;
    return visible;
  }

  /** Sessions past their `expires_at` take no more buyers; 10 minutes on, CREATED turns EXPIRED. */
  protected override async expireDue(now: Date): Promise<void> {
    const expired: Payment[] = [];
    for (const payment of this.payments.values()) {
      if (payment.status !== "CREATED") continue;
      if (Date.parse(payment.expires_at) + EXPIRED_AFTER_SESSION_MS <= now.getTime()) {
        payment.status = "EXPIRED";
        payment.is_expired = true;
        expired.push(payment);
      }
    }
    for (const payment of expired) await this.notify(payment);
  }

  private checkout(value: unknown): Reply {
    const body = (value ?? {}) as Record<string, unknown>;
    const payment = (body.payment ?? {}) as Record<string, unknown>;
    const buyer = (payment.buyer ?? {}) as Record<string, unknown>;
    const address = (payment.shipping_address ?? {}) as Record<string, unknown>;
    const order = (payment.order ?? {}) as Record<string, unknown>;
    const items = Array.isArray(order.items) ? (order.items as Record<string, unknown>[]) : [];
    const problems: string[] = [];
    const need = (ok: boolean, field: string) => {
      if (!ok) problems.push(field);
    };
    need(typeof payment.amount === "string" && amountPattern.test(payment.amount), "payment.amount");
    need(payment.currency === "SAR", "payment.currency");
    for (const field of ["name", "email", "phone"])
      need(typeof buyer[field] === "string" && buyer[field] !== "", `payment.buyer.${field}`);
    for (const field of ["city", "address", "zip"])
      need(typeof address[field] === "string", `payment.shipping_address.${field}`);
    need(typeof order.reference_id === "string" && order.reference_id !== "", "payment.order.reference_id");
    for (const field of ["tax_amount", "shipping_amount", "discount_amount"]) {
      need(
        order[field] === undefined || (typeof order[field] === "string" && amountPattern.test(order[field] as string)),
        `payment.order.${field}`,
      );
    }
    need(items.length > 0, "payment.order.items");
    items.forEach((item, index) => {
      need(typeof item.title === "string" && item.title !== "", `payment.order.items.${index}.title`);
      need(Number.isInteger(item.quantity) && (item.quantity as number) > 0, `payment.order.items.${index}.quantity`);
      need(
        typeof item.unit_price === "string" && amountPattern.test(item.unit_price),
        `payment.order.items.${index}.unit_price`,
      );
      need(typeof item.category === "string" && item.category !== "", `payment.order.items.${index}.category`);
    });
    need(["ar", "en"].includes(String(body.lang)), "lang");
    need(body.merchant_code === this.options.merchantCode, "merchant_code");
    const urls = (body.merchant_urls ?? {}) as Record<string, string>;
    for (const field of ["success", "cancel", "failure"])
      need(/^https?:\/\//.test(String(urls[field])), `merchant_urls.${field}`);
    if (problems.length === 0) {
      const itemsTotal = items.reduce(
        (sum, item) => sum + cents(item.unit_price as string) * (item.quantity as number),
        0,
      );
      need(itemsTotal === cents(payment.amount as string), "payment.amount (items)");
    }
    if (problems.length > 0) return error(400, `invalid: ${problems.join(", ")}`);

    const now = this.clock.now();
    const created: Payment = {
      id: randomUUID(),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_MS).toISOString(),
      status: "CREATED",
      is_test: true,
      is_expired: false,
      amount: payment.amount as string,
      currency: "SAR",
      description: String(payment.description ?? ""),
      buyer,
      shipping_address: address,
      order,
      captures: [],
      refunds: [],
      meta: payment.meta ?? null,
      merchant_urls: urls,
    };
    this.payments.set(created.id, created);
    const sessionId = randomUUID();
    if (buyer.phone === tabbyTestPhones.reject) {
      created.status = "REJECTED";
      return {
        status: 200,
        body: {
          id: sessionId,
          status: "rejected",
          configuration: {
            available_products: {},
            products: {
              installments: { type: "installments", is_available: false, rejection_reason: "not_available" },
            },
          },
          payment: this.visible(created),
        },
      };
    }
    return {
      status: 200,
      body: {
        id: sessionId,
        status: "created",
        configuration: {
          available_products: {
            installments: [{ web_url: `${this.url}/checkout/${created.id}`, qr_code: `${this.url}/qr/${created.id}` }],
          },
          products: { installments: { type: "installments", is_available: true, rejection_reason: null } },
        },
        payment: this.visible(created),
      },
    };
  }

  private page(id: string): Reply {
    const payment = this.payments.get(id);
    if (!payment) return error(404, "Payment not found");
    return hostedPage("Tabby checkout", [
      String(payment.order.reference_id),
      `${payment.amount} SAR in 4`,
      payment.status,
    ]);
  }

  private async complete(id: string, value: unknown): Promise<Reply> {
    const payment = this.payments.get(id);
    if (!payment) return error(404, "Payment not found");
    if (payment.status !== "CREATED") return error(409, `Payment is ${payment.status}`);
    if (Date.parse(payment.expires_at) <= this.clock.nowMs()) return error(409, "Session expired");
    const outcome = String(((value ?? {}) as Record<string, unknown>).outcome ?? "authorize");
    const urls = payment.merchant_urls;
    const outcomes: Record<string, Payment["status"]> = {
      authorize: "AUTHORIZED",
      reject: "REJECTED",
      expire: "EXPIRED",
      cancel: "EXPIRED",
    };
    const next = outcomes[outcome];
    if (!next) return error(400, "Unknown outcome");
    payment.status = next;
    if (next === "EXPIRED") payment.is_expired = true;
    await this.notify(payment);
    const redirect = next === "AUTHORIZED" ? urls.success : outcome === "cancel" ? urls.cancel : urls.failure;
    return {
      status: 200,
      body: { status: next, redirect: `${redirect}${redirect?.includes("?") ? "&" : "?"}payment_id=${id}` },
    };
  }

  private async capture(id: string, value: unknown): Promise<Reply> {
    const payment = this.payments.get(id);
    if (!payment) return error(404, "Payment not found");
    const body = (value ?? {}) as Record<string, unknown>;
    if (typeof body.amount !== "string" || !amountPattern.test(body.amount)) return error(400, "invalid: amount");
    const reference = typeof body.reference_id === "string" ? body.reference_id : "";
    if (reference && payment.captures.some((capture) => capture.reference_id === reference)) {
      return { status: 200, body: this.visible(payment) };
    }
    if (payment.status !== "AUTHORIZED") return error(400, `Payment is ${payment.status}, cannot capture`);
    const captured = payment.captures.reduce((sum, capture) => sum + cents(capture.amount), 0);
    if (captured + cents(body.amount) > cents(payment.amount))
      return error(400, "Capture amount exceeds payment amount");
    payment.captures.push({
      id: randomUUID(),
      amount: body.amount,
      reference_id: reference,
      created_at: this.clock.now().toISOString(),
    });
    // Tabby notifies `authorized` with the capture, then `closed` once the whole amount is in.
    await this.notify(payment);
    if (captured + cents(body.amount) === cents(payment.amount)) {
      payment.status = "CLOSED";
      await this.notify(payment);
    }
    return { status: 200, body: this.visible(payment) };
  }

  private async refund(id: string, value: unknown): Promise<Reply> {
    const payment = this.payments.get(id);
    if (!payment) return error(404, "Payment not found");
    const body = (value ?? {}) as Record<string, unknown>;
    if (typeof body.amount !== "string" || !amountPattern.test(body.amount)) return error(400, "invalid: amount");
    const reference = typeof body.reference_id === "string" ? body.reference_id : "";
    if (reference && payment.refunds.some((refund) => refund.reference_id === reference))
      return { status: 200, body: this.visible(payment) };
    const captured = payment.captures.reduce((sum, capture) => sum + cents(capture.amount), 0);
    const refunded = payment.refunds.reduce((sum, refund) => sum + cents(refund.amount), 0);
    if (payment.status !== "CLOSED" || refunded + cents(body.amount) > captured) {
      return error(400, "Refund amount exceeds captured amount");
    }
    payment.refunds.push({
      id: randomUUID(),
      amount: decimal(cents(body.amount)),
      reference_id: reference,
      reason: String(body.reason ?? ""),
      created_at: this.clock.now().toISOString(),
    });
    await this.notify(payment);
    return { status: 200, body: this.visible(payment) };
  }

  private async closePayment(id: string): Promise<Reply> {
    const payment = this.payments.get(id);
    if (!payment) return error(404, "Payment not found");
    if (payment.status !== "AUTHORIZED" && payment.status !== "CREATED")
      return error(400, `Payment is ${payment.status}`);
    payment.status = "CLOSED";
    await this.notify(payment);
    return { status: 200, body: this.visible(payment) };
  }

  private register(request: RecordedRequest): Reply {
    if (request.headers["x-merchant-code"] !== this.options.merchantCode) return error(400, "invalid: X-Merchant-Code");
    const body = (request.body ?? {}) as Record<string, unknown>;
    const header = (body.header ?? {}) as Record<string, unknown>;
    if (typeof body.url !== "string" || !/^https?:\/\//.test(body.url)) return error(400, "invalid: url");
    if (typeof header.title !== "string" || typeof header.value !== "string") return error(400, "invalid: header");
    if (this.webhooks.length >= 4) return error(400, "Too many webhooks");
    this.webhooks.push({ url: body.url, header: { title: header.title, value: header.value } });
    return { status: 200, body: { id: randomUUID(), url: body.url, is_test: true, header } };
  }

  /** The webhook body: the payment with its status in lower case. */
  private async notify(payment: Payment): Promise<void> {
    const body = {
      ...structuredClone(this.visible(payment)),
      status: payment.status.toLowerCase(),
      closed_at: payment.status === "CLOSED" ? this.clock.now().toISOString() : null,
    };
    for (const webhook of this.webhooks) {
      await this.sendWebhook(webhook.url, body, { [webhook.header.title]: webhook.header.value });
    }
  }
}

export async function startTabbyFake(options: TabbyFakeOptions): Promise<TabbyFake> {
  return new TabbyFake(options).start();
}
