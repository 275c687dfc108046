/**
 * A second server for the invoice's browser test (tests/e2e/invoice.spec.ts): the built site and
 * the real app on port 3114 (INVOICE_E2E_PORT) with an in-memory database, in which a paid order
 * and its invoice are inserted the way the paying transaction writes them. It prints the order's
 * reference, access token and invoice number as one JSON line once it listens.
 */
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { orderAccessToken } from "#server/modules/orders/order-access.ts";
import { insertPaidOrderWithInvoice } from "#tests/helpers/orders.ts";

const port = Number(process.env.INVOICE_E2E_PORT ?? 3114);
const config = loadConfig({
  NODE_ENV: "production",
  PAYMENT_GATEWAY: "sandbox",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: "memory://",
  SITE_URL: `http://127.0.0.1:${port}`,
  BACKGROUND_JOBS: "false",
});
// The log goes to stderr: stdout carries the one JSON line the spec reads.
const app = await buildApp(config, { logStream: process.stderr });
await app.ready();
const { order, number } = await insertPaidOrderWithInvoice(app.db, {
  productId: "sanam",
  unitAmountHalalas: 35_050,
  paymentMethod: "tabby",
  customerName: "ريم العتيبي",
  deliveryAddress: { city: "الرياض", district: "الملقا", street: "طريق أنس بن مالك", building: "8123", country: "SA" },
});
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(
  `${JSON.stringify({ origin: `http://127.0.0.1:${port}`, reference: order.reference, access: await orderAccessToken(app.db, order.id), number })}\n`,
);

const stop = () => void app.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
