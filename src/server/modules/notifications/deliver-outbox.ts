import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/database.ts";
import { describeSendFailure, type Mailer, type OutgoingEmail } from "./mailer.ts";
import type { EmailContent } from "./email-content.ts";
import { renderEmail } from "./render-email.tsx";

export type OutboxSettings = {
  /** Rows one run claims at a time. */
  batchSize: number;
  /** Sends in flight at once within a batch. */
  concurrency: number;
  /** Tries before a message is marked failed (an unreachable server uses none up). */
  maxAttempts: number;
  /** First retry delay; it doubles with every try. */
  retryBaseMs: number;
  /** The longest retry delay. */
  retryMaxMs: number;
  /** The longest wait while the mail server is unreachable: delivery resumes this soon after it returns. */
  unreachableMaxMs: number;
  /**
   * A `sending` claim older than this belongs to a worker that died (crash, kill): the row is
   * claimed again. Far longer than any one SMTP exchange (nodemailer's timeouts are 10-30 s).
   */
  claimTimeoutMs: number;
};

export const defaultOutboxSettings: OutboxSettings = {
  batchSize: 50,
  concurrency: 4,
  maxAttempts: 10,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  unreachableMaxMs: 5 * 60_000,
  claimTimeoutMs: 5 * 60_000,
};

export type DeliveryReport = { claimed: number; sent: number; retried: number; failed: number; more: boolean };

type ClaimedRow = Omit<OutgoingEmail, "html" | "text"> & {
  kind: string;
  attempts: number;
  /** Rendered just before sending (older rows carry `html`/`text` instead). */
  content: EmailContent | null;
  html: string | null;
  text: string | null;
  /** When this worker claimed it (the database's clock): the claim is renewed only while it is still this one. */
  claimedAt: string;
};

/**
 * One pass of the outbox worker (CONVENTIONS 15, docs/decisions/0013-outbox.md):
 *
 * 1. Claim due rows in one statement: `pending` ones whose time has come, and `sending` ones
 *    whose claim is older than the timeout (their worker died mid-send). `FOR UPDATE SKIP
 *    LOCKED` lets several workers (instances) share the table without taking the same row; the
 *    claim commits at once, so no lock or connection is held while talking to the mail server.
 * 2. Before each chunk is sent, its claims are renewed, only where the claim is still this
 *    worker's (the claim time it took, to the microsecond): a batch that took longer than the
 *    claim timeout (a slow, busy instance; the sends are paced while it serves requests) loses
 *    to another worker the rows that worker has meanwhile taken over and sent, and skips them
 *    instead of sending them a second time.
 *    Send each, and mark it `sent` in the very next statement. Between the server's "250 OK" and
 *    that update is the only window in which a crash causes a second send, after the claim times
 *    out: at-least-once towards SMTP, made recognisable by a Message-ID derived from the row.
 * 3. A failure goes back to `pending` with an exponential back-off, or to `failed` after the last
 *    try (or at once when the server refuses the message for good). While the server is
 *    unreachable the batch stops, its untried rows are handed back untouched, and nothing is
 *    marked failed: the mail waits until the server returns.
 *
 * One log line per attempt.
 */
export async function deliverOutbox(options: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signal?: AbortSignal;
  settings?: Partial<OutboxSettings>;
  /**
   * Whether requests are being answered right now. While they are, the worker rests three times
   * as long as each chunk took before the next, so that mail (rendered and sent on the same event
   * loop) takes at most about a quarter of it and the requests keep the rest; idle, it goes flat out.
   */
  serving?: () => boolean;
}): Promise<DeliveryReport> {
  const { db, mailer, log, signal } = options;
  const settings = { ...defaultOutboxSettings, ...options.settings };
  const rows = await claimDue(db, settings);
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retried: 0, failed: 0, more: false };

  let index = 0;
  let stopped = false;
  while (index < rows.length && !stopped) {
    if (signal?.aborted) break;
    const claimed = rows.slice(index, index + settings.concurrency);
    index += claimed.length;
    const chunk = await renewClaims(db, claimed);
    const started = performance.now();
    const outcomes = await Promise.all(chunk.map((row) => attempt(db, mailer, log, row, settings)));
    for (const outcome of outcomes) report[outcome === "unreachable" ? "retried" : outcome]++;
    // An unreachable server fails every message alike: stop here instead of trying each.
    if (outcomes.includes("unreachable")) stopped = true;
    else if (index < rows.length && options.serving?.()) {
      await new Promise((resolve) => setTimeout(resolve, 3 * (performance.now() - started)));
    }
  }
  const untried = rows.slice(index);
  if (untried.length > 0) {
    await release(
      db,
      untried.map((row) => row.id),
      stopped ? settings.retryBaseMs : 0,
    );
  }
  report.more = rows.length === settings.batchSize && !stopped && !signal?.aborted;
  return report;
}

