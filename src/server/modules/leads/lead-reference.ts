import { randomInt } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { leadReferences } from "#server/db/schema/leads.ts";

const MAX_TRIES = 20;

export function randomLeadReference(): string {
  return `MNT-${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

/**
 * Claims `count` lead references inside the leads' transaction, in `lead_references` (shared by
 * inquiries and proposals) with `on conflict do nothing`, so that a collision costs another
 * draw rather than an aborted transaction. References are random rather than a sequence: one
 * tells nobody how many leads the studio gets, nor lets anyone guess another's. With a million
 * numbers a collision is rare until hundreds of thousands are issued; twenty rounds that still
 * leave some unclaimed means the space is nearly used up: an error worth seeing.
 */
export async function claimLeadReferences(tx: Db, kind: "inquiry" | "proposal", count: number): Promise<string[]> {
  const claimed: string[] = [];
  for (let round = 0; round < MAX_TRIES && claimed.length < count; round++) {
    const candidates = new Set<string>();
    while (candidates.size < count - claimed.length) candidates.add(randomLeadReference());
    const rows = await tx
      .insert(leadReferences)
      .values([...candidates].map((reference) => ({ reference, kind })))
      .onConflictDoNothing({ target: leadReferences.reference })
      .returning({ reference: leadReferences.reference });
    claimed.push(...rows.map((row) => row.reference));
  }
  if (claimed.length < count) throw new Error(`No free lead reference after ${MAX_TRIES} tries`);
  return claimed;
}
