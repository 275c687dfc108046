import { randomUUID } from "node:crypto";
import { randomLeadReference } from "./lead-reference.ts";
import type { LeadReceipt } from "./lead-receipt.ts";

/**
 * The answer to a submission that filled the honeypot: shaped like a real receipt, so a bot
 * learns nothing, but nothing was stored and nothing will be mailed.
 */
export function decoyReceipt(): LeadReceipt {
  return { id: randomUUID(), reference: randomLeadReference(), stored: false };
}
