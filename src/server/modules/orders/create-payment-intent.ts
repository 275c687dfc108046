import { createHash, randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import { ApiError } from "#server/lib/api-error.ts";
import { runStatement, statement } from "#server/db/statements.ts";
import { isUniqueViolation } from "#server/db/unique-violation.ts";
import { orderEvents, orders } from "#server/db/schema.ts";
import type { CatalogProduct } from "#server/modules/products/list-products.ts";
import type { Lang } from "#shared/lang.ts";
import { paymentMethodOf } from "#shared/payment-methods.ts";
import type { CheckoutPaymentMethod } from "#shared/schemas/checkout.ts";
import type { OrderStatusValue } from "#shared/schemas/orders.ts";
import {
  GatewayError,
  type PaymentGateway,
  type PaymentRequest,
  type ProviderPayment,
} from "#server/modules/payments/gateway.ts";
import { declineMessage } from "#server/modules/payments/decline-message.ts";
import type { PaymentsContext } from "#server/modules/payments/payments-context.ts";
import { syncOrderWithGateway } from "#server/modules/payments/sync-order.ts";
import { orderAccessToken } from "./order-access.ts";
import { newOrderReference, newPaymentIntentId } from "./order-reference.ts";
import { orderStatement, type OrderRow } from "./order-row.ts";
import { moveOrder, moveOrderFrom } from "./order-transitions.ts";
import { priceCheckout, type PricedOrder } from "./pricing.ts";

/** create-intent's body after validation (createIntentSchema's output). */
export type CreateIntentRequest = {
  name: string;
  email: string;
  phone: string;
  address: {
    city: string;
    district: string;
    street: string;
    building?: string | undefined;
    postalCode?: string | undefined;
  };
  paymentMethod: CheckoutPaymentMethod;
  productId: string;
  quantity: number;
  amount: number | string;
  currency: string;
  applePayToken?: unknown;
};

export type CreateIntentAnswer = {
  paymentIntentId: string;
  orderReference: string;
  accessToken: string;
  status: OrderStatusValue;
  redirectUrl?: string;
};

export type CreateIntentCaller = {
  lang: Lang;
  userId: string | null;
  /** The `Idempotency-Key` header, already checked for shape. */
  idempotencyKey?: string | undefined;
};

/** How long a retry with the same Idempotency-Key waits for the first request to finish. */
const IDEMPOTENCY_WAIT_MS = 5000;

/** The request as a stable string: keys sorted, so that the same request hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestHash(input: CreateIntentRequest, lang: Lang): string {
  return createHash("sha256")
    .update(canonical({ ...input, lang }))
    .digest("base64url");
}

type CreateStage = {
  stage: "create";
  /** `unanswered`: the provider's answer never came (issue 35); the order waits, pending, for reconciliation. */
  outcome: "opened" | "declined" | "gateway_error" | "invalid_token" | "unanswered";
  redirectUrl?: string;
  failureReason?: string;
};

/**
 * The first answer of a create-intent, rebuilt from the order's history: the event written at
 * the creation stage says what was answered (status, redirect, or the refusal), so a retry with
 * the same Idempotency-Key gets the same answer without calling the gateway again.
 */
async function answerOf(context: PaymentsContext, order: OrderRow): Promise<CreateIntentAnswer | undefined> {
  const events = await context.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.id));
  const first = events.find((event) => (event.detail as Partial<CreateStage> | null)?.stage === "create");
  if (!first) return order.status === "pending" ? undefined : answerOfMoved(context, order);
  const detail = first.detail as unknown as CreateStage;
  refuseIfRefused(order, detail);
  return {
    paymentIntentId: order.paymentIntentId ?? "",
    orderReference: order.reference,
    accessToken: await orderAccessToken(context.db, order.id, undefined, order.createdAt),
    status: first.toStatus,
    ...(detail.redirectUrl ? { redirectUrl: detail.redirectUrl } : {}),
  };
}

/**
 * The answer for an order that the provider's webhook moved before create-intent's own answer
 * was written (issue 35: a webhook for a payment no order held yet is matched to its order at
 * once, so it can pay, or fail, an Apple Pay order while the charge's answer is on its way):
 * the order as it now is; a failure as the provider's decline when it gave one.
 */
