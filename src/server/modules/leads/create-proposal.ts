import type { Db } from "#server/db/database.ts";
import { proposals } from "#server/db/schema/leads.ts";
import type { Lang } from "#shared/lang.ts";
import { isHoneypotFilled } from "#shared/schemas/lead-fields.ts";
import type { ProposalRequest } from "#shared/schemas/proposal-request.ts";
import { decoyReceipt } from "./honeypot.ts";
import { issueLeadReference } from "./lead-reference.ts";
import { enqueueLeadEmails, type LeadMailSettings } from "./lead-notifications.ts";
import type { LeadReceipt } from "./lead-receipt.ts";

/** Stores a proposal request from the wizard and promises its two e-mails, in one transaction. */
export async function createProposal(db: Db, input: ProposalRequest, lang: Lang, mail: LeadMailSettings): Promise<LeadReceipt> {
  if (isHoneypotFilled(input)) return decoyReceipt();
  const { website: _honeypot, ...fields } = input;
  return db.transaction(async (tx) => {
    const reference = await issueLeadReference(tx, "proposal");
    const [row] = await tx
      .insert(proposals)
      .values({ ...fields, company: fields.company ?? null, additionalNotes: fields.additionalNotes ?? null, reference, lang })
      .returning({ id: proposals.id, createdAt: proposals.createdAt });
    if (!row) throw new Error("The proposal was not stored");
    await enqueueLeadEmails(tx, { type: "proposal", id: row.id, reference, lang, receivedAt: row.createdAt, ...fields }, mail);
    return { id: row.id, reference, stored: true };
  });
}
