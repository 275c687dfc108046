import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PaymentRequest, WebhookRequest } from "#server/modules/payments/gateway.ts";

/**
 * Stands in for the shop's webhook endpoint in the adapter tests: records each webhook as the
 * gateway's verifyWebhook receives it (headers, query, parsed body) and answers 200.
 */
export async function startWebhookReceiver(): Promise<{
  url: string;
  received: WebhookRequest[];
  close(): Promise<void>;
}> {
  const received: WebhookRequest[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://receiver");
    received.push({
      headers: request.headers,
      query: Object.fromEntries(url.searchParams),
      body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null"),
    });
    response.writeHead(200).end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payment/webhooks`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An order for 422 SAR (the Nawat date bowl, VAT included) as the order service would ask. */
export function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  return {
    method: "credit-card",
    orderId: "4b0d3c1e-8d3a-4a57-9c55-3f0f2f8a1b21",
    reference: "NW-240611-0042",
    amountHalalas: 42_200,
    vatHalalas: 5_504,
    currency: "SAR",
    item: {
      productId: "nawat",
      name: "Nawat Date Bowl",
      quantity: 1,
      unitAmountHalalas: 42_200,
      imageUrl: "https://nawat.studio/api/image/nawat",
      productUrl: "https://nawat.studio/products",
    },
    buyer: { name: "Sara Al-Qahtani", email: "sara@example.sa", phone: "+966544337866" },
    address: {
      city: "Riyadh",
      district: "Al Olaya",
      street: "Olaya Street",
      building: "7420",
      postalCode: "12214",
      country: "SA",
    },
    lang: "ar",
    returnUrls: {
      success: "https://nawat.studio/checkout?order=NW-240611-0042&intent=pi_1",
      failure: "https://nawat.studio/checkout?order=NW-240611-0042&intent=pi_1&outcome=failure",
      cancel: "https://nawat.studio/checkout?order=NW-240611-0042&intent=pi_1&outcome=cancel",
    },
    notificationUrl: "https://nawat.studio/api/payment/webhooks/tamara",
    idempotencyKey: "idem-0042",
    ...overrides,
  };
}
