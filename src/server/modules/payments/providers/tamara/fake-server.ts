import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { bearerOf, FakeProvider, hostedPage, type RecordedRequest, type Reply } from "#tests/fakes/fake-provider.ts";

/**
 * A local Tamara (docs.tamara.co): `Authorization: Bearer <API
 * token>`, `POST /checkout` with the documented body (amounts `{amount, currency}` as numbers of
 * riyals) answering `{order_id, checkout_id, checkout_url, status: "new"}`, `GET
 * /merchants/orders/{id}`, `POST /orders/{id}/authorise`, `POST /orders/{id}/cancel` (an approved or
 * authorised order, before any capture), `POST /payments/capture` (an authorised order, all or
 * part), `POST /payments/simplified-refund/{id}` (only what was captured: an authorised order that
 * was never captured is refused, as Tamara refunds captured orders and cancels authorised ones),
 * and notifications `{order_id, order_reference_id,
 * order_number, event_type, data}` to `merchant_url.notification`, signed as an HS256 JWT
 * (`tamaraToken`) with the notification token, in the query and in `Authorization: Bearer`.
 *
 * Lost answers and time (issue 35): `GET /merchants/orders/reference-id/{order_reference_id}` finds
 * the order opened for our reference. Orders expire on the test clock (FakeProvider) as Tamara's
 * order status flow says: a `new` checkout not completed within 30 minutes (or the checkout's
 * `expires_in_minutes`), and an `approved` order not authorised within 72 hours, each with an
 * `order_expired` notification.
 *
 * Test control: `POST /__test/checkout/:orderId/complete {outcome?}` is the buyer on Tamara's page:
 * by the documented test phones (544337866 approves, 526422337 is declined) unless `outcome`
 * ("approve" | "decline" | "cancel" | "expire") says otherwise.
 */
export type TamaraFakeOptions = { apiToken: string; notificationToken: string };

type Money = { amount: number; currency: string };
type Order = {
  order_id: string;
  checkout_id: string;
  order_reference_id: string;
  order_number: string;
  status: string;
  total_amount: Money;
  tax_amount: Money;
  shipping_amount: Money;
  captured_amount: Money;
  refunded_amount: Money;
  canceled_amount: Money;
  items: unknown[];
  consumer: Record<string, unknown>;
  shipping_address: Record<string, unknown>;
  merchant_url: Record<string, string>;
  payment_type: string;
  instalments: number;
  locale: string;
  created_at: string;
};

export const tamaraTestPhones = { approve: "544337866", decline: "526422337" } as const;

const error = (status: number, message: string, errors: { error_code: string; data?: unknown }[] = []): Reply => ({
  status,
  body: { message, errors },
});

function isMoney(value: unknown): value is Money {
  if (!value || typeof value !== "object") return false;
  const money = value as Record<string, unknown>;
  return (
    typeof money.amount === "number" &&
    Number.isFinite(money.amount) &&
    money.amount >= 0 &&
    Math.abs(money.amount * 100 - Math.round(money.amount * 100)) < 1e-6 &&
    money.currency === "SAR"
  );
}

const cents = (money: Money) => Math.round(money.amount * 100);
/** docs.tamara.co "online order status flow": `new` lapses after 30 minutes, `approved` after 72 hours. */
const CHECKOUT_MINUTES = 30;
const APPROVED_EXPIRY_MS = 72 * 3600_000;

/** Signs a JWT the way Tamara signs `tamaraToken` (HS256 with the notification token; tests may pick another algorithm). */
export function signTamaraToken(secret: string, claims: Record<string, unknown>, alg = "HS256"): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(new TextEncoder().encode(secret));
}

export class TamaraFake extends FakeProvider {
  readonly orders = new Map<string, Order>();
  /** When each order lapses unless it moves on (Tamara's clock, not part of the order object). */
  private readonly lapsesAt = new Map<string, number>();

