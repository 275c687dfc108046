import { describe, expect, it } from "vitest";
import { clearDraft, DRAFT_KEY, emptyValues, readDraft, writeDraft } from "./draft.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe("proposal draft", () => {
  it("starts empty on step 1", () => {
    expect(readDraft(memoryStorage(), "")).toEqual({ step: 1, values: emptyValues });
    expect(readDraft(undefined, "")).toEqual({ step: 1, values: emptyValues });
  });

  it("round-trips through storage and is cleared", () => {
    const storage = memoryStorage();
    const draft = { step: 2 as const, values: { ...emptyValues, name: "Sara", quantity: "150" } };
    writeDraft(storage, draft);
    expect(readDraft(storage, "")).toEqual(draft);
    clearDraft(storage);
    expect(storage.data.has(DRAFT_KEY)).toBe(false);
  });

  it("ignores damaged drafts, unknown fields and bad steps", () => {
    expect(readDraft(memoryStorage({ [DRAFT_KEY]: "{oops" }), "")).toEqual({ step: 1, values: emptyValues });
    const odd = JSON.stringify({ step: 7, values: { name: "A", admin: true, email: 5 } });
    expect(readDraft(memoryStorage({ [DRAFT_KEY]: odd }), "")).toEqual({
      step: 1,
      values: { ...emptyValues, name: "A" },
    });
  });

  it("preselects a known product from ?product=, over the draft's choice", () => {
    const storage = memoryStorage({ [DRAFT_KEY]: JSON.stringify({ step: 1, values: { productInterest: "custom" } }) });
    expect(readDraft(storage, "?product=sanam").values.productInterest).toBe("sanam");
    expect(readDraft(memoryStorage(), "?product=nawat").values.productInterest).toBe("nawat");
    expect(readDraft(memoryStorage(), "?product=chair").values.productInterest).toBe("");
  });
});
