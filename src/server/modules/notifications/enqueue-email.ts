import { outbox } from "#server/db/schema/notifications.ts";
import type { Db } from "#server/db/database.ts";
import type { EmailContent, RenderedEmail } from "./email-content.ts";

export type EmailToSend = {
  /** What the message is, for logs and the admin inbox ("lead.studio", "lead.acknowledgement"). */
  kind: string;
  to: string;
  replyTo?: string;
  /** One message per cause: a second enqueue with the same key does nothing. */
  dedupeKey: string;
  /** Content (rendered by the worker when it sends: cheaper for the caller) or a rendered e-mail. */
  email: EmailContent | RenderedEmail;
};

/**
 * An e-mail as an outbox row in the columns' own names, for a statement that inserts the rows
 * from JSON (`jsonb_to_recordset`) together with the change they are about.
 */
export function outboxRow(message: EmailToSend) {
  const { replyTo, dedupeKey, ...rest } = outboxValues(message);
  return { ...rest, reply_to: replyTo, dedupe_key: dedupeKey };
}

/** An e-mail as the outbox table's values, in the schema's (camelCase) names. */
function outboxValues(message: EmailToSend) {
  return {
    kind: message.kind,
    to: message.to,
    replyTo: message.replyTo ?? null,
    subject: message.email.subject,
    ...("blocks" in message.email
      ? { content: message.email }
      : { html: message.email.html, text: message.email.text }),
    lang: message.email.lang,
    dedupeKey: message.dedupeKey,
  };
}

/**
 * Promises e-mails (CONVENTIONS 15): call it with the transaction that makes the change they are
 * about, so that both are committed or neither. The outbox worker sends them later. Returns how
 * many rows were added (a dedupe key already enqueued adds none).
 */
export async function enqueueEmails(tx: Db, messages: EmailToSend[]): Promise<number> {
  if (messages.length === 0) return 0;
  const inserted = await tx
    .insert(outbox)
    .values(messages.map(outboxValues))
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return inserted.length;
}
