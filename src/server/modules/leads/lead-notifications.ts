import type { EmailToSend } from "../notifications/enqueue-email.ts";
import { leadAcknowledgement, studioLeadNotification, type Lead, type StudioContact } from "./lead-emails.ts";

/** Where the studio's copy of a lead goes, and what its e-mails show. */
export type LeadMailSettings = { studio: StudioContact; notify: string };

/**
 * A lead's two e-mails, rendered: the studio's copy (Reply-To the visitor) and the visitor's
 * acknowledgement in their language. The dedupe keys make each one enqueued once per lead.
 * Rendering happens before the lead's transaction opens, so it never holds the database.
 */
export function leadEmails(lead: Lead & { id: string }, settings: LeadMailSettings): EmailToSend[] {
  const cause = `${lead.type}:${lead.id}`;
  return [
    {
      kind: "lead.studio",
      to: settings.notify,
      replyTo: lead.email,
      dedupeKey: `${cause}:studio`,
      email: studioLeadNotification(lead, settings.studio),
    },
    {
      kind: "lead.acknowledgement",
      to: lead.email,
      dedupeKey: `${cause}:acknowledgement`,
      email: leadAcknowledgement(lead, settings.studio),
    },
  ];
}
