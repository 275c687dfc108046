import { randomInt } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { leadReferences } from "#server/db/schema/leads.ts";

/** `MNT-` and six digits (DESIGN D10, from the spec's earlier proposal variant). */
export const LEAD_REFERENCE_PATTERN = /^MNT-\d{6}$/;

const MAX_TRIES = 20;

export function randomLeadReference(): string {
  return `MNT-${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

/**
 * Issues a new lead reference inside the lead's transaction: a random one, claimed in
 * `lead_references` (shared by inquiries and proposals) with `on conflict do nothing`, so a
 * collision costs a retry rather than an aborted transaction. Random rather than a sequence: a
 * reference tells nobody how many leads the studio gets, nor lets anyone guess another's. With a
 * million numbers a collision is rare until hundreds of thousands are issued; twenty misses in a
 * row means the space is nearly used up, which is an error worth seeing, not a loop.
 */
export async function issueLeadReference(tx: Db, kind: "inquiry" | "proposal"): Promise<string> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const reference = randomLeadReference();
    const claimed = await tx
      .insert(leadReferences)
      .values({ reference, kind })
      .onConflictDoNothing({ target: leadReferences.reference })
      .returning({ reference: leadReferences.reference });
    if (claimed.length > 0) return reference;
  }
  throw new Error(`No free lead reference after ${MAX_TRIES} tries`);
}
