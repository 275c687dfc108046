import fp from "fastify-plugin";
import { countPendingEmails, deliverOutbox, type OutboxSettings } from "../modules/notifications/deliver-outbox.ts";
import { createThreadedSmtpMailer } from "../modules/notifications/smtp-thread.ts";

export const OUTBOX_JOB = "outbox";

/** A request within this long counts as the server being busy serving (mail then paces itself). */
const SERVING_WINDOW_MS = 100;

export type OutboxPluginOptions = {
  /** SMTP_URL; without it nothing is sent and the mail waits in the outbox. */
  smtpUrl?: string;
  from: string;
  settings?: Partial<OutboxSettings>;
  /** How often the worker looks for due mail when nobody triggers it (retries, other instances' mail). */
  pollMs?: number;
};

/**
 * The e-mail outbox worker as a background job (not exclusive: every instance may run it, the
 * claim query keeps them apart). Code that enqueues mail calls `app.jobs.trigger("outbox")` after
 * its transaction commits, so mail leaves at once; the poll picks up retries.
 */
export default fp<OutboxPluginOptions>(
  async (app, options) => {
    // The SMTP client runs on a thread of its own: building and sending mail stays off the event loop.
    const mailer = options.smtpUrl ? createThreadedSmtpMailer({ url: options.smtpUrl, from: options.from }) : undefined;
    let lastReportedWaiting = 0;
    // When a request last arrived: mail gives way to requests while they keep coming (deliverOutbox).
    let lastRequestAt = -Infinity;
    app.addHook("onRequest", (_request, _reply, done) => {
      lastRequestAt = performance.now();
      done();
    });
    const serving = () => performance.now() - lastRequestAt < SERVING_WINDOW_MS;
    app.jobs.add({
      name: OUTBOX_JOB,
      everyMs: options.pollMs ?? 5_000,
      async run({ db, log, signal }) {
        if (!mailer) {
          // Without SMTP_URL the messages stay pending (never marked sent) and the log says so.
          const waiting = await countPendingEmails(db);
          if (waiting !== lastReportedWaiting && waiting > 0) {
            log.warn({ waiting }, "SMTP_URL is not set: e-mails wait in the outbox until a mail server is configured");
          }
          lastReportedWaiting = waiting;
          return;
        }
        const report = await deliverOutbox({
          db,
          mailer,
          log,
          signal,
          serving,
          ...(options.settings ? { settings: options.settings } : {}),
        });
        return { more: report.more };
      },
    });
    app.addHook("onClose", async () => mailer?.close());
  },
  { name: "outbox", dependencies: ["background-jobs"] },
);