async function answerOfMoved(context: PaymentsContext, order: OrderRow): Promise<CreateIntentAnswer> {
  if (order.status === "failed") {
    const [failed] = await context.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "failed")))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    const reason = failed?.detail?.failureReason;
    refuseIfRefused(order, {
      stage: "create",
      outcome: failed?.detail?.providerStatus === "failed" ? "declined" : "gateway_error",
      ...(typeof reason === "string" ? { failureReason: reason } : {}),
    });
  }
  return {
    paymentIntentId: order.paymentIntentId ?? "",
    orderReference: order.reference,
    accessToken: await orderAccessToken(context.db, order.id, undefined, order.createdAt),
    status: order.status,
  };
}

function refuseIfRefused(order: OrderRow, detail: CreateStage): void {
  // A wallet's charge whose answer was lost is being confirmed (202); a hosted page's URL never
  // reached the buyer, who sees the same "system error" as for any failure (the order stays
  // pending for the reconciliation job).
  if (
    detail.outcome === "unanswered" &&
    paymentMethodOf(order.paymentMethod as CheckoutPaymentMethod).flow !== "wallet"
  ) {
    throw new ApiError(502, "gateway_error", "payments.gatewayError");
  }
  if (detail.outcome === "declined") {
    throw new ApiError(402, "payment_declined", declineMessage(order.paymentMethod, detail.failureReason));
  }
  if (detail.outcome === "gateway_error") throw new ApiError(502, "gateway_error", "payments.gatewayError");
  if (detail.outcome === "invalid_token") {
    throw new ApiError(400, "invalid_request", "payments.applePayToken", {
      fields: { applePayToken: "payments.applePayToken" },
    });
  }
}

