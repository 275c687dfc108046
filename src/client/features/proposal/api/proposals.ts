import { apiJson } from "#client/lib/api.ts";
import type { Lang } from "#shared/lang.ts";
import type { ProposalValues } from "../lib/draft.ts";

/** POST /api/proposals: the wizard's request; the answer's reference is shown to the visitor. */
export function sendProposal(values: ProposalValues, lang: Lang): Promise<{ id: unknown; reference: string }> {
  return apiJson<{ id: unknown; reference: string }>("POST", "/api/proposals", { ...values, lang });
}
