import { describe, expect, it } from "vitest";
import type { FontLibrary, LibraryFamily } from "#shared/schemas/font-library.ts";
import {
  buildAnalysis,
  combineCrops,
  estimateFontSize,
  snapWeight,
  type ModelLabels,
  type RawOutputs,
} from "./interpret-outputs.ts";

const family = (id: string, overrides: Partial<LibraryFamily> = {}): LibraryFamily => ({
  id,
  name: `Name ${id}`,
  nameAr: `اسم ${id}`,
  script: "latin",
  classification: "Sans",
  classificationAr: "غير مذيّل",
  weights: [300, 400, 700],
  italic: false,
  characteristics: ["Open forms"],
  characteristicsAr: ["أشكال مفتوحة"],
  variants: [],
  source: "npm",
  licence: "OFL-1.1",
  licenceFile: "LICENSE",
  ...overrides,
});

const library: FontLibrary = {
  version: 1,
  families: [
    family("a"),
    family("b", { italic: true }),
    family("c", {
      script: "arabic",
      arabicStyle: "naskh",
      culturalContext: { origin: "Baghdad", originAr: "بغداد", usage: "Books", usageAr: "الكتب" },
    }),
  ],
};

const labels: ModelLabels = {
  input: { name: "input", height: 48, width: 192 },
  families: ["a", "b", "c"],
  arabicStyles: ["naskh", "kufi", "thuluth", "diwani", "ruqah", "nastaliq", "sans", "display"],
  temperature: 0.5,
  // Embedding centroids: b is nearest to a, then c.
  familyCentroids: [
    [1, 0],
    [0.8, 0.6],
    [0, 1],
  ],
  sizeRatios: [
    { measure: "line", ratio: 1.25, spread: 0.05 },
    { measure: "core", ratio: 0.5, spread: 0.04 },
    { measure: "line", ratio: 1.5, spread: 0.06 },
  ],
};

/** Outputs for crops given as [family logits, weight, italic logit, size log-ratio]. */
function raw(
  crops: { logits: number[]; weight: number; italic: number; size?: number }[],
  firstLineCrops?: number,
): RawOutputs {
  const withSize = crops.every((c) => c.size !== undefined);
  return {
    n: crops.length,
    familyLogits: Float32Array.from(crops.flatMap((c) => c.logits)),
    weight: Float32Array.from(crops.map((c) => c.weight)),
    italicLogit: Float32Array.from(crops.map((c) => c.italic)),
    styleLogits: Float32Array.from(crops.flatMap(() => [3, 0, 0, 0, 0, 0, 0, 0])),
    embedding: Float32Array.from(crops.flatMap(() => [1, 0.1])),
    ...(withSize
      ? { sizeLogRatio: Float32Array.from(crops.map((c) => c.size!)), ...(firstLineCrops ? { firstLineCrops } : {}) }
      : {}),
  };
}

describe("combineCrops", () => {
  it("averages the crops' logits, then applies the temperature before the softmax", () => {
    const p = combineCrops(
      raw([
        { logits: [2, 0, 0], weight: 0, italic: 0 },
        { logits: [0, 0, 0], weight: 0, italic: 0 },
      ]),
      labels,
    );
    expect(p.logits).toEqual([1, 0, 0]);
    // softmax([1, 0, 0] / 0.5) = e^2 / (e^2 + 2)
    expect(p.probs[0]).toBeCloseTo(Math.exp(2) / (Math.exp(2) + 2), 6);
    expect(p.top.map((t) => t.index)).toEqual([0, 1, 2]);
    expect(p.probs.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });

  it("turns the weight output into a CSS weight and the italic logit into a probability", () => {
    const p = combineCrops(raw([{ logits: [0, 1, 0], weight: 1, italic: 0 }]), labels);
    expect(p.weightCss).toBe(700);
    expect(p.italicProbability).toBeCloseTo(0.5, 6);
  });

  it("takes the size from the first line's crops only", () => {
    const p = combineCrops(
      raw(
        [
          { logits: [1, 0, 0], weight: 0, italic: 0, size: Math.log(0.8) },
          { logits: [1, 0, 0], weight: 0, italic: 0, size: Math.log(0.8) },
          { logits: [1, 0, 0], weight: 0, italic: 0, size: Math.log(2) },
        ],
        2,
      ),
      labels,
    );
    expect(p.sizeLogRatio).toBeCloseTo(Math.log(0.8), 6);
  });

  it("has no size ratio for a model without the size head", () => {
    expect(combineCrops(raw([{ logits: [1, 0, 0], weight: 0, italic: 0 }]), labels).sizeLogRatio).toBeUndefined();
  });
});

describe("estimateFontSize", () => {
  const line = { lineHeight: 50, coreHeight: 20 };

  it("scales the measured line height by the size head's ratio", () => {
    expect(estimateFontSize(labels, 0, line, Math.log(0.8))).toBe(40);
  });

  it("falls back to the family's steadiest glyph measure without the head", () => {
    expect(estimateFontSize(labels, 0, line)).toBe(40); // line 50 / 1.25
    expect(estimateFontSize(labels, 1, line)).toBe(40); // core 20 / 0.5
  });

  it("gives no size when nothing was measured", () => {
    expect(estimateFontSize(labels, 0, { lineHeight: 0, coreHeight: 0 }, Math.log(0.8))).toBeUndefined();
  });
});

describe("snapWeight", () => {
  it("reports the nearest weight the family really has", () => {
    expect(snapWeight(family("x", { weights: [300, 400, 700] }), 520)).toBe(400);
    expect(snapWeight(family("x", { weights: [300, 400, 700] }), 580)).toBe(700);
    expect(snapWeight(family("x", { weights: [400] }), 900)).toBe(400);
  });
});

describe("buildAnalysis", () => {
  const line = { lineHeight: 50, coreHeight: 20 };

  it("names the best family in both languages, with its similar fonts from the embedding", () => {
    const p = combineCrops(raw([{ logits: [4, 0, 0], weight: 0, italic: 3, size: Math.log(0.8) }]), labels);
    const { analysis, details } = buildAnalysis(p, labels, library, line);
    expect(analysis).toMatchObject({ fontFamily: "Name a", fontFamilyAr: "اسم a", weight: 400, size: 40 });
    // Family a has no italics, so a high italic output is not believed.
    expect(analysis.style).toBe("normal");
    expect(analysis.characteristics).toEqual(["Sans", "Open forms"]);
    expect(analysis.similarFonts.map((f) => f.name)).toEqual(["Name b", "Name c"]);
    expect(analysis.similarFonts[0]!.similarity).toBeGreaterThan(analysis.similarFonts[1]!.similarity);
    expect(analysis.culturalContext).toBeUndefined();
    expect(details.familyId).toBe("a");
    expect(details.arabicStyle).toBeUndefined();
  });

  it("reports italic for a family that has italics, and cultural context for an Arabic style", () => {
    const italic = buildAnalysis(
      combineCrops(raw([{ logits: [0, 4, 0], weight: 0, italic: 3 }]), labels),
      labels,
      library,
      line,
    );
    expect(italic.analysis.style).toBe("italic");
    const arabic = buildAnalysis(
      combineCrops(raw([{ logits: [0, 0, 4], weight: 0, italic: 0 }]), labels),
      labels,
      library,
      line,
    );
    expect(arabic.analysis.culturalContext).toEqual({
      origin: "Baghdad",
      originAr: "بغداد",
      usage: "Books",
      usageAr: "الكتب",
    });
    expect(arabic.details.arabicStyle).toBe("naskh");
  });
});
