import { describe, expect, it } from "vitest";
import { glyphMasks, glyphOverlap } from "./nearest-outlines.ts";

const fontsource = (pkg: string, file: string) => `node_modules/@fontsource/${pkg}/files/${file}`;

describe("glyph overlap (is a held-out font a library family's drawing?)", () => {
  // Noto Naskh Arabic and Noto Nastaliq Urdu both ship Noto Serif's Latin, with other advance
  // widths: one drawing. Compared as whole lines they overlapped 0.47 and the twin went unseen.
  const naskhLatin = glyphMasks([fontsource("noto-naskh-arabic", "noto-naskh-arabic-latin-400-normal.woff2")], "latin");
  const nastaliqLatin = glyphMasks(
    [fontsource("noto-nastaliq-urdu", "noto-nastaliq-urdu-latin-400-normal.woff2")],
    "latin",
  );

  it("sees one drawing shipped under two names", () => {
    expect(glyphOverlap(naskhLatin, nastaliqLatin)).toBeGreaterThanOrEqual(0.95);
  });

  it("keeps a different serif apart", () => {
    const ptSerif = glyphMasks([fontsource("pt-serif", "pt-serif-latin-400-normal.woff2")], "latin");
    expect(glyphOverlap(naskhLatin, ptSerif)).toBeLessThan(0.9);
  });

  it("reads an Arabic family's own letters, not a fallback", () => {
    const naskh = glyphMasks([fontsource("noto-naskh-arabic", "noto-naskh-arabic-arabic-400-normal.woff2")], "arabic");
    const nastaliq = glyphMasks(
      [fontsource("noto-nastaliq-urdu", "noto-nastaliq-urdu-arabic-400-normal.woff2")],
      "arabic",
    );
    expect(glyphOverlap(naskh, nastaliq)).toBeLessThan(0.9);
  });
});
