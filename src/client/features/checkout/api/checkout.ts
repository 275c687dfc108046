import { ApiError, apiJson } from "#client/lib/api.ts";
import { readApiError } from "#client/components/ui/form/server-errors.ts";
import type { OrderView } from "#client/lib/orders.ts";
import type { OrderStatusValue } from "#shared/schemas/orders.ts";
import type { Lang } from "#shared/lang.ts";
import type { CheckoutPaymentMethod, CheckoutProductId, CreateIntentInput } from "#shared/schemas/checkout.ts";

/** GET /api/products: the prices the server sells at (DESIGN D8). */
export type CatalogPrice = { id: string; name: string; nameAr: string; priceHalalas: number };

/** GET /api/payment/methods (decision 0017). */
export type PaymentMethodOffer = {
  id: CheckoutPaymentMethod;
  available: boolean;
  instalment?: { count: number; amountHalalas: number };
};

/** POST /api/payment/create-intent's 201, or its 202 (`status: "pending"`) for a wallet charge the provider never answered. */
export type CreateIntentAnswer = {
  paymentIntentId: string;
  orderReference: string;
  accessToken: string;
  status: OrderStatusValue;
  redirectUrl?: string;
};

/** POST /api/payment/confirm's 200 (and the `order` a 402 carries). */
export type ConfirmAnswer = { order: OrderView; accessToken?: string };

/** The buyer's details as the form hands them on (the shared schema's output). */
export type BuyerDetails = {
  name: string;
  email: string;
  phone: string;
  address: { city: string; district: string; street: string; building?: string; postalCode?: string };
};

const language = (lang: Lang) => ({ "Accept-Language": lang });

export async function fetchPrices(): Promise<CatalogPrice[]> {
  return (await apiJson<{ products: CatalogPrice[] }>("GET", "/api/products")).products;
}

/** The methods offered, and whether the shop runs on the sandbox (every order a test; issue 35). */
export type MethodsAnswer = { methods: PaymentMethodOffer[]; testMode: boolean };

export async function fetchMethods(productId: CheckoutProductId, lang: Lang): Promise<MethodsAnswer> {
  const answer = await apiJson<{ methods: PaymentMethodOffer[]; testMode?: boolean }>(
    "GET",
    `/api/payment/methods?productId=${encodeURIComponent(productId)}`,
    undefined,
    language(lang),
  );
  return { methods: answer.methods, testMode: answer.testMode === true };
}

export function createIntent(
  input: {
    buyer: BuyerDetails;
    method: CheckoutPaymentMethod;
    productId: CheckoutProductId;
    amountHalalas: number;
    applePayToken?: unknown;
    lang: Lang;
  },
  idempotencyKey: string,
): Promise<CreateIntentAnswer> {
  const body: CreateIntentInput = {
    ...input.buyer,
    paymentMethod: input.method,
    productId: input.productId,
    quantity: 1,
    // SAR as the page shows it; the server prices from the catalog and refuses a mismatch.
    amount: (input.amountHalalas / 100).toFixed(2),
    currency: "SAR",
    ...(input.applePayToken === undefined ? {} : { applePayToken: input.applePayToken }),
    lang: input.lang,
  };
  return apiJson<CreateIntentAnswer>("POST", "/api/payment/create-intent", body, {
    ...language(input.lang),
    "Idempotency-Key": idempotencyKey,
  });
}

/** The order's true state, as the provider reports it (confirm asks the gateway; decision 0017). */
export type ConfirmOutcome =
  | { kind: "paid"; order: OrderView; accessToken?: string }
  | { kind: "waiting"; order: OrderView; accessToken?: string }
  | { kind: "failed"; message?: string };

export async function confirmPayment(
  paymentIntentId: string,
  paymentMethod: CheckoutPaymentMethod,
  lang: Lang,
): Promise<ConfirmOutcome> {
  try {
    const answer = await apiJson<ConfirmAnswer>(
      "POST",
      "/api/payment/confirm",
      { paymentIntentId, paymentMethod },
      language(lang),
    );
    return outcomeOf(answer);
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) return { kind: "failed", message: error.serverMessage };
    throw error;
  }
}

/**
 * Confirm for a return whose method this tab may not know (the return address names the order
 * and the intent only; the server refuses a method other than the order's): tries each given
 * method until the server recognises the order's.
 */
export async function confirmWithAnyMethod(
  paymentIntentId: string,
  methods: readonly CheckoutPaymentMethod[],
  lang: Lang,
): Promise<{ outcome: ConfirmOutcome; method: CheckoutPaymentMethod }> {
  let refusal: unknown = new Error("No payment method to confirm with");
  for (const method of methods) {
    try {
      return { outcome: await confirmPayment(paymentIntentId, method, lang), method };
    } catch (error) {
      if (!isMethodMismatch(error)) throw error;
      refusal = error;
    }
  }
  throw refusal;
}

function isMethodMismatch(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  return Boolean(readApiError(error.body)?.fields?.paymentMethod);
}

export function outcomeOf(answer: ConfirmAnswer): ConfirmOutcome {
  const { order } = answer;
  const token = answer.accessToken ? { accessToken: answer.accessToken } : {};
  if (order.status === "paid") return { kind: "paid", order, ...token };
  if (order.status === "pending" || order.status === "awaiting_payment") return { kind: "waiting", order, ...token };
  return { kind: "failed" };
}

/**
 * GET /api/orders/:reference with the order's token in the X-Order-Access header (never in the
 * URL): the order as its buyer may read it, while a wallet charge is being confirmed (issue 35).
 */
export async function fetchOrderStatus(reference: string, accessToken: string, lang: Lang): Promise<OrderView> {
  const answer = await apiJson<{ order: OrderView }>("GET", `/api/orders/${encodeURIComponent(reference)}`, undefined, {
    ...language(lang),
    "X-Order-Access": accessToken,
  });
  return answer.order;
}

/** GET /api/account: the signed-in buyer's phone as the account holds it, to fill the form. */
export async function fetchAccountPhone(): Promise<string | null | undefined> {
  return (await apiJson<{ account: { phone?: string | null } }>("GET", "/api/account")).account.phone;
}

/** POST /api/payment/apple-pay/session: the merchant session for completeMerchantValidation. */
export function appleMerchantSession(validationUrl: string, lang: Lang): Promise<unknown> {
  return apiJson<unknown>("POST", "/api/payment/apple-pay/session", { validationUrl }, language(lang));
}

/**
 * What a refused create-intent means for the visitor (spec §8, decision 0017): a 400 that names
 * fields shows them under the fields; 402 is the provider's decline, in its words; anything else
 * (another 400, 5xx, no connection) is the spec's "System Error".
 */
export type IntentFailure =
  | { kind: "fields"; fields: Record<string, string> }
  | { kind: "declined"; message?: string }
  | { kind: "system"; message?: string };

export function classifyIntentFailure(error: unknown): IntentFailure {
  if (!(error instanceof ApiError)) return { kind: "system" };
  const body = readApiError(error.body);
  if (error.status === 400 && body?.fields && Object.keys(body.fields).length > 0)
    return { kind: "fields", fields: body.fields };
  if (error.status === 402) return { kind: "declined", ...(body ? { message: body.message } : {}) };
  return { kind: "system", ...(error.status === 400 && body ? { message: body.message } : {}) };
}

/** A fresh key per payment attempt: a retried request (double click, reload) is one charge. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
