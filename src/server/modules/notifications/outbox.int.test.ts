import { asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ParsedMail } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "#server/db/database.ts";
import { outbox } from "#server/db/schema/notifications.ts";
import { createJobRunner, type JobRunner } from "#server/lib/background-jobs.ts";
import { createTestApp, freshPostgresDatabase } from "#tests/helpers/app.ts";
import { closedPort, startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp.ts";
import { deliverOutbox } from "./deliver-outbox.ts";
import { createSmtpMailer } from "./mailer.ts";

const STUDIO = "studio@nawat.test";
const contact = {
  name: "Sara Al-Qahtani",
  email: "sara@example.sa",
  message: "I would like twenty bowls for Eid gifts.",
};
const proposal = {
  name: "نورة السعود",
  email: "noura@example.sa",
  phone: "+966 50 000 0000",
  company: "فعاليات نورة",
  productInterest: "sanam",
  projectType: "event_products",
  quantity: "٣٠٠ مبخرة",
  budget: "50k-100k",
  timeline: "planned",
  customRequirements: "مباخر بلون العلم مع علب فاخرة للفعالية.",
  additionalNotes: "التسليم في الرياض.",
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function appWithMail(smtpUrl: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await createTestApp({
    SMTP_URL: smtpUrl,
    SMTP_FROM: "Nawat Studio <hello@nawat.test>",
    STUDIO_EMAIL: STUDIO,
    LEADS_PER_MINUTE: "1000",
    ...env,
  });
  cleanups.push(() => app.close());
  return app;
}

async function smtp(options: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(options);
  cleanups.push(() => server.close());
  return server;
}

const post = (app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: "POST",
    url,
    payload: JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
const outboxRows = (app: FastifyInstance) => app.db.select().from(outbox).orderBy(asc(outbox.id));

/** Polls until `check` holds (the worker runs in the background). */
async function eventually(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
  poke?: () => void,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    poke?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("lead e-mail through a real SMTP server", () => {
  it("sends the studio and the customer exactly one message each, in English", async () => {
    const server = await smtp();
    const app = await appWithMail(server.url);
    const response = await post(app, "/api/inquiries", contact, { "accept-language": "en-GB" });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();

    await server.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.messages).toHaveLength(2);
    const studio = server.messages.find((m) => addressOf(m) === STUDIO);
    const customer = server.messages.find((m) => addressOf(m) === contact.email);
    expect(studio?.subject).toBe(`New message ${reference} from Sara Al-Qahtani`);
    expect(studio?.replyTo?.value[0]?.address).toBe(contact.email);
    expect(studio?.html).toContain('<html lang="en" dir="ltr">');
    expect(studio?.text).toContain(contact.message);
    expect(customer?.subject).toBe(`We received your message (${reference})`);
    expect(customer?.from?.text).toBe('"Nawat Studio" <hello@nawat.test>');
    expect(customer?.html).toContain('<html lang="en" dir="ltr">');
    expect(customer?.html).toContain(`<bdi dir="ltr">${reference}</bdi>`);
    expect(customer?.text).toContain("within 24 hours");
    expect(customer?.text).toContain(reference);
    expect(customer?.headers.get("content-language")).toBe("en");

    const rows = await outboxRows(app);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
    for (const row of rows) {
      const sent = server.messages.find((m) => addressOf(m) === row.to);
      expect(sent?.messageId).toMatch(new RegExp(`^<outbox\\.${row.id}\\.[0-9a-z]+@nawat\\.test>$`));
    }
  });

  it("writes to an Arabic visitor in Arabic, right to left, with the reference isolated", async () => {
    const server = await smtp();
    const app = await appWithMail(server.url);
    const response = await post(app, "/api/proposals", { ...proposal, lang: "ar" });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json();

    await server.waitFor(2);
    const customer = server.messages.find((m) => addressOf(m) === proposal.email);
    const studio = server.messages.find((m) => addressOf(m) === STUDIO);
    expect(customer?.subject).toBe(`تلقّينا طلب العرض المخصّص — ${reference}`);
    expect(customer?.html).toContain('<html lang="ar" dir="rtl">');
    expect(customer?.html).toContain('<body dir="rtl"');
    expect(customer?.html).toContain("text-align:right");
    expect(customer?.html).toMatch(/<table role="presentation" dir="rtl"/);
    expect(customer?.html).toContain(`<bdi dir="ltr">${reference}</bdi>`);
    expect(customer?.html).toContain("IBM Plex Sans Arabic");
    expect(customer?.html).not.toMatch(/<link|@import|https:\/\/fonts/);
    expect(customer?.text).toContain("خلال ٢٤ ساعة");
    expect(customer?.text).toContain("مبخرة سنام");

    expect(studio?.subject).toBe(`طلب عرض مخصّص جديد ${reference} من نورة السعود`);
    expect(studio?.replyTo?.value[0]?.address).toBe(proposal.email);
    for (const text of [
      "الرقم المرجعي",
      "نوع المشروع",
      "منتجات الفعاليات",
      "أكثر",
      "مخطّط له",
      proposal.customRequirements,
      proposal.additionalNotes,
      proposal.company,
    ]) {
      expect(studio?.text).toContain(text);
    }
    expect(studio?.html).toContain(`<bdi dir="ltr"><a href="mailto:${proposal.email}"`);
    expect(studio?.html).toContain('<bdi dir="ltr"><a href="tel:+966500000000"');
  });

  it("keeps a lead accepted while the mail server is down, and mails it once the server is back", async () => {
    const port = await closedPort();
    const app = await appWithMail(`smtp://127.0.0.1:${port}`, { OUTBOX_RETRY_SECONDS: "0.1" });
    const response = await post(app, "/api/inquiries", contact);
    expect(response.statusCode).toBe(201);

    await eventually(
      async () => (await outboxRows(app)).every((row) => row.lastError !== null),
      "the first try has failed",
    );
    const waiting = await outboxRows(app);
    expect(waiting.every((row) => row.status === "pending")).toBe(true);

    const server = await smtp({ port });
    await eventually(
      async () => server.messages.length >= 2,
      "both e-mails arrive",
      15_000,
      () => app.jobs.trigger("outbox"),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    app.jobs.trigger("outbox");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.messages.map(addressOf).sort()).toEqual([contact.email, STUDIO].sort());
    expect((await outboxRows(app)).map((row) => row.status)).toEqual(["sent", "sent"]);
  });

  it("sends each message exactly once with two workers on the same database", async () => {
    const port = await closedPort();
    let url: string | undefined;
    if (process.env.TEST_DATABASE_URL) url = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
    const app = await appWithMail(`smtp://127.0.0.1:${port}`, {
      OUTBOX_RETRY_SECONDS: "0.05",
      ...(url ? { DATABASE_URL: url } : {}),
    });

    const leads = 25;
    const answers = await Promise.all(
      Array.from({ length: leads }, (_, i) =>
        post(app, "/api/inquiries", { ...contact, email: `visitor${i}@example.sa` }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);

    // The second worker: another instance on its own connection pool (PostgreSQL), or another
    // runner on the same handle (PGlite has one connection).
    let second: Database | undefined;
    if (url) {
      second = await openDatabase({ url, dataDir: "memory://" });
      cleanups.push(() => second!.close());
    }
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: "Nawat Studio <hello@nawat.test>" });
    cleanups.push(async () => mailer.close());
    const runner: JobRunner = createJobRunner({ db: second?.db ?? app.db, log: app.log });
    runner.add({
      name: "outbox",
      everyMs: 50,
      run: async ({ db, log, signal }) => ({
        more: (
          await deliverOutbox({ db, mailer, log, signal, settings: { retryBaseMs: 50, batchSize: 5, concurrency: 2 } })
        ).more,
      }),
    });
    runner.start();
    cleanups.push(() => runner.stop());

    const server = await smtp({ port, delayMs: 5 });
    await eventually(
      async () => server.messages.length >= leads * 2,
      `${leads * 2} e-mails arrive`,
      30_000,
      () => app.jobs.trigger("outbox"),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));

    expect(server.messages).toHaveLength(leads * 2);
    expect(new Set(server.messages.map((m) => m.messageId)).size).toBe(leads * 2);
    const rows = await outboxRows(app);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });

  it("still sends every message while requests keep arriving (the worker paces itself, it does not stop)", async () => {
    const server = await smtp();
    // No SMTP_URL: the app's own worker leaves the mail alone; this worker is told the server is busy.
    const app = await createTestApp({ LEADS_PER_MINUTE: "1000" });
    cleanups.push(() => app.close());
    const leads = 6;
    for (let i = 0; i < leads; i++) {
      expect((await post(app, "/api/inquiries", { ...contact, email: `visitor${i}@example.sa` })).statusCode).toBe(201);
    }
    const mailer = createSmtpMailer({ url: server.url, from: "Nawat Studio <hello@nawat.test>" });
    cleanups.push(async () => mailer.close());

    const report = await deliverOutbox({
      db: app.db,
      mailer,
      log: app.log,
      serving: () => true,
      settings: { concurrency: 2 },
    });

    expect(report).toMatchObject({ claimed: leads * 2, sent: leads * 2, retried: 0, failed: 0 });
    expect(server.messages).toHaveLength(leads * 2);
    expect((await outboxRows(app)).every((row) => row.status === "sent")).toBe(true);
  });

  it("does not send again what another worker took over while a slow batch's claim expired", async () => {
    // One message at a time, 400 ms each; a claim expires after 1 s. The slow worker claims all six
    // at once and renews each claim as it reaches it: when the other worker comes 1.1 s later, the
    // rows the slow one has not reached yet have expired claims and are taken over; reaching them,
    // the slow worker finds them no longer its own and skips them.
    const server = await smtp({ delayMs: 400 });
    const app = await createTestApp({ LEADS_PER_MINUTE: "1000" });
    cleanups.push(() => app.close());
    for (let i = 0; i < 3; i++) {
      expect((await post(app, "/api/inquiries", { ...contact, email: `visitor${i}@example.sa` })).statusCode).toBe(201);
    }
    const mailer = createSmtpMailer({ url: server.url, from: "Nawat Studio <hello@nawat.test>" });
    cleanups.push(async () => mailer.close());
    const settings = { concurrency: 1, claimTimeoutMs: 1000 };

    const slow = deliverOutbox({ db: app.db, mailer, log: app.log, settings });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fast = await deliverOutbox({ db: app.db, mailer, log: app.log, settings: { ...settings, concurrency: 6 } });
    const first = await slow;

    expect(first.claimed).toBe(6);
    expect(fast.claimed).toBeGreaterThan(0);
    expect(first.sent + fast.sent).toBe(6);
    expect(server.messages).toHaveLength(6);
    expect(new Set(server.messages.map((m) => m.messageId)).size).toBe(6);
    expect((await outboxRows(app)).every((row) => row.status === "sent")).toBe(true);
  });

  it("sends a message again after a worker died mid-send, with the same Message-ID", async () => {
    const server = await smtp();
    const app = await appWithMail(server.url);
    await post(app, "/api/inquiries", contact);
    await server.waitFor(2);
    // The worker marks a row sent in the statement after the server's "250 OK": wait for both.
    await eventually(
      async () => (await outboxRows(app)).every((row) => row.status === "sent"),
      "both messages are marked sent",
    );
    const [first] = await outboxRows(app);
    // A worker that crashed between the server's "250 OK" and marking the row sent.
    await app.db.execute(
      sql`update outbox set status = 'sending', claimed_at = now() - interval '10 minutes' where id = ${first!.id}`,
    );
    const report = await deliverOutbox({
      db: app.db,
      mailer: createSmtpMailer({ url: server.url, from: "hello@nawat.test" }),
      log: app.log,
    });
    expect(report).toMatchObject({ claimed: 1, sent: 1 });
    await server.waitFor(3);
    const copies = server.messages.filter((m) => addressOf(m) === first!.to);
    expect(copies).toHaveLength(2);
    expect(copies[0]?.messageId).toBe(copies[1]?.messageId);
    const [row] = await app.db.select().from(outbox).where(eq(outbox.id, first!.id));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("marks a message failed at once when the server refuses it for good, and after the last try otherwise", async () => {
    const server = await smtp({
      rejectRecipient: (address) => (address === contact.email ? 550 : address === STUDIO ? 451 : undefined),
    });
    const app = await appWithMail(server.url, { OUTBOX_RETRY_SECONDS: "0.05", OUTBOX_MAX_ATTEMPTS: "3" });
    await post(app, "/api/inquiries", contact);
    await eventually(
      async () => (await outboxRows(app)).every((row) => row.status === "failed"),
      "both messages have failed",
      15_000,
      () => app.jobs.trigger("outbox"),
    );
    const rows = await outboxRows(app);
    const byRecipient = Object.fromEntries(rows.map((row) => [row.to, row]));
    expect(byRecipient[contact.email]).toMatchObject({ status: "failed", attempts: 1 });
    expect(byRecipient[STUDIO]).toMatchObject({ status: "failed", attempts: 3 });
    expect(byRecipient[STUDIO]?.lastError).toContain("451");
    expect(server.messages).toHaveLength(0);
  });
});

describe("without SMTP_URL", () => {
  it("keeps the messages pending in the outbox", async () => {
    const app = await createTestApp({ LEADS_PER_MINUTE: "1000" });
    cleanups.push(() => app.close());
    expect((await post(app, "/api/inquiries", contact)).statusCode).toBe(201);
    app.jobs.trigger("outbox");
    await new Promise((resolve) => setTimeout(resolve, 300));
    const rows = await outboxRows(app);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ["pending", 0],
      ["pending", 0],
    ]);
  });
});
