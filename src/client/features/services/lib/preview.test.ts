import { describe, expect, it } from "vitest";
import { services } from "#content/services.ts";
import { ELLIPSIS, PREVIEW_LENGTH, previewText } from "./preview.ts";

describe("previewText", () => {
  it("returns a short text whole, without an ellipsis", () => {
    expect(previewText("Short and sweet.")).toBe("Short and sweet.");
  });

  it("cuts at the last word boundary within the limit and adds an ellipsis", () => {
    const text = "aaaa bbbb cccc";
    expect(previewText(text, 7)).toBe(`aaaa${ELLIPSIS}`);
    expect(previewText(text, 9)).toBe(`aaaa bbbb${ELLIPSIS}`);
    // Exactly at a space: the whole first two words.
    expect(previewText(text, 10)).toBe(`aaaa bbbb${ELLIPSIS}`);
  });

  it("drops punctuation left at the cut", () => {
    expect(previewText("one, two three", 5)).toBe(`one${ELLIPSIS}`);
    expect(previewText("واحد، اثنان ثلاثة", 6)).toBe(`واحد${ELLIPSIS}`);
  });

  it("never cuts inside an Arabic word", () => {
    const text = "نرافق فكرتك من أول رسمة حتى تصبح منتجًا جاهزًا للسوق";
    for (let limit = 6; limit < Array.from(text).length; limit++) {
      const preview = previewText(text, limit);
      const kept = preview.slice(0, -1);
      const words = text.split(" ");
      // Every word kept is a whole word of the text, in order.
      expect(words.slice(0, kept.split(" ").length).join(" ")).toBe(kept);
    }
  });

  it.each(
    services.flatMap((s) => [
      [s.titleEn, s.descriptionEn],
      [s.titleAr, s.descriptionAr],
    ]),
  )("%s: at most 100 characters before the ellipsis, whole words only", (_title, description) => {
    const preview = previewText(description);
    expect(preview.endsWith(ELLIPSIS)).toBe(true);
    const kept = preview.slice(0, -ELLIPSIS.length);
    expect(Array.from(kept).length).toBeLessThanOrEqual(PREVIEW_LENGTH);
    expect(Array.from(kept).length).toBeGreaterThan(PREVIEW_LENGTH - 25);
    expect(description.startsWith(kept)).toBe(true);
    // The character after the kept text is not a letter: the cut is at a word's end.
    expect(description.slice(kept.length, kept.length + 1)).toMatch(/^[\s,;:،؛.]$/u);
  });
});

describe("previewText with one long word", () => {
  it("keeps a first word longer than the limit whole", () => {
    expect(previewText("abcdefgh ij", 4)).toBe(`abcdefgh${ELLIPSIS}`);
    expect(previewText("abcdefgh", 4)).toBe("abcdefgh");
  });
});
