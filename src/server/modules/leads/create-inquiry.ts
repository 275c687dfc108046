import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { inquiries } from "#server/db/schema/leads.ts";
import type { Lang } from "#shared/lang.ts";
import { isHoneypotFilled } from "#shared/schemas/lead-fields.ts";
import type { InquiryRequest } from "#shared/schemas/inquiry-request.ts";
import { decoyReceipt } from "./honeypot.ts";
import { claimLeadReference, randomLeadReference } from "./lead-reference.ts";
import { enqueueEmails } from "../notifications/enqueue-email.ts";
import { leadEmails, type LeadMailSettings } from "./lead-notifications.ts";
import type { LeadReceipt } from "./lead-receipt.ts";

/**
 * Stores a contact inquiry or service request and promises its two e-mails, in one transaction
 * (DESIGN D10, CONVENTIONS 15): once this returns, the lead and its mail are committed together.
 * The caller then nudges the outbox worker.
 */
export async function createInquiry(
  db: Db,
  input: InquiryRequest,
  lang: Lang,
  mail: LeadMailSettings,
): Promise<LeadReceipt> {
  if (isHoneypotFilled(input)) return decoyReceipt();
  const serviceRequest = input.kind === "service_request" ? input : undefined;
  const lead = {
    id: randomUUID(),
    kind: serviceRequest ? ("service_request" as const) : ("contact" as const),
    name: input.name,
    email: input.email,
    message: input.message,
    firmName: serviceRequest?.firmName ?? null,
    contactNumber: serviceRequest?.contactNumber ?? null,
    serviceId: serviceRequest?.serviceId ?? null,
    lang,
    receivedAt: new Date(),
  };
  const prepare = (reference: string) => leadEmails({ ...lead, type: "inquiry", reference }, mail);
  const first = randomLeadReference();
  return db.transaction(async (tx) => {
    const { reference, prepared } = await claimLeadReference(
      tx,
      "inquiry",
      { reference: first, prepared: prepare(first) },
      prepare,
    );
    const { receivedAt, ...columns } = lead;
    await tx.insert(inquiries).values({ ...columns, reference, createdAt: receivedAt });
    await enqueueEmails(tx, prepared);
    return { id: lead.id, reference, stored: true };
  });
}
