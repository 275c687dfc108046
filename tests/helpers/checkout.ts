import type { FastifyInstance } from "fastify";

/** A valid create-intent body for the Nawat bowl (422 SAR), overridable field by field. */
export function checkoutBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Noura Al-Harbi",
    email: "noura@example.sa",
    phone: "0551234567",
    address: { city: "Riyadh", district: "Al Olaya", street: "King Fahd Road", building: "1234", postalCode: "12211" },
    paymentMethod: "credit-card",
    productId: "nawat",
    quantity: 1,
    amount: "422.00",
    currency: "SAR",
    ...overrides,
  };
}

export async function createIntent(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({ method: "POST", url: "/api/payment/create-intent", payload: checkoutBody(overrides), headers });
}

/** Posts a form of the sandbox's hosted page as the browser would (urlencoded, same origin). */
export async function postSandboxForm(app: FastifyInstance, path: string, form: Record<string, string>) {
  return app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });
}

/** The hosted page's path of a redirect URL the API answered. */
export const sandboxPath = (redirectUrl: string) => new URL(redirectUrl).pathname;

/** Pays on the sandbox's hosted page with a test card and its 3-D Secure step; answers the final response (303 back to the shop). */
export async function payByCard(app: FastifyInstance, redirectUrl: string, number: string, approve = true) {
  const path = sandboxPath(redirectUrl);
  const card = await postSandboxForm(app, `${path}/card`, { number, expiry: "12/30", cvc: "123", name: "Noura" });
  if (card.statusCode !== 200) throw new Error(`card step: ${card.statusCode} ${card.body}`);
  return postSandboxForm(app, `${path}/3ds`, { action: approve ? "approve" : "fail" });
}

export async function confirm(app: FastifyInstance, paymentIntentId: string, paymentMethod = "credit-card") {
  return app.inject({ method: "POST", url: "/api/payment/confirm", payload: { paymentIntentId, paymentMethod } });
}
