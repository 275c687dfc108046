import { sql, type SQL } from "drizzle-orm";
import { containsPattern } from "#server/db/contains-pattern.ts";
import type { Db } from "#server/db/database.ts";
import { rowsOf } from "#server/db/rows-of.ts";
import type { Page } from "#server/lib/pagination.ts";
import type { AdminLeadSummary, AdminLeadsQuery } from "#shared/schemas/admin.ts";

const PREVIEW_LENGTH = 140;

/**
 * GET /api/admin/leads: inquiries (contact and service requests) and proposals in one inbox,
 * newest first, filtered by kind, status and a search on name, e-mail or reference. One
 * statement: the two tables' rows as one list, with the total counted by a window function.
 */
export async function listLeads(db: Db, query: AdminLeadsQuery): Promise<Page<AdminLeadSummary>> {
  const filters = (table: "inquiries" | "proposals"): SQL => {
    const parts: SQL[] = [sql`true`];
    if (query.status) parts.push(sql`status = ${query.status}`);
    if (table === "inquiries" && query.kind && query.kind !== "proposal") parts.push(sql`kind = ${query.kind}`);
    if (query.search) {
      const pattern = containsPattern(query.search);
      parts.push(sql`(name ilike ${pattern} or email ilike ${pattern} or reference ilike ${pattern})`);
    }
    return sql.join(parts, sql` and `);
  };
  const branches: SQL[] = [];
  if (query.kind !== "proposal") {
    branches.push(sql`select kind, id, reference, name, email, status, created_at,
      left(message, ${PREVIEW_LENGTH}) as preview from inquiries where ${filters("inquiries")}`);
  }
  if (!query.kind || query.kind === "proposal") {
    branches.push(sql`select 'proposal' as kind, id, reference, name, email, status, created_at,
      left(custom_requirements, ${PREVIEW_LENGTH}) as preview from proposals where ${filters("proposals")}`);
  }
  const result = await db.execute(sql`
    select *, count(*) over ()::int as total from (${sql.join(branches, sql` union all `)}) leads
    order by created_at desc, id desc
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`);
  const rows = rowsOf<{
    kind: AdminLeadSummary["kind"];
    id: string;
    reference: string;
    name: string;
    email: string;
    status: AdminLeadSummary["status"];
    created_at: Date | string;
    preview: string;
    total: number;
  }>(result);
  // Past the last page the window has no row to count on: count on its own.
  const total = rows[0]?.total ?? (query.page > 1 ? await countLeads(db, branches) : 0);
  return {
    items: rows.map((row) => ({
      kind: row.kind,
      id: row.id,
      reference: row.reference,
      name: row.name,
      email: row.email,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      preview: row.preview,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function countLeads(db: Db, branches: SQL[]): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as total from (${sql.join(branches, sql` union all `)}) leads`,
  );
  return rowsOf<{ total: number }>(result)[0]?.total ?? 0;
}
