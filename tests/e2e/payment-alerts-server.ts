/**
 * A second server for the payment alerts' browser test (tests/e2e/payment-alerts.spec.ts): the
 * built site and the real app (port PAYMENT_ALERTS_E2E_PORT) with an in-memory database and its
 * admin (ADMIN_EMAIL), holding four payment alerts as the reconciliation leaves them (decision
 * 0044): a late card payment refunded, with its expired order; a payment no order knows, kept; a
 * second payment whose refund the provider refused; another unknown payment. It prints them as one
 * JSON line once it listens.
 */
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { paymentAlerts } from "#server/db/schema.ts";
import { insertOrder } from "#tests/helpers/orders.ts";
import { E2E_ADMIN } from "./e2e-admin.ts";

const port = Number(process.env.PAYMENT_ALERTS_E2E_PORT ?? 3117);
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
  // The main browser-test server holds the default metrics port.
  METRICS_PORT: "0",
  PORT: String(port),
  DATA_DIR: "memory://",
  SITE_URL: `http://127.0.0.1:${port}`,
  BACKGROUND_JOBS: "false",
  PAYMENT_GATEWAY: "sandbox",
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
});
// The log goes to stderr: stdout carries the one JSON line the spec reads.
const app = await buildApp(config, { logStream: process.stderr });
await app.ready();

const expired = await insertOrder(app.db, {
  status: "expired",
  paidAt: null,
  gateway: "moyasar",
  paymentReference: "5f2b7c1e-0b7a-4c55-9b5e-7c1d2e3f4a01",
});
const paid = await insertOrder(app.db, {
  status: "paid",
  gateway: "moyasar",
  paymentMethod: "apple-pay",
  paymentReference: "8d0c3a4b-2e1f-4d6a-8b9c-0a1b2c3d4e02",
});

async function alert(fields: Partial<typeof paymentAlerts.$inferInsert> & { providerPaymentId: string }) {
  const [row] = await app.db
    .insert(paymentAlerts)
    .values({
      kind: "unmatched",
      gateway: "moyasar",
      amountHalalas: 42_200,
      currency: "SAR",
      providerStatus: "paid",
      action: "kept",
      idempotencyKey: `e2e-${fields.providerPaymentId}`,
      ...fields,
    })
    .returning();
  return { id: row!.id, payment: row!.providerPaymentId };
}

const late = await alert({
  kind: "late",
  providerPaymentId: expired.paymentReference!,
  orderId: expired.id,
  action: "refunded",
  refundMethod: "refund",
  refundHalalas: 42_200,
});
const unknownEn = await alert({ providerPaymentId: "0a9b8c7d-6e5f-4a3b-9c2d-1e0f9a8b7c03" });
const refused = await alert({
  kind: "duplicate",
  providerPaymentId: "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d04",
  orderId: paid.id,
  action: "refund_failed",
  refundMethod: "refund",
  refundHalalas: 35_000,
  amountHalalas: 35_000,
  error: "Payment is not refundable",
});
const unknownAr = await alert({ providerPaymentId: "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e05", amountHalalas: 35_000 });

await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(
  `${JSON.stringify({
    origin: `http://127.0.0.1:${port}`,
    late: { ...late, reference: expired.reference },
    unknownEn,
    refused: { ...refused, reference: paid.reference },
    unknownAr,
  })}\n`,
);

const stop = () => void app.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
