/**
 * A second server for the checkout's browser test of a lost Apple Pay answer
 * (tests/e2e/lost-answer.spec.ts, issue 35): the built site and the real app (port
 * LOST_ANSWER_E2E_PORT, in-memory database) with PAYMENT_GATEWAY=providers and the local Moyasar
 * fake in this process. It prints its origin as one JSON line once it listens, then takes commands
 * on stdin, one per line, answering each with a line:
 * - `drop`: Moyasar carries out the next Apple Pay charge, then loses its answer (and holds its
 *   notification back), as a timeout after the charge does;
 * - `reconcile`: the reconciliation job runs, as if its minute had come after every deadline.
 */
import { createInterface } from "node:readline";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { reconcilePayments } from "#server/modules/orders/reconcile-payments.ts";
import { startMoyasarFake } from "#server/modules/payments/providers/moyasar/fake-server.ts";
import { TEST_SELLER } from "#tests/helpers/orders.ts";

const port = Number(process.env.LOST_ANSWER_E2E_PORT ?? 3118);
const origin = `http://127.0.0.1:${port}`;
const keys = { secretKey: "sk_test_e2e_lost", publishableKey: "pk_test_e2e_lost", webhookSecret: "moyasar-e2e-lost" };
const moyasar = await startMoyasarFake({ ...keys, webhookUrl: `${origin}/api/payment/webhooks/moyasar` });
const config = loadConfig({
  // Real money's configuration refuses the placeholder seller (invoice-config.ts).
  ...TEST_SELLER,
  NODE_ENV: "production",
  LOG_LEVEL: "error",
  HOST: "127.0.0.1",
  // The main browser-test server holds the default metrics port.
  METRICS_PORT: "0",
  PORT: String(port),
  DATA_DIR: "memory://",
  SITE_URL: origin,
  BACKGROUND_JOBS: "false",
  CHECKOUTS_PER_MINUTE: "1000",
  PAYMENT_CONFIRMS_PER_MINUTE: "10000",
  PAYMENT_GATEWAY: "providers",
  PAYMENT_PROVIDER_TIMEOUT_MS: "2000",
  MOYASAR_SECRET_KEY: keys.secretKey,
  MOYASAR_PUBLISHABLE_KEY: keys.publishableKey,
  MOYASAR_WEBHOOK_SECRET: keys.webhookSecret,
  MOYASAR_API_URL: moyasar.url,
});
// The log goes to stderr: stdout carries the lines the spec reads.
const app = await buildApp(config, { logStream: process.stderr });
await app.ready();
await app.listen({ port, host: "127.0.0.1" });
process.stdout.write(`${JSON.stringify({ origin })}\n`);

const stop = () => void Promise.all([app.close(), moyasar.close()]).then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

for await (const line of createInterface({ input: process.stdin })) {
  const command = line.trim();
  if (command === "drop") {
    moyasar.webhookMode.hold = true;
    moyasar.dropAnswers({ method: "POST", path: /^\/v1\/payments$/, count: 1, how: "reset" });
  } else if (command === "reconcile") {
    await reconcilePayments(app.payments, {
      olderThanMs: 62_000,
      expiryHours: config.CHECKOUT_EXPIRY_HOURS,
      now: new Date(Date.now() + 5 * 60_000),
    });
  }
  process.stdout.write(`${JSON.stringify({ done: command })}\n`);
}
