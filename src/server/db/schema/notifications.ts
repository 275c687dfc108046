import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { EmailContent } from "#server/modules/notifications/email-content.ts";

/**
 * E-mails promised but not yet delivered (CONVENTIONS 15, docs/decisions/0013-outbox.md): a row
 * is written in the same transaction as the change that causes it, and the outbox worker
 * (modules/notifications/outbox-worker.ts) claims, sends and marks it.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** What the message is, e.g. "lead.studio" or "lead.acknowledgement". */
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    /** Where a reply goes (the customer, on the studio's copy of a lead). */
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    /**
     * What the message says, as content (blocks, not markup): the worker renders it to HTML and
     * text when it sends (render-email.tsx), so the request that promises the mail does not pay
     * for rendering it. Rows written before carry `html`/`text` already rendered.
     */
    content: jsonb("content").$type<EmailContent>(),
    html: text("html"),
    text: text("text"),
    lang: text("lang").notNull(),
    /** pending → sending → sent; back to pending for a retry; failed after the last try. */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the current `sending` claim was taken: a claim older than the timeout is reclaimed. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** One message per cause (e.g. "inquiry:<id>:studio"): enqueueing it twice is a no-op. */
    dedupeKey: text("dedupe_key").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("outbox_status_check", sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`),
    check(
      "outbox_body_check",
      sql`${table.content} is not null or (${table.html} is not null and ${table.text} is not null)`,
    ),
    index("outbox_due_idx").on(table.status, table.nextAttemptAt),
  ],
);
