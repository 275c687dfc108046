import { HONEYPOT_FIELD } from "#shared/schemas/lead-fields.ts";
import { PRODUCT_INTERESTS, type ProposalField } from "#shared/schemas/proposal-request.ts";

/** The wizard's form values: every field as the form holds it (selects start empty). */
export type ProposalValues = Record<ProposalField | typeof HONEYPOT_FIELD, string>;
export type Draft = { step: 1 | 2 | 3; values: ProposalValues };

export const DRAFT_KEY = "proposal-draft";

export const emptyValues: ProposalValues = {
  name: "",
  email: "",
  phone: "",
  company: "",
  productInterest: "",
  projectType: "",
  quantity: "",
  budget: "",
  timeline: "",
  customRequirements: "",
  additionalNotes: "",
  website: "",
};

const isStep = (value: unknown): value is Draft["step"] => value === 1 || value === 2 || value === 3;

/**
 * The half-filled wizard kept in sessionStorage (it survives a reload, not the tab), and the
 * product a link asked for (`?product=<catalog id>`), which wins over the draft's choice.
 */
export function readDraft(storage: Pick<Storage, "getItem"> | undefined, search: string): Draft {
  let draft: Draft = { step: 1, values: { ...emptyValues } };
  try {
    const parsed = JSON.parse(storage?.getItem(DRAFT_KEY) ?? "null") as {
      step?: unknown;
      values?: Record<string, unknown>;
    } | null;
    if (parsed && typeof parsed === "object") {
      const values = { ...emptyValues };
      for (const name of Object.keys(values) as (keyof ProposalValues)[]) {
        if (name === HONEYPOT_FIELD) continue;
        const value = parsed.values?.[name];
        if (typeof value === "string") values[name] = value;
      }
      draft = { step: isStep(parsed.step) ? parsed.step : 1, values };
    }
  } catch {
    // A damaged draft is dropped: the wizard starts empty.
  }
  const product = new URLSearchParams(search).get("product");
  if (product && (PRODUCT_INTERESTS as readonly string[]).includes(product)) {
    draft.values.productInterest = product;
  }
  return draft;
}

export function writeDraft(storage: Pick<Storage, "setItem"> | undefined, draft: Draft): void {
  try {
    storage?.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked (private mode): the wizard still works, it just won't survive a reload.
  }
}

export function clearDraft(storage: Pick<Storage, "removeItem"> | undefined): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // Nothing to clear.
  }
}
