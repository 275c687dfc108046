/**
 * A local Moyasar in a process of its own, for `npm run bench:checkout -- --gateway moyasar`: the
 * fake of the adapter tests (modules/payments/providers/moyasar/fake-server.ts, which follows Moyasar's documented
 * API), so that the provider's hosted page and its webhooks run beside the server, as Moyasar's
 * own servers would, instead of on the server's event loop as the built-in sandbox does.
 *
 * Reads MOYASAR_SECRET_KEY, MOYASAR_PUBLISHABLE_KEY, MOYASAR_WEBHOOK_SECRET and WEBHOOK_URL;
 * prints one line `{"url": …}` once listening. On SIGTERM it prints one line
 * `{"paid": [invoice ids]}` (what the provider took money for) and exits.
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
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);

process.once("SIGTERM", () => {
  const paid = [...fake.invoices.values()].filter((invoice) => invoice.status === "paid").map((invoice) => invoice.id);
  process.stdout.write(`${JSON.stringify({ paid })}\n`, () => {
    void fake.close().then(() => process.exit(0));
  });
});