type Outcome = "sent" | "retried" | "failed" | "unreachable";

async function attempt(
  db: Db,
  mailer: Mailer,
  log: FastifyBaseLogger,
  row: ClaimedRow,
  settings: OutboxSettings,
): Promise<Outcome> {
  const context = { outboxId: row.id, kind: row.kind, attempt: row.attempts };
  try {
    await mailer.send(await outgoing(row));
  } catch (error) {
    const failure = describeSendFailure(error);
    const terminal = !failure.unreachable && (failure.permanent || row.attempts >= settings.maxAttempts);
    const backoff = Math.min(settings.retryBaseMs * 2 ** (row.attempts - 1), settings.retryMaxMs);
    const delay = failure.unreachable ? Math.min(backoff, settings.unreachableMaxMs) : backoff;
    await db.execute(sql`
      update outbox
      set status = ${terminal ? "failed" : "pending"},
          next_attempt_at = now() + make_interval(secs => ${delay / 1000}),
          last_error = ${failure.message},
          claimed_at = null
      where id = ${row.id} and status = 'sending'`);
    if (terminal) {
      log.error({ ...context, error: failure.message }, "e-mail failed for good");
      return "failed";
    }
    log.warn(
      { ...context, error: failure.message, retryInSeconds: delay / 1000, unreachable: failure.unreachable },
      "e-mail not sent; will retry",
    );
    return failure.unreachable ? "unreachable" : "retried";
  }
  // Marked sent in the step right after the server accepted it: see the comment above.
  await db.execute(sql`
    update outbox set status = 'sent', sent_at = now(), claimed_at = null, last_error = null
    where id = ${row.id}`);
  log.info(context, "e-mail sent");
  return "sent";
}

/**
 * The rows of `claimed` still claimed by this worker, their claims renewed (now) for the send. The
 * rows of one claim share its time (one statement's `now()`), compared to the microsecond.
 */
async function renewClaims(db: Db, claimed: ClaimedRow[]): Promise<ClaimedRow[]> {
  if (claimed.length === 0) return claimed;
  const result = await db.execute(sql`
    update outbox set claimed_at = now()
    where id in (${sql.join(
      claimed.map((row) => sql`${row.id}`),
      sql`, `,
    )})
      and status = 'sending'
      and (extract(epoch from claimed_at) * 1000000)::bigint = ${claimed[0]!.claimedAt}::bigint
    returning id`);
  const kept = new Set((result as unknown as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id)));
  return claimed.filter((row) => kept.has(row.id));
}

async function claimDue(db: Db, settings: OutboxSettings): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    update outbox
    set status = 'sending', attempts = attempts + 1, claimed_at = now()
    where id in (
      select id from outbox
      where (status = 'pending' and next_attempt_at <= now())
         or (status = 'sending' and claimed_at < now() - make_interval(secs => ${settings.claimTimeoutMs / 1000}))
      order by id
      limit ${settings.batchSize}
      for update skip locked)
    returning id, kind, "to", reply_to, subject, content, html, text, lang, attempts, created_at,
      ((extract(epoch from claimed_at) * 1000000)::bigint)::text as claimed_us`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows
    .map((row) => ({
      id: Number(row.id),
      kind: String(row.kind),
      to: String(row.to),
      replyTo: row.reply_to === null ? null : String(row.reply_to),
      subject: String(row.subject),
      content: (typeof row.content === "string"
        ? JSON.parse(row.content)
        : (row.content ?? null)) as EmailContent | null,
      html: row.html === null ? null : String(row.html),
      text: row.text === null ? null : String(row.text),
      lang: String(row.lang),
      attempts: Number(row.attempts),
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at)),
      claimedAt: String(row.claimed_us),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * The message as the mailer sends it: rendered now from its content (after yielding to the event
 * loop, so a batch of renders never holds up the requests being answered meanwhile), or as
 * stored by rows written before content was kept.
 */
async function outgoing(row: ClaimedRow): Promise<OutgoingEmail> {
  if (!row.content) return { ...row, html: row.html ?? "", text: row.text ?? "" };
  await new Promise((resolve) => setImmediate(resolve));
  const { html, text } = renderEmail(row.content);
  return { ...row, html, text };
}

/** Hands claimed rows back without counting a try (the worker stopped before sending them). */
async function release(db: Db, ids: number[], delayMs: number): Promise<void> {
  await db.execute(sql`
    update outbox
    set status = 'pending', attempts = attempts - 1, claimed_at = null,
        next_attempt_at = now() + make_interval(secs => ${delayMs / 1000})
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and status = 'sending'`);
}

/** Messages waiting to be sent: what the log reports while no mail server is configured. */
export async function countPendingEmails(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as pending from outbox where status = 'pending'`);
  const rows = (result as unknown as { rows: { pending: number | string }[] }).rows;
  return Number(rows[0]?.pending ?? 0);
}