/** A retry with a key already used: the first answer, once it exists; a different request is refused. */
async function replay(context: PaymentsContext, key: string, hash: string): Promise<CreateIntentAnswer | undefined> {
  const deadline = Date.now() + IDEMPOTENCY_WAIT_MS;
  for (;;) {
    const [existing] = await context.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    if (!existing) return undefined;
    if (existing.idempotencyRequestHash !== hash) {
      throw new ApiError(422, "idempotency_key_reused", "payments.idempotencyKey.reused");
    }
    const answer = await answerOf(context, existing);
    if (answer) return answer;
    if (Date.now() > deadline) {
      throw new ApiError(409, "idempotency_in_progress", "payments.idempotencyKey.inProgress", {
        headers: { "Retry-After": "1" },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function paymentRequest(
  context: PaymentsContext,
  order: OrderRow,
  priced: PricedOrder,
  input: CreateIntentRequest,
): PaymentRequest {
  const back = `${context.siteUrl}${order.lang === "ar" ? "/ar" : ""}/checkout?${new URLSearchParams({
    order: order.reference,
    intent: order.paymentIntentId ?? "",
    // The page confirms with the order's own method (confirm refuses any other).
    method: input.paymentMethod,
  }).toString()}`;
  const product: CatalogProduct = priced.product;
  return {
    method: input.paymentMethod,
    orderId: order.id,
    reference: order.reference,
    amountHalalas: order.totalAmountHalalas,
    vatHalalas: order.vatHalalas,
    currency: "SAR",
    item: {
      productId: product.id,
      name: order.lang === "ar" ? product.nameAr : product.name,
      quantity: order.quantity,
      unitAmountHalalas: order.unitAmountHalalas,
      imageUrl: `${context.siteUrl}/api/image/${product.id}`,
      productUrl: `${context.siteUrl}${order.lang === "ar" ? "/ar" : ""}/products`,
    },
    buyer: { name: order.customerName, email: order.customerEmail, phone: order.customerPhone ?? "" },
    address: order.deliveryAddress!,
    lang: order.lang === "ar" ? "ar" : "en",
    returnUrls: { success: back, failure: back, cancel: back },
    notificationUrl: `${context.siteUrl}/api/payment/webhooks/${context.gateways.forMethod(input.paymentMethod)?.id}`,
    idempotencyKey: order.id,
    ...(input.applePayToken !== undefined ? { applePayToken: input.applePayToken } : {}),
  };
}

const insertOrderStatement = statement(
  "insert_order",
  `with inserted as (
     insert into orders (id, reference, user_id, product_id, quantity, unit_amount_halalas,
       total_amount_halalas, vat_halalas, currency, status, payment_method, customer_name,
       customer_email, customer_phone, delivery_address, payment_intent_id, idempotency_key,
       idempotency_request_hash, lang)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12, $13, $14::jsonb, $15, $16, $17, $18)
     returning *),
   first_event as (
     insert into order_events (order_id, from_status, to_status, actor)
     select id, null, 'pending', 'buyer' from inserted)
   select to_jsonb(inserted) as row from inserted`,
);

/**
 * The order row and its first history row, written before the gateway is asked anything: one
 * prepared statement (decision 0026; the history row in a CTE, its foreign key checked at the
 * statement's end), so both exist or neither without a transaction's extra round trips.
 */
async function insertOrder(
  context: PaymentsContext,
  priced: PricedOrder,
  input: CreateIntentRequest,
  caller: CreateIntentCaller,
  hash: string | undefined,
): Promise<OrderRow> {
  const address = {
    city: input.address.city,
    district: input.address.district,
    street: input.address.street,
    ...(input.address.building ? { building: input.address.building } : {}),
    ...(input.address.postalCode ? { postalCode: input.address.postalCode } : {}),
    country: "SA",
  };
  const order = await orderStatement(context.db, insertOrderStatement, [
    randomUUID(),
    newOrderReference(),
    caller.userId,
    priced.product.id,
    priced.quantity,
    priced.unitAmountHalalas,
    priced.totalAmountHalalas,
    priced.vatHalalas,
    priced.currency,
    input.paymentMethod,
    input.name,
    input.email,
    input.phone,
    JSON.stringify(address),
    newPaymentIntentId(),
    caller.idempotencyKey ?? null,
    hash ?? null,
    caller.lang,
  ]);
  if (!order) throw new Error("the order insert answered no row");
  return order;
}

/**
 * POST /api/payment/create-intent (spec §7, decision 0017): prices the product from the catalog
 * (a tampered amount, currency, product or quantity is refused), stores the order, opens the
 * payment at the method's gateway, and answers the intent id, the order reference, the order's
 * access token and, for the hosted methods, where to send the buyer. Apple Pay's approved token
 * pays at once. A decline (Tabby's pre-scoring, a declined Apple Pay) is 402, a provider's refusal
 * 502; both leave the order failed with the reason in its history. A call that did not answer
 * leaves the order pending for reconciliation (issue 35): Apple Pay answers `pending` (202), a
 * hosted page's method 502.
 */
export async function createPaymentIntent(
  context: PaymentsContext,
  catalog: CatalogProduct[],
  input: CreateIntentRequest,
  caller: CreateIntentCaller,
): Promise<CreateIntentAnswer> {
  const priced = priceCheckout(catalog, input);
  const gateway = context.gateways.forMethod(input.paymentMethod);
  if (!gateway) {
    throw new ApiError(400, "invalid_request", "payments.methodUnavailable", {
      fields: { paymentMethod: "payments.methodUnavailable" },
    });
  }
  // A wallet (Apple Pay) pays with the token its sheet gave the page; without one there is nothing to charge.
  const wallet = paymentMethodOf(input.paymentMethod).flow === "wallet";
  if (wallet && (input.applePayToken === undefined || input.applePayToken === null)) {
    throw new ApiError(400, "invalid_request", "payments.applePayToken", {
      fields: { applePayToken: "payments.applePayToken" },
    });
  }

  const hash = caller.idempotencyKey ? requestHash(input, caller.lang) : undefined;
  if (caller.idempotencyKey && hash) {
    const earlier = await replay(context, caller.idempotencyKey, hash);
    if (earlier) return earlier;
  }

  let order: OrderRow;
  try {
    order = await insertOrder(context, priced, input, caller, hash);
  } catch (error) {
    // The same key sent twice at once: the other request created the order; answer as it did.
    if (caller.idempotencyKey && hash && isUniqueViolation(error, "orders_idempotency_key_idx")) {
      const earlier = await replay(context, caller.idempotencyKey, hash);
      if (earlier) return earlier;
    }
    throw error;
  }
  const accessToken = await orderAccessToken(context.db, order.id, undefined, order.createdAt);
  return openPayment(context, gateway, order, priced, input, accessToken);
}

async function openPayment(
  context: PaymentsContext,
  gateway: PaymentGateway,
  order: OrderRow,
  priced: PricedOrder,
  input: CreateIntentRequest,
  accessToken: string,
): Promise<CreateIntentAnswer> {
  const actor = `gateway:${gateway.id}` as const;
  let payment: ProviderPayment;
  try {
    payment = await gateway.createPayment(paymentRequest(context, order, priced, input));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.outcomeUnknown) return unanswered(context, gateway, order, base(order, accessToken), error);
    const invalidToken = paymentMethodOf(input.paymentMethod).flow === "wallet" && error.status === 400;
    context.log.warn({ err: error, order: order.reference }, "the gateway refused to open the payment");
    const detail: CreateStage & Record<string, unknown> = {
      stage: "create",
      outcome: invalidToken ? "invalid_token" : "gateway_error",
      message: error.message,
      ...(error.status ? { providerHttpStatus: error.status } : {}),
    };
    await moveOrder(context, order.id, { to: "failed", actor, detail, set: { gateway: gateway.id } }, accessToken);
    refuseIfRefused(order, detail);
    throw error;
  }

  const set = { gateway: gateway.id, paymentReference: payment.providerPaymentId };
  const answer = base(order, accessToken);
  if (payment.status === "failed") {
    const detail: CreateStage & Record<string, unknown> = {
      stage: "create",
      outcome: "declined",
      providerStatus: payment.status,
      ...(payment.failureReason ? { failureReason: payment.failureReason } : {}),
    };
    await moveOrder(context, order.id, { to: "failed", actor, detail, set }, accessToken);
    refuseIfRefused(order, detail);
  }
  if (payment.status === "requires_action") {
    const detail: CreateStage & Record<string, unknown> = {
      stage: "create",
      outcome: "opened",
      providerStatus: payment.status,
      ...(payment.redirectUrl ? { redirectUrl: payment.redirectUrl } : {}),
    };
    const opening = { to: "awaiting_payment", actor, detail, set } as const;
    // The order was created pending by this request a moment ago: one statement moves it. Should
    // anything have moved it meanwhile, the locking path decides.
    const moved =
      (await moveOrderFrom(context.db, order.id, "pending", opening)) ??
      (await moveOrder(context, order.id, opening, accessToken)).order;
    return { ...answer, status: moved.status, ...(payment.redirectUrl ? { redirectUrl: payment.redirectUrl } : {}) };
  }
  // Paid or authorised at once (Apple Pay): record the payment, then the one confirm path.
  const [withPayment] = await context.db.update(orders).set(set).where(eq(orders.id, order.id)).returning();
  try {
    const { order: synced } = await syncOrderWithGateway(context, withPayment!, actor, {
      detail: { stage: "create", outcome: "opened" },
    });
    return { ...answer, status: synced.status };
  } catch (error) {
    // Charged, but the provider did not answer the re-read: the order keeps the payment's id and
    // is confirmed by the reconciliation job (or the buyer's confirm) once the provider answers.
    if (!(error instanceof GatewayError) || !error.outcomeUnknown) throw error;
    return unanswered(context, gateway, withPayment!, answer, error);
  }
}

function base(order: OrderRow, accessToken: string) {
  return { paymentIntentId: order.paymentIntentId ?? "", orderReference: order.reference, accessToken };
}

/** The order stays pending, its history saying that the provider's answer never came. */
const noteUnansweredStatement = statement(
  "order_create_unanswered",
  `with noted as (
     update orders set gateway = $2, updated_at = now() where id = $1 and status = 'pending' returning id)
   insert into order_events (order_id, from_status, to_status, actor, detail)
   select id, 'pending', 'pending', $3, $4::jsonb from noted
   returning order_id`,
);

/**
 * create-intent's provider call did not answer (a timeout, a cut connection, the provider's 5xx),
 * or answered and then did not answer its re-read (issue 35): the payment may exist at the provider,
 * so the order is neither failed nor paid. It stays `pending`, with the gateway and a history row
 * saying why, until the reconciliation job asks the provider (`findPayment`) and pays or fails it.
 * A wallet's buyer is told the payment is being confirmed (202 `pending`); a hosted page's buyer,
 * who never got its URL, gets the same 502 as for any provider failure.
 */
async function unanswered(
  context: PaymentsContext,
  gateway: PaymentGateway,
  order: OrderRow,
  answer: ReturnType<typeof base>,
  error: GatewayError,
): Promise<CreateIntentAnswer> {
  context.log.warn(
    { err: error, order: order.reference },
    "the provider did not answer create-intent: the order waits for reconciliation",
  );
  const detail: CreateStage & Record<string, unknown> = {
    stage: "create",
    outcome: "unanswered",
    message: error.message,
    ...(error.status ? { providerHttpStatus: error.status } : {}),
    ...(order.paymentReference ? { providerPaymentId: order.paymentReference } : {}),
  };
  const noted = await runStatement(context.db, noteUnansweredStatement, [
    order.id,
    gateway.id,
    `gateway:${gateway.id}`,
    JSON.stringify(detail),
  ]);
  if (noted.length === 0) {
    // No longer pending: the provider's webhook, matched to the order, settled it meanwhile.
    const [current] = await context.db.select().from(orders).where(eq(orders.id, order.id));
    if (current && current.status !== "pending") return answerOfMoved(context, current);
  }
  refuseIfRefused(order, detail);
  return { ...answer, status: "pending" };
}
