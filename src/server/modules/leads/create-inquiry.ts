import type { Db } from "#server/db/database.ts";
import { inquiries } from "#server/db/schema/leads.ts";
import type { Lang } from "#shared/lang.ts";
import { isHoneypotFilled } from "#shared/schemas/lead-fields.ts";
import type { InquiryRequest } from "#shared/schemas/inquiry-request.ts";
import { decoyReceipt } from "./honeypot.ts";
import { issueLeadReference } from "./lead-reference.ts";
import { enqueueLeadEmails, type LeadMailSettings } from "./lead-notifications.ts";
import type { LeadReceipt } from "./lead-receipt.ts";

/**
 * Stores a contact inquiry or service request and promises its two e-mails, in one transaction
 * (DESIGN D10, CONVENTIONS 15): once this returns, the lead and its mail are committed together.
 * The caller then nudges the outbox worker.
 */
export async function createInquiry(db: Db, input: InquiryRequest, lang: Lang, mail: LeadMailSettings): Promise<LeadReceipt> {
  if (isHoneypotFilled(input)) return decoyReceipt();
  const serviceRequest = input.kind === "service_request" ? input : undefined;
  return db.transaction(async (tx) => {
    const reference = await issueLeadReference(tx, "inquiry");
    const [row] = await tx
      .insert(inquiries)
      .values({
        reference,
        kind: input.kind ?? "contact",
        name: input.name,
        email: input.email,
        message: input.message,
        firmName: serviceRequest?.firmName ?? null,
        contactNumber: serviceRequest?.contactNumber ?? null,
        serviceId: serviceRequest?.serviceId ?? null,
        lang,
      })
      .returning();
    if (!row) throw new Error("The inquiry was not stored");
    await enqueueLeadEmails(
      tx,
      {
        type: "inquiry",
        id: row.id,
        reference,
        lang,
        receivedAt: row.createdAt,
        kind: serviceRequest ? "service_request" : "contact",
        name: row.name,
        email: row.email,
        message: row.message,
        firmName: row.firmName,
        contactNumber: row.contactNumber,
        serviceId: row.serviceId,
      },
      mail,
    );
    return { id: row.id, reference, stored: true };
  });
}
