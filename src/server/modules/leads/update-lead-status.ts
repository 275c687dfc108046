import { and, eq } from "drizzle-orm";
import type { Db } from "#server/db/database.ts";
import { inquiries, proposals } from "#server/db/schema.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { isUuid } from "#server/lib/is-uuid.ts";
import type { AdminLead, LeadKind, LeadStatus } from "#shared/schemas/admin.ts";
import { getLead } from "./get-lead.ts";

/** PATCH /api/admin/leads/:kind/:id: moves a lead between new, in progress and closed. */
export async function updateLeadStatus(db: Db, kind: LeadKind, id: string, status: LeadStatus): Promise<AdminLead> {
  if (!isUuid(id)) throw new ApiError(404, "lead_not_found", "admin.errors.leadNotFound");
  const updated =
    kind === "proposal"
      ? await db.update(proposals).set({ status }).where(eq(proposals.id, id)).returning({ id: proposals.id })
      : await db
          .update(inquiries)
          .set({ status })
          .where(and(eq(inquiries.id, id), eq(inquiries.kind, kind)))
          .returning({ id: inquiries.id });
  if (updated.length === 0) throw new ApiError(404, "lead_not_found", "admin.errors.leadNotFound");
  return getLead(db, kind, id);
}