  constructor(readonly options: TamaraFakeOptions) {
    super();
    const route = this.route.bind(this);
    route("POST", /^\/checkout$/, (r) => this.guard(r) ?? this.checkout(r.body));
    route(
      "GET",
      /^\/merchants\/orders\/reference-id\/([^/]+)$/,
      (r, [reference]) => this.guard(r) ?? this.showByReference(reference!),
    );
    route("GET", /^\/merchants\/orders\/([^/]+)$/, (r, [id]) => this.guard(r) ?? this.show(id!));
    route("POST", /^\/orders\/([^/]+)\/authorise$/, (r, [id]) => this.guard(r) ?? this.authorise(id!));
    route("POST", /^\/orders\/([^/]+)\/cancel$/, (r, [id]) => this.guard(r) ?? this.cancel(id!, r.body));
    route("POST", /^\/payments\/capture$/, (r) => this.guard(r) ?? this.capture(r.body));
    route("POST", /^\/payments\/simplified-refund\/([^/]+)$/, (r, [id]) => this.guard(r) ?? this.refund(id!, r.body));
    route("GET", /^\/checkout\/([^/]+)$/, (_r, [id]) => this.page(id!));
    route("POST", /^\/__test\/checkout\/([^/]+)\/complete$/, (r, [id]) => this.complete(id!, r.body));
  }

  private guard(request: RecordedRequest): Reply | undefined {
    return bearerOf(request) === this.options.apiToken ? undefined : error(401, "Unauthorized");
  }

  private show(id: string): Reply {
    const order = this.orders.get(id);
    return order ? { status: 200, body: order } : error(404, "Order not found", [{ error_code: "order_not_found" }]);
  }

  /** The order opened for our reference (the newest, should a reference have been sent twice). */
  private showByReference(reference: string): Reply {
    const order = [...this.orders.values()].filter((candidate) => candidate.order_reference_id === reference).at(-1);
    return order ? { status: 200, body: order } : error(404, "Order not found", [{ error_code: "order_not_found" }]);
  }

  /** New checkouts and approved orders past their time expire, and Tamara says so. */
  protected override async expireDue(now: Date): Promise<void> {
    const expired: Order[] = [];
    for (const [id, lapsesAt] of this.lapsesAt) {
      const order = this.orders.get(id);
      if (!order || !["new", "approved"].includes(order.status)) {
        this.lapsesAt.delete(id);
      } else if (lapsesAt <= now.getTime()) {
        order.status = "expired";
        this.lapsesAt.delete(id);
        expired.push(order);
      }
    }
    for (const order of expired) await this.notify(order, "order_expired");
  }

