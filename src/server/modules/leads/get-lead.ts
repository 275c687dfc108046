import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { inquiries, proposals } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { isUuid } from "#server/lib/is-uuid.ts";
import type { AdminLead, LeadKind, LeadStatus } from "#shared/schemas/admin.ts";

const notFound = () => new ApiError(404, "lead_not_found", "admin.errors.leadNotFound");
const langOf = (lang: string) => (lang === "ar" ? "ar" : "en");

/** GET /api/admin/leads/:kind/:id: every field the visitor sent, with its reference and status. */
export async function getLead(db: Db, kind: LeadKind, id: string): Promise<AdminLead> {
  if (!isUuid(id)) throw notFound();
  if (kind === "proposal") {
    const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
    if (!row) throw notFound();
    return {
      kind,
      id: row.id,
      reference: row.reference,
      name: row.name,
      email: row.email,
      status: row.status as LeadStatus,
      createdAt: row.createdAt.toISOString(),
      preview: row.customRequirements.slice(0, 140),
      phone: row.phone,
      company: row.company,
      productInterest: row.productInterest,
      projectType: row.projectType,
      quantity: row.quantity,
      budget: row.budget,
      timeline: row.timeline,
      customRequirements: row.customRequirements,
      additionalNotes: row.additionalNotes,
      lang: langOf(row.lang),
    };
  }
  const [row] = await db
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.id, id), eq(inquiries.kind, kind)));
  if (!row) throw notFound();
  return {
    kind,
    id: row.id,
    reference: row.reference,
    name: row.name,
    email: row.email,
    status: row.status as LeadStatus,
    createdAt: row.createdAt.toISOString(),
    preview: row.message.slice(0, 140),
    message: row.message,
    firmName: row.firmName,
    contactNumber: row.contactNumber,
    serviceId: row.serviceId,
    lang: langOf(row.lang),
  };
}
