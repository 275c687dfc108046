import { randomInt } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { leadReferences } from "#server/db/schema/leads.ts";

const MAX_TRIES = 20;

export function randomLeadReference(): string {
  return `MNT-${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
}

/**
 * Claims a lead reference inside the lead's transaction, in `lead_references` (shared by
 * inquiries and proposals) with `on conflict do nothing`, so that a collision costs another try
 * rather than an aborted transaction. References are random rather than a sequence: one tells
 * nobody how many leads the studio gets, nor lets anyone guess another's. `prepare` is called
 * with each candidate (the first one is drawn before the transaction, so the caller can do its
 * work on it, such as rendering the e-mails, without holding the transaction open) and again only
 * after a collision. With a million numbers a collision is rare until hundreds of thousands are
 * issued; twenty misses in a row means the space is nearly used up: an error worth seeing.
 */
export async function claimLeadReference<T>(
  tx: Db,
  kind: "inquiry" | "proposal",
  first: { reference: string; prepared: T },
  prepare: (reference: string) => T,
): Promise<{ reference: string; prepared: T }> {
  let candidate = first;
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const claimed = await tx
      .insert(leadReferences)
      .values({ reference: candidate.reference, kind })
      .onConflictDoNothing({ target: leadReferences.reference })
      .returning({ reference: leadReferences.reference });
    if (claimed.length > 0) return candidate;
    const reference = randomLeadReference();
    candidate = { reference, prepared: prepare(reference) };
  }
  throw new Error(`No free lead reference after ${MAX_TRIES} tries`);
}
