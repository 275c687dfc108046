import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { inquiries } from "#server/db/schema/leads.ts";
import type { Lang } from "#shared/lang.ts";
import { isHoneypotFilled } from "#shared/schemas/lead-fields.ts";
import type { InquiryKind, InquiryRequest } from "#shared/schemas/inquiry-request.ts";
import { decoyReceipt } from "./honeypot.ts";
import { claimLeadReferences } from "./lead-reference.ts";
import { enqueueEmails } from "../notifications/enqueue-email.ts";
import { leadEmails, type LeadMailSettings } from "./lead-notifications.ts";
import type { LeadReceipt } from "./lead-receipt.ts";
import { groupCommit } from "./group-commit.ts";

type InquiryRow = typeof inquiries.$inferInsert & { id: string; kind: InquiryKind; createdAt: Date; lang: Lang };
type Submitted = { row: InquiryRow; mail: LeadMailSettings };

/**
 * Stores inquiries with their e-mails, many per transaction: contact forms and service requests
 * arrive in bursts, and one commit for all that arrived meanwhile costs little more than one for
 * each (docs/decisions/0016-lead-group-commit.md).
 */
async function storeInquiries(db: Db, batch: Submitted[]): Promise<void> {
  await db.transaction(async (tx) => {
    const references = await claimLeadReferences(tx, "inquiry", batch.length);
    const rows = batch.map(({ row }, index) => ({ ...row, reference: references[index] ?? "" }));
    await tx.insert(inquiries).values(rows);
    await enqueueEmails(
      tx,
      rows.flatMap((row, index) => {
        const { mail } = batch[index] as Submitted;
        const lead = { ...row, type: "inquiry" as const, receivedAt: row.createdAt };
        return leadEmails(lead, mail);
      }),
    );
    batch.forEach((submitted, index) => (submitted.row.reference = rows[index]?.reference ?? ""));
  });
}

const writers = new WeakMap<Db, (item: Submitted) => Promise<void>>();

/**
 * Stores a contact inquiry or service request and promises its two e-mails (DESIGN D10,
 * CONVENTIONS 15): once this returns, the lead and its mail are committed together. The caller
 * then nudges the outbox worker.
 */
export async function createInquiry(
  db: Db,
  input: InquiryRequest,
  lang: Lang,
  mail: LeadMailSettings,
): Promise<LeadReceipt> {
  if (isHoneypotFilled(input)) return decoyReceipt();
  const serviceRequest = input.kind === "service_request" ? input : undefined;
  const row: InquiryRow = {
    id: randomUUID(),
    reference: "",
    kind: serviceRequest ? "service_request" : "contact",
    name: input.name,
    email: input.email,
    message: input.message,
    firmName: serviceRequest?.firmName ?? null,
    contactNumber: serviceRequest?.contactNumber ?? null,
    serviceId: serviceRequest?.serviceId ?? null,
    lang,
    createdAt: new Date(),
  };
  let write = writers.get(db);
  if (!write) writers.set(db, (write = groupCommit((batch: Submitted[]) => storeInquiries(db, batch))));
  await write({ row, mail });
  return { id: row.id, reference: row.reference, stored: true };
}
