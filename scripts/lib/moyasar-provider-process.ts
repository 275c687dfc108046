/**
 * A local Moyasar in a process of its own, for `npm run bench:checkout -- --gateway moyasar`: the
 * fake of the adapter tests (modules/payments/providers/moyasar/fake-server.ts, which follows Moyasar's documented
 * API), so that the provider's hosted page and its webhooks run beside the server, as Moyasar's
 * own servers would, instead of on the server's event loop as the built-in sandbox does.
 *
 * Reads MOYASAR_SECRET_KEY, MOYASAR_PUBLISHABLE_KEY, MOYASAR_WEBHOOK_SECRET and WEBHOOK_URL;
 * with DROP_FRACTION (0-1), that share of payment creations (`POST /v1/payments`, Apple Pay) is
 * carried out in full, the charge made and its webhook sent, and then its answer is lost (the
 * connection reset), drawn from the fake's random seeded with DROP_SEED (default 35).
 * HOLD_WEBHOOKS=1 keeps every webhook from the shop. Prints one line `{"url": …}` once listening. On SIGTERM it prints one line
 * `{"paid": [invoice ids], "payments": [{id, status, amount, refunded, orderId}], "dropped": n}`
 * (what the provider took money for, and gave back) and exits.
 */
import { startMoyasarFake } from "#server/modules/payments/providers/moyasar/fake-server.ts";

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const fake = await startMoyasarFake({
  secretKey: env("MOYASAR_SECRET_KEY"),
  publishableKey: env("MOYASAR_PUBLISHABLE_KEY"),
  webhookSecret: env("MOYASAR_WEBHOOK_SECRET"),
  webhookUrl: env("WEBHOOK_URL"),
});
const dropFraction = Number(process.env.DROP_FRACTION ?? 0);
if (dropFraction > 0) {
  fake.seedRandom(Number(process.env.DROP_SEED ?? 35));
  fake.dropAnswers({ method: "POST", path: /^\/v1\/payments$/, fraction: dropFraction, how: "reset" });
}
// HOLD_WEBHOOKS=1: no webhook reaches the shop (its endpoint unreachable, the retries spent), so
// whatever a lost answer left open is found by the shop's reconciliation alone.
if (process.env.HOLD_WEBHOOKS === "1") fake.webhookMode = { duplicate: false, hold: true };
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);

process.once("SIGTERM", () => {
  const paid = [...fake.invoices.values()].filter((invoice) => invoice.status === "paid").map((invoice) => invoice.id);
  const payments = [...fake.payments.values()].map((payment) => ({
    id: payment.id,
    status: payment.status,
    amount: payment.amount,
    refunded: payment.refunded,
    orderId: (payment.metadata as Record<string, unknown> | null | undefined)?.order_id ?? null,
  }));
  process.stdout.write(`${JSON.stringify({ paid, payments, dropped: fake.dropped.length })}\n`, () => {
    void fake.close().then(() => process.exit(0));
  });
});
