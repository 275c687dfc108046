import type { AttemptCounter } from "#server/lib/attempt-counter.ts";
import type { EmailToSend } from "../notifications/enqueue-email.ts";
import { leadAcknowledgement, studioLeadNotification, type Lead, type StudioContact } from "./lead-emails.ts";

/**
 * How many acknowledgements one recipient address may be sent per day: a lead form mails whatever
 * address it is given, so without a cap the studio's domain could be used to flood a stranger's
 * mailbox (issue 37). Past the cap the lead is still stored and the studio still notified.
 */
export type AcknowledgementCap = { perRecipient: AttemptCounter; maxPerDay: number };

/** Where the studio's copy of a lead goes, what its e-mails show, and the acknowledgements' cap. */
export type LeadMailSettings = { studio: StudioContact; notify: string; acknowledgements?: AcknowledgementCap };

/**
 * The key an acknowledgement's recipient is counted by: the address in lower case, without a
 * `+tag` (`name+1@…` and `name+2@…` reach one mailbox).
 */
export function recipientKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  return `${address.slice(0, at).split("+")[0]}${address.slice(at)}`;
}

/**
 * Counts an acknowledgement to `email` against the cap and says whether it may be sent (always,
 * without a cap). Counted when the lead is submitted, before it is stored.
 */
export async function mayAcknowledge(settings: LeadMailSettings, email: string): Promise<boolean> {
  const cap = settings.acknowledgements;
  if (!cap) return true;
  const { count } = await cap.perRecipient.hit(recipientKey(email));
  return count <= cap.maxPerDay;
}

/**
 * A lead's e-mails, rendered: the studio's copy (Reply-To the visitor) and, when `acknowledge`,
 * the visitor's acknowledgement in their language. The dedupe keys make each one enqueued once per
 * lead. Rendering happens before the lead's transaction opens, so it never holds the database.
 */
export function leadEmails(lead: Lead & { id: string }, settings: LeadMailSettings, acknowledge = true): EmailToSend[] {
  const cause = `${lead.type}:${lead.id}`;
  const emails: EmailToSend[] = [
    {
      kind: "lead.studio",
      to: settings.notify,
      replyTo: lead.email,
      dedupeKey: `${cause}:studio`,
      email: studioLeadNotification(lead, settings.studio),
    },
  ];
  if (acknowledge) {
    emails.push({
      kind: "lead.acknowledgement",
      to: lead.email,
      dedupeKey: `${cause}:acknowledgement`,
      email: leadAcknowledgement(lead, settings.studio),
    });
  }
  return emails;
}
