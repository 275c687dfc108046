import { apiJson } from "#client/lib/api.ts";
import type { OrderView } from "#client/lib/orders.ts";
import type { Lang } from "#shared/lang.ts";

/** An order and, when the server hands one out, the token that opens it and its invoice. */
export type OrderAnswer = { order: OrderView; accessToken?: string };

/** POST /api/orders/lookup (rate-limited): 404 alike for a wrong reference or e-mail. */
export function lookupOrder(input: { reference: string; email: string }, lang: Lang): Promise<OrderAnswer> {
  return apiJson<OrderAnswer>("POST", "/api/orders/lookup", { ...input, lang }, { "Accept-Language": lang });
}

/**
 * GET /api/orders/:reference, with the link's access token (in the X-Order-Access header, never in
 * the URL: issue 35) or as the signed-in owner.
 */
export function fetchOrder(reference: string, accessToken: string | undefined, lang: Lang): Promise<OrderAnswer> {
  return apiJson<OrderAnswer>("GET", `/api/orders/${encodeURIComponent(reference)}`, undefined, {
    "Accept-Language": lang,
    ...(accessToken ? { "X-Order-Access": accessToken } : {}),
  });
}
