import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { proposals } from "#server/db/schema/leads.ts";
import type { Lang } from "#shared/lang.ts";
import { isHoneypotFilled } from "#shared/schemas/lead-fields.ts";
import type { ProposalRequest } from "#shared/schemas/proposal-request.ts";
import { decoyReceipt } from "./honeypot.ts";
import { claimLeadReferences } from "./lead-reference.ts";
import { enqueueEmails } from "../notifications/enqueue-email.ts";
import { leadEmails, mayAcknowledge, type LeadMailSettings } from "./lead-notifications.ts";
import type { LeadReceipt } from "./lead-receipt.ts";

/**
 * Stores a proposal request from the wizard and promises its two e-mails (the acknowledgement only
 * within its recipient's daily cap), in one transaction.
 */
export async function createProposal(
  db: Db,
  input: ProposalRequest,
  lang: Lang,
  mail: LeadMailSettings,
): Promise<LeadReceipt> {
  if (isHoneypotFilled(input)) return decoyReceipt();
  const { website: _honeypot, ...fields } = input;
  const lead = { ...fields, id: randomUUID(), lang, receivedAt: new Date() };
  const acknowledge = await mayAcknowledge(mail, lead.email);
  return db.transaction(async (tx) => {
    const [reference = ""] = await claimLeadReferences(tx, "proposal", 1);
    const { receivedAt, ...columns } = lead;
    await tx.insert(proposals).values({
      ...columns,
      company: columns.company ?? null,
      additionalNotes: columns.additionalNotes ?? null,
      reference,
      createdAt: receivedAt,
    });
    await enqueueEmails(tx, leadEmails({ ...lead, type: "proposal", reference }, mail, acknowledge));
    return { id: lead.id, reference, stored: true };
  });
}
