import { randomUUID } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { type inquiries } from "#server/db/schema/leads.ts";
import type { Lang } from "#shared/lang.ts";
import { isHoneypotFilled } from "#shared/schemas/lead-fields.ts";
import type { InquiryKind, InquiryRequest } from "#shared/schemas/inquiry-request.ts";
import { decoyReceipt } from "./honeypot.ts";
import { runStatement, statement } from "#server/db/statements.ts";
import { randomLeadReference } from "./lead-reference.ts";
import { outboxRow } from "../notifications/enqueue-email.ts";
import { leadEmails, mayAcknowledge, type LeadMailSettings } from "./lead-notifications.ts";
import type { LeadReceipt } from "./lead-receipt.ts";
import { groupCommit } from "./group-commit.ts";

type InquiryRow = typeof inquiries.$inferInsert & { id: string; kind: InquiryKind; createdAt: Date; lang: Lang };
type Submitted = { row: InquiryRow; mail: LeadMailSettings; acknowledge: boolean };

/**
 * A batch of inquiries, their references and their e-mails in one statement (decision 0026): the
 * references are claimed with `on conflict do nothing`, and only the leads whose reference was
 * claimed are stored and mailed; the statement answers the references it claimed. One statement
 * is one transaction: all of it is committed, or none.
 */
const storeInquiriesStatement = statement(
  "store_inquiries",
  `with input as (
     select * from jsonb_to_recordset($1::jsonb) as x(
       id uuid, reference text, kind text, name text, email text, message text, firm_name text,
       contact_number text, service_id integer, lang text, created_at timestamptz, emails jsonb)
   ), claimed as (
     insert into lead_references (reference, kind) select reference, 'inquiry' from input
     on conflict (reference) do nothing
     returning reference
   ), stored as (
     insert into inquiries (id, reference, kind, name, email, message, firm_name, contact_number, service_id, lang, created_at)
     select i.id, i.reference, i.kind, i.name, i.email, i.message, i.firm_name, i.contact_number, i.service_id, i.lang, i.created_at
     from input i join claimed c on c.reference = i.reference
     returning id
   ), mailed as (
     insert into outbox (kind, "to", reply_to, subject, content, html, text, lang, dedupe_key)
     select e.kind, e."to", e.reply_to, e.subject, e.content, e.html, e.text, e.lang, e.dedupe_key
     from input i join claimed c on c.reference = i.reference
     cross join lateral jsonb_to_recordset(i.emails) as e(
       kind text, "to" text, reply_to text, subject text, content jsonb, html text, text text, lang text,
       dedupe_key text)
     on conflict (dedupe_key) do nothing
     returning id
   )
   select reference from claimed`,
);

/** How many times a batch draws new references for the leads whose reference was taken. */
const MAX_REFERENCE_ROUNDS = 20;

/**
 * Stores inquiries with their e-mails, many per statement: contact forms and service requests
 * arrive in bursts, and one commit for all that arrived meanwhile costs little more than one for
 * each (docs/decisions/0016-lead-group-commit.md, 0026). References are drawn here (distinct
 * within the batch), so that each lead's e-mails can name it; a reference already taken (rare
 * until hundreds of thousands are issued) is drawn again for its lead alone.
 */
async function storeInquiries(db: Db, batch: Submitted[]): Promise<void> {
  let waiting = batch;
  for (let round = 0; round < MAX_REFERENCE_ROUNDS && waiting.length > 0; round++) {
    const drawn = new Set<string>();
    const input = waiting.map(({ row, mail, acknowledge }) => {
      let reference = randomLeadReference();
      while (drawn.has(reference)) reference = randomLeadReference();
      drawn.add(reference);
      row.reference = reference;
      const lead = { ...row, type: "inquiry" as const, receivedAt: row.createdAt };
      return {
        id: row.id,
        reference,
        kind: row.kind,
        name: row.name,
        email: row.email,
        message: row.message,
        firm_name: row.firmName ?? null,
        contact_number: row.contactNumber ?? null,
        service_id: row.serviceId ?? null,
        lang: row.lang,
        created_at: row.createdAt.toISOString(),
        emails: leadEmails(lead, mail, acknowledge).map(outboxRow),
      };
    });
    const claimed = new Set(
      (await runStatement<{ reference: string }>(db, storeInquiriesStatement, [JSON.stringify(input)])).map(
        (claim) => claim.reference,
      ),
    );
    waiting = waiting.filter(({ row }) => !claimed.has(row.reference));
  }
  if (waiting.length > 0) throw new Error(`No free lead reference after ${MAX_REFERENCE_ROUNDS} tries`);
}

const writers = new WeakMap<Db, (item: Submitted) => Promise<void>>();

/**
 * Stores a contact inquiry or service request and promises its two e-mails (DESIGN D10,
 * CONVENTIONS 15; the acknowledgement only within its recipient's daily cap): once this returns,
 * the lead and its mail are committed together. The caller
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
  const acknowledge = await mayAcknowledge(mail, row.email);
  await write({ row, mail, acknowledge });
  return { id: row.id, reference: row.reference, stored: true };
}
