/**
 * The server the browser tests talk to: the built site with a fresh PGlite database in a
 * temporary folder, on its own port, sending its e-mail to a real SMTP server in this process.
 * Each message received is written as JSON to the mail folder (`e2eMailDir(port)`), where the
 * tests read it (tests/e2e/mailbox.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startSmtpServer } from "#tests/helpers/smtp.ts";
import { e2eMailDir } from "./mailbox.ts";
import { E2E_ADMIN } from "./e2e-admin.ts";

process.env.DATA_DIR = mkdtempSync(join(tmpdir(), "studio-e2e-"));
process.env.PORT = process.env.E2E_PORT ?? "3100";
process.env.HOST = "127.0.0.1";
process.env.LOG_LEVEL = process.env.LOG_LEVEL ?? "warn";
// E-mailed links point at this server.
process.env.SITE_URL = `http://127.0.0.1:${process.env.PORT}`;
// Every test signs up from 127.0.0.1: the per-address sign-up limit is for the internet.
process.env.SIGNUPS_PER_HOUR = "1000";
// Likewise every checkout: the checkout specs start more than ten a minute from one address
// (the limit's own test is in routes/api/payment/payment.int.test.ts).
process.env.CHECKOUTS_PER_MINUTE = "1000";
process.env.PAYMENT_CONFIRMS_PER_MINUTE = "10000";
// The production server runs on the sandbox only when told to (issue 35).
process.env.PAYMENT_GATEWAY = "sandbox";
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
// The first admin, as an operator creates it (DESIGN D7): the admin tests sign in with it.
process.env.ADMIN_EMAIL = E2E_ADMIN.email;
process.env.ADMIN_PASSWORD = E2E_ADMIN.password;

const mailDir = e2eMailDir(process.env.PORT);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let received = 0;
const smtp = await startSmtpServer({
  onMessage: (mail) => {
    const to = [mail.to ?? []].flat().flatMap((address) => address.value.map((v) => v.address ?? ""));
    const file = join(mailDir, `${String(++received).padStart(5, "0")}.json`);
    const message = { to, subject: mail.subject ?? "", text: mail.text ?? "", html: mail.html || "" };
    writeFileSync(file, JSON.stringify(message));
  },
});
process.env.SMTP_URL = smtp.url;

// The server as it ships: the bundle `npm run build` wrote (run it from the sources with
// E2E_FROM_SOURCES=1, e.g. to debug).
await import(process.env.E2E_FROM_SOURCES ? "#server/server.ts" : pathToFileURL("dist/server/server.js").href);