  private checkout(value: unknown): Reply {
    const body = (value ?? {}) as Record<string, unknown>;
    const problems: { error_code: string; data?: unknown }[] = [];
    const need = (ok: boolean, field: string) => {
      if (!ok) problems.push({ error_code: "invalid_field", data: { field } });
    };
    need(typeof body.order_reference_id === "string" && body.order_reference_id !== "", "order_reference_id");
    for (const field of ["total_amount", "tax_amount", "shipping_amount"]) need(isMoney(body[field]), field);
    const items = Array.isArray(body.items) ? (body.items as Record<string, unknown>[]) : [];
    need(items.length > 0, "items");
    items.forEach((item, index) => {
      for (const field of ["reference_id", "type", "name", "sku"])
        need(typeof item[field] === "string", `items.${index}.${field}`);
      need(Number.isInteger(item.quantity) && (item.quantity as number) > 0, `items.${index}.quantity`);
      for (const field of ["total_amount", "unit_price", "tax_amount"])
        need(isMoney(item[field]), `items.${index}.${field}`);
    });
    const consumer = (body.consumer ?? {}) as Record<string, unknown>;
    for (const field of ["first_name", "last_name", "phone_number", "email"]) {
      need(typeof consumer[field] === "string" && consumer[field] !== "", `consumer.${field}`);
    }
    const address = (body.shipping_address ?? {}) as Record<string, unknown>;
    for (const field of ["first_name", "last_name", "line1", "city", "country_code"]) {
      need(typeof address[field] === "string" && address[field] !== "", `shipping_address.${field}`);
    }
    const urls = (body.merchant_url ?? {}) as Record<string, unknown>;
    for (const field of ["success", "failure", "cancel", "notification"]) {
      need(typeof urls[field] === "string" && /^https?:\/\//.test(urls[field] as string), `merchant_url.${field}`);
    }
    need(["PAY_BY_INSTALMENTS", "PAY_NOW"].includes(String(body.payment_type)), "payment_type");
    need(body.country_code === "SA", "country_code");
    need(["ar_SA", "en_US"].includes(String(body.locale)), "locale");
    need(
      body.expires_in_minutes === undefined ||
        (Number.isInteger(body.expires_in_minutes) && (body.expires_in_minutes as number) > 0),
      "expires_in_minutes",
    );
    if (problems.length === 0) {
      const itemsTotal = items.reduce((sum, item) => sum + cents(item.total_amount as Money), 0);
      need(
        itemsTotal + cents(body.shipping_amount as Money) === cents(body.total_amount as Money),
        "total_amount (items + shipping)",
      );
    }
    if (problems.length > 0) return error(400, "Invalid request", problems);
    const id = randomUUID();
    const zero = { amount: 0, currency: "SAR" };
    const order: Order = {
      order_id: id,
      checkout_id: randomUUID(),
      order_reference_id: body.order_reference_id as string,
      order_number: (body.order_number as string | undefined) ?? (body.order_reference_id as string),
      status: "new",
      total_amount: body.total_amount as Money,
      tax_amount: body.tax_amount as Money,
      shipping_amount: body.shipping_amount as Money,
      captured_amount: zero,
      refunded_amount: zero,
      canceled_amount: zero,
      items,
      consumer,
      shipping_address: address,
      merchant_url: urls as Record<string, string>,
      payment_type: body.payment_type as string,
      instalments: (body.instalments as number | undefined) ?? 4,
      locale: body.locale as string,
      created_at: this.clock.now().toISOString(),
    };
    this.orders.set(id, order);
    const minutes = (body.expires_in_minutes as number | undefined) ?? CHECKOUT_MINUTES;
    this.lapsesAt.set(id, this.clock.nowMs() + minutes * 60_000);
    return {
      status: 200,
      body: { order_id: id, checkout_id: order.checkout_id, checkout_url: `${this.url}/checkout/${id}`, status: "new" },
    };
  }

  private page(id: string): Reply {
    const order = this.orders.get(id);
    if (!order) return error(404, "Order not found");
    return hostedPage("Tamara checkout", [
      order.order_reference_id,
      `${order.total_amount.amount} SAR in 4`,
      order.status,
    ]);
  }

  private async complete(id: string, value: unknown): Promise<Reply> {
    const order = this.orders.get(id);
    if (!order) return error(404, "Order not found");
    if (order.status !== "new") return error(409, `Order is ${order.status}`);
    const asked = ((value ?? {}) as Record<string, unknown>).outcome;
    const phone = String(order.consumer.phone_number).replace(/^\+?966/, "");
    const outcome = asked ?? (phone === tamaraTestPhones.decline ? "decline" : "approve");
    const next = { approve: "approved", decline: "declined", cancel: "canceled", expire: "expired" }[String(outcome)];
    if (!next) return error(400, "Unknown outcome");
    order.status = next;
    // An approved order waits 72 hours for our authorisation.
    if (next === "approved") this.lapsesAt.set(id, this.clock.nowMs() + APPROVED_EXPIRY_MS);
    if (next === "approved" || next === "declined" || next === "expired") await this.notify(order, `order_${next}`);
    const urls = order.merchant_url;
    const redirect = { approved: urls.success, declined: urls.failure, canceled: urls.cancel, expired: urls.failure }[
      next
    ];
    return { status: 200, body: { status: next, redirect } };
  }

  private async authorise(id: string): Promise<Reply> {
    const order = this.orders.get(id);
    if (!order) return error(404, "Order not found");
    if (order.status === "authorised")
      return error(409, "Order was already authorised", [{ error_code: "order_already_authorised" }]);
    if (order.status !== "approved")
      return error(400, `Order is ${order.status}, not approved`, [{ error_code: "invalid_order_status" }]);
    order.status = "authorised";
    await this.notify(order, "order_authorised");
    return {
      status: 200,
      body: {
        order_id: id,
        status: "authorised",
        order_expiry_time: new Date(this.clock.nowMs() + 21 * 86_400_000).toISOString(),
        payment_type: order.payment_type,
        auto_captured: false,
        authorized_amount: order.total_amount,
      },
    };
  }

  private async cancel(id: string, value: unknown): Promise<Reply> {
    const order = this.orders.get(id);
    if (!order) return error(404, "Order not found");
    const body = (value ?? {}) as Record<string, unknown>;
    if (!isMoney(body.total_amount))
      return error(400, "Invalid request", [{ error_code: "invalid_field", data: { field: "total_amount" } }]);
    // Captured money comes back by refund, not by cancel.
    if (!["approved", "authorised"].includes(order.status))
      return error(400, `Order is ${order.status}`, [{ error_code: "invalid_order_status" }]);
    order.status = "canceled";
    order.canceled_amount = body.total_amount;
    await this.notify(order, "order_canceled");
    return {
      status: 200,
      body: { order_id: id, cancel_id: randomUUID(), status: "canceled", canceled_amount: body.total_amount },
    };
  }

  private async capture(value: unknown): Promise<Reply> {
    const body = (value ?? {}) as Record<string, unknown>;
    const order = this.orders.get(String(body.order_id ?? ""));
    if (!order) return error(404, "Order not found", [{ error_code: "order_not_found" }]);
    const shipping = (body.shipping_info ?? {}) as Record<string, unknown>;
    const problems: { error_code: string; data?: unknown }[] = [];
    if (!isMoney(body.total_amount)) problems.push({ error_code: "invalid_field", data: { field: "total_amount" } });
    for (const field of ["shipped_at", "shipping_company"]) {
      if (typeof shipping[field] !== "string" || shipping[field] === "")
        problems.push({ error_code: "invalid_field", data: { field: `shipping_info.${field}` } });
    }
    if (problems.length > 0) return error(400, "Invalid request", problems);
    if (!["authorised", "partially_captured"].includes(order.status))
      return error(400, `Order is ${order.status}, not authorised`, [{ error_code: "invalid_order_status" }]);
    const captured = cents(order.captured_amount) + cents(body.total_amount as Money);
    if (captured > cents(order.total_amount))
      return error(400, "Capture amount exceeds the order amount", [{ error_code: "invalid_capture_amount" }]);
    order.captured_amount = { amount: captured / 100, currency: "SAR" };
    order.status = captured === cents(order.total_amount) ? "fully_captured" : "partially_captured";
    await this.notify(order, "order_captured");
    return {
      status: 200,
      body: {
        capture_id: randomUUID(),
        order_id: order.order_id,
        status: order.status,
        captured_amount: body.total_amount,
      },
    };
  }

  private async refund(id: string, value: unknown): Promise<Reply> {
    const order = this.orders.get(id);
    if (!order) return error(404, "Order not found");
    const body = (value ?? {}) as Record<string, unknown>;
    if (!isMoney(body.total_amount) || typeof body.comment !== "string" || !body.comment) {
      return error(400, "Invalid request", [{ error_code: "invalid_field", data: { field: "total_amount, comment" } }]);
    }
    // Only captured money can be refunded: an authorised order is cancelled instead.
    const refundable = cents(order.captured_amount) - cents(order.refunded_amount);
    if (!["fully_captured", "partially_captured", "partially_refunded"].includes(order.status)) {
      return error(400, `Order is ${order.status}: only a captured order can be refunded`, [
        { error_code: "invalid_order_status" },
      ]);
    }
    if (cents(body.total_amount) <= 0 || cents(body.total_amount) > refundable) {
      return error(400, "Refund amount exceeds the captured amount", [{ error_code: "invalid_refund_amount" }]);
    }
    const refunded = cents(order.refunded_amount) + cents(body.total_amount);
    order.refunded_amount = { amount: refunded / 100, currency: "SAR" };
    order.status = refunded === cents(order.total_amount) ? "fully_refunded" : "partially_refunded";
    await this.notify(order, "order_refunded");
    return {
      status: 200,
      body: {
        order_id: id,
        refund_id: randomUUID(),
        comment: body.comment,
        capture_id: randomUUID(),
        status: order.status,
      },
    };
  }

  private async notify(order: Order, eventType: string): Promise<void> {
    const now = Math.floor(this.clock.nowMs() / 1000);
    const token = await signTamaraToken(this.options.notificationToken, { iat: now, exp: now + 3600, iss: "Tamara" });
    const url = new URL(order.merchant_url.notification!);
    url.searchParams.set("tamaraToken", token);
    await this.sendWebhook(
      url.toString(),
      {
        order_id: order.order_id,
        order_reference_id: order.order_reference_id,
        order_number: order.order_number,
        event_type: eventType,
        data: [],
      },
      { Authorization: `Bearer ${token}` },
    );
  }
}

export async function startTamaraFake(options: TamaraFakeOptions): Promise<TamaraFake> {
  return new TamaraFake(options).start();
}
