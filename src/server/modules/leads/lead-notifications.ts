import type { Db } from "#server/db/database.ts";
import { enqueueEmail } from "../notifications/enqueue-email.ts";
import { leadAcknowledgement, studioLeadNotification, type Lead, type StudioContact } from "../notifications/templates/lead-emails.ts";

/** Where the studio's copy of a lead goes, and what its e-mails show. */
export type LeadMailSettings = { studio: StudioContact; notify: string };

/**
 * Enqueues a lead's two e-mails in the lead's own transaction: the studio's copy (Reply-To the
 * visitor) and the visitor's acknowledgement in their language. The dedupe keys make each one
 * enqueued once per lead.
 */
export async function enqueueLeadEmails(tx: Db, lead: Lead & { id: string }, settings: LeadMailSettings): Promise<void> {
  const cause = `${lead.type}:${lead.id}`;
  await enqueueEmail(tx, {
    kind: "lead.studio",
    to: settings.notify,
    replyTo: lead.email,
    dedupeKey: `${cause}:studio`,
    email: studioLeadNotification(lead, settings.studio),
  });
  await enqueueEmail(tx, {
    kind: "lead.acknowledgement",
    to: lead.email,
    dedupeKey: `${cause}:acknowledgement`,
    email: leadAcknowledgement(lead, settings.studio),
  });
}
