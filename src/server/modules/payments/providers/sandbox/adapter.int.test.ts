import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentRequest } from "#tests/fakes/webhook-receiver.ts";
import { createTestApp } from "#tests/helpers/app.ts";
import { createSandboxGateway, sandboxWebhookSecret, type SandboxGateway } from "./adapter.ts";

/**
 * The sandbox's findPayment (issue 35): the in-process gateway `npm start` uses finds a payment
 * whose answer was lost in its own ledger, by the idempotency key it was opened with.
 */
let app: FastifyInstance;
let gateway: SandboxGateway;

beforeAll(async () => {
  app = await createTestApp();
  gateway = await createSandboxGateway({
    db: app.db,
    secret: await sandboxWebhookSecret(app.db),
    siteUrl: "https://nawat.test",
    duplicateRate: 0,
    onWebhookQueued: () => {},
  });
});
afterAll(async () => {
  await app.close();
});

const order = () => {
  const orderId = randomUUID();
  return {
    request: paymentRequest({ orderId, idempotencyKey: orderId }),
    lookup: {
      method: "credit-card" as const,
      orderId,
      reference: "NW-240611-0042",
      idempotencyKey: orderId,
      createdAt: new Date(),
    },
  };
};

describe("sandbox: finding the payment of an order whose answer was lost", () => {
  it("finds the payment opened under the order's key, with the order id echoed, as fetchPayment reads it", async () => {
    const { request, lookup } = order();
    const created = await gateway.createPayment(request);
    const found = await gateway.findPayment(lookup);
    expect(found).toEqual(await gateway.fetchPayment(created.providerPaymentId));
    expect(found).toMatchObject({
      providerPaymentId: created.providerPaymentId,
      status: "requires_action",
      redirectUrl: `https://nawat.test/sandbox-gateway/pay/${created.providerPaymentId}`,
      orderId: lookup.orderId,
    });
  });

  it("finds null for an order the sandbox never opened a payment for", async () => {
    await gateway.createPayment(order().request);
    expect(await gateway.findPayment(order().lookup)).toBeNull();
  });

  it("finds the paid state after the buyer paid on the hosted page", async () => {
    const { request, lookup } = order();
    const created = await gateway.createPayment(request);
    await gateway.submitCard(created.providerPaymentId, "4111 1111 1111 1111");
    await gateway.finishThreeDs(created.providerPaymentId, true);
    expect(await gateway.findPayment(lookup)).toMatchObject({ status: "paid", capturedHalalas: 42_200 });
  });
});
