/**
 * A second server for the credit note's browser test (tests/e2e/credit-note.spec.ts): the built
 * site and the real app (port CREDIT_NOTE_E2E_PORT) with an in-memory database, in which two paid
 * orders are refunded the way the refund flow does it: a partial refund of an order paid through a
 * real provider (CN-000001) and a full refund of a sandbox order (TEST-CN-000001). It prints both
 * as one JSON line once it listens.
 */
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { issueCreditNote } from "#server/modules/invoices/issue-credit-note.ts";
import { orderAccessToken } from "#server/modules/orders/order-access.ts";
import { insertPaidOrderWithInvoice } from "#tests/helpers/orders.ts";

const port = Number(process.env.CREDIT_NOTE_E2E_PORT ?? 3115);
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATA_DIR: "memory://",
  SITE_URL: `http://127.0.0.1:${port}`,
  BACKGROUND_JOBS: "false",
  PAYMENT_GATEWAY: "sandbox",
  SELLER_ADDRESS_EN: "7421 King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia",
  SELLER_ADDRESS_AR: "٧٤٢١ طريق الملك فهد، العليا، الرياض ١٢٢١٤، المملكة العربية السعودية",
});
// The log goes to stderr: stdout carries the one JSON line the spec reads.
const app = await buildApp(config, { logStream: process.stderr });
await app.ready();

async function refunded(gateway: string, amountHalalas: number, reason: string) {
  const { order, number: invoice } = await insertPaidOrderWithInvoice(
    app.db,
    {
      gateway,
      productId: "sanam",
      unitAmountHalalas: 35_050,
      paymentMethod: "tabby",
      customerName: "ريم العتيبي",
      deliveryAddress: {
        city: "الرياض",
        district: "الملقا",
        street: "طريق أنس بن مالك",
        building: "8123",
        country: "SA",
      },
    },
    app.payments.invoice,
  );
  const note = await app.db.transaction((tx) =>
    issueCreditNote(tx, { orderId: order.id, amountHalalas, reason, refundKey: `e2e:${order.id}` }, app.payments),
  );
  return { reference: order.reference, access: await orderAccessToken(app.db, order.id), invoice, number: note.number };
}

const live = await refunded("moyasar", 10_001, "Scratch on the base");
const sandbox = await refunded("sandbox", 35_050, "Test refund");
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ origin: `http://127.0.0.1:${port}`, live, sandbox })}\n`);

const stop = () => void app.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
