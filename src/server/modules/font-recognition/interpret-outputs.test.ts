import { describe, expect, it } from "vitest";
import type { FontLibrary } from "#shared/schemas/font-library.ts";
import { libraryFamily } from "#tests/helpers/font-library.ts";
import {
  analyseLines,
  buildAnalysis,
  buildImageAnalysis,
  combineCrops,
  groupCrops,
  scriptSeen,
  scriptsOfLines,
  estimateFontSize,
  snapWeight,
  type ModelLabels,
  type RawOutputs,
} from "./interpret-outputs.ts";

const family = libraryFamily;

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
    ...(withSize ? { sizeLogRatio: Float32Array.from(crops.map((c) => c.size!)) } : {}),
    ...(firstLineCrops ? { firstLineCrops } : {}),
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

  it("takes weight and slant from the first line's crops too: a page's heading, not its body text", () => {
    const p = combineCrops(
      raw(
        [
          { logits: [1, 0, 0], weight: 1, italic: 4 },
          { logits: [1, 0, 0], weight: 1, italic: 4 },
          { logits: [1, 0, 0], weight: 0, italic: -4 },
          { logits: [1, 0, 0], weight: 0, italic: -4 },
        ],
        2,
      ),
      labels,
    );
    expect(p.weightCss).toBeCloseTo(700, 6);
    expect(p.italicProbability).toBeGreaterThan(0.95);
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
    // c is Arabic: a Latin line gets Latin suggestions only.
    expect(analysis.similarFonts.map((f) => f.name)).toEqual(["Name b"]);
    expect(analysis.inLibrary).toBe(true);
    expect(analysis.culturalContext).toBeUndefined();
    expect(details.familyId).toBe("a");
    expect(details.arabicStyle).toBeUndefined();
  });

  it("reads the weight through the fitted map, which undoes the head's pull toward the middle", () => {
    // Raw reading 520 (head output 0.4): family a (300, 400, 700) snaps it to 400; mapped by
    // -50 + 1.2 x 520 = 574, it is nearer 700. The details keep the raw reading.
    const p = combineCrops(raw([{ logits: [4, 0, 0], weight: 0.4, italic: 0 }]), labels);
    expect(buildAnalysis(p, labels, library, line).analysis.weight).toBe(400);
    const mapped = buildAnalysis(p, { ...labels, weightMap: { intercept: -50, slope: 1.2 } }, library, line);
    expect(mapped.analysis.weight).toBe(700);
    expect(mapped.details.weightRaw).toBeCloseTo(520);
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

describe("similar fonts and the open-set decision", () => {
  // a, b, e are Latin; c, d Arabic. The image's embedding ([1, 0.1]) is closest to the Arabic c.
  const lib: FontLibrary = {
    version: 1,
    families: [
      family("a"),
      family("b"),
      family("c", { script: "arabic" }),
      family("d", { script: "arabic" }),
      family("e"),
    ],
  };
  const lab: ModelLabels = {
    ...labels,
    families: ["a", "b", "c", "d", "e"],
    familyCentroids: [
      [1, 0],
      [0, 1],
      [0.99, 0.14],
      [0.7, 0.7],
      [0.6, 0.8],
    ],
    sizeRatios: [...labels.sizeRatios, ...labels.sizeRatios],
  };
  const line = { lineHeight: 50, coreHeight: 20 };
  const predict = (logits: number[]) => combineCrops(raw([{ logits, weight: 0, italic: 0 }]), lab);

  it("suggests only families of the script seen, ranked by closeness to their centroids", () => {
    const latin = buildAnalysis(predict([4, 0, 0, 0, 0]), lab, lib, line).analysis;
    expect(latin.similarFonts.map((f) => f.name)).toEqual(["Name e", "Name b"]);
    const arabic = buildAnalysis(predict([0, 0, 4, 0, 0]), lab, lib, line).analysis;
    expect(arabic.similarFonts.map((f) => f.name)).toEqual(["Name d"]);
  });

  it("reads the script from where the probability lies, not from the best family alone", () => {
    // The best single family is Arabic (c), but the Latin families hold more probability together.
    const p = predict([0, 2.9, 3, -9, 2.9]);
    expect(lab.families[p.top[0]!.index]).toBe("c");
    expect(scriptSeen(p, lab, lib)).toBe("latin");
  });

  it("takes the script from the script head when the model has one: English set in an Arabic family", () => {
    // The best family is Arabic (c, a bilingual family), but the script head reads Latin letters.
    const out = raw([{ logits: [0, 0, 5, 0, 0], weight: 0, italic: 0 }]);
    const p = combineCrops({ ...out, scriptLogit: new Float32Array([-3]) }, lab);
    expect(p.arabicProbability).toBeLessThan(0.1);
    expect(scriptSeen(p, lab, lib)).toBe("latin");
    const { analysis, details } = buildAnalysis(p, lab, lib, line);
    expect(analysis.fontFamily).toBe("Name c");
    expect(details.script).toBe("latin");
    expect(details.arabicStyle).toBeUndefined();
    expect(analysis.culturalContext).toBeUndefined();
    // Similar fonts are the Latin families (a, b, e), not the Arabic ones.
    expect(analysis.similarFonts.map((f) => f.name).sort()).toEqual(["Name a", "Name b", "Name e"]);
  });

  it("flags a line not close to any family and caps its confidence; a close one stays in the library", () => {
    const openSet = { score: "logit" as const, threshold: 3, flaggedConfidence: 0.2 };
    const close = buildAnalysis(predict([4, 0, 0, 0, 0]), lab, lib, line, openSet);
    expect(close.analysis.inLibrary).toBe(true);
    expect(close.analysis.confidence).toBeGreaterThan(0.9);
    const far = buildAnalysis(predict([2, 0, 0, 0, 0]), lab, lib, line, openSet);
    expect(far.analysis.inLibrary).toBe(false);
    expect(far.analysis.fontFamily).toBe("Name a");
    expect(far.analysis.confidence).toBe(0.2);
    expect(far.details.closeness.logit).toBeCloseTo(2);
    expect(far.details.closeness.margin).toBeCloseTo(2);
    // Without a fitted decision every answer counts as in the library.
    expect(buildAnalysis(predict([2, 0, 0, 0, 0]), lab, lib, line).analysis.inLibrary).toBe(true);
  });

  it("holds Arabic and Latin text to their own bars and caps when the decision has them (decision 0045)", () => {
    const openSet = {
      score: "logit" as const,
      threshold: 3,
      flaggedConfidence: 0.2,
      byScript: { arabic: { threshold: 5, flaggedConfidence: 0.4 } },
    };
    // A Latin answer at logit 4 passes the common bar of 3...
    const latin = buildAnalysis(predict([4, 0, 0, 0, 0]), lab, lib, line, openSet);
    expect(latin.details.script).toBe("latin");
    expect(latin.analysis.inLibrary).toBe(true);
    // ...an Arabic one at the same logit is held to Arabic's 5, and capped at Arabic's 0.4.
    const arabic = buildAnalysis(predict([0, 0, 4, 0, 0]), lab, lib, line, openSet);
    expect(arabic.details.script).toBe("arabic");
    expect(arabic.analysis.inLibrary).toBe(false);
    expect(arabic.analysis.confidence).toBe(0.4);
    // A Latin answer under the common bar is capped at the common 0.2.
    const far = buildAnalysis(predict([2, 0, 0, 0, 0]), lab, lib, line, openSet);
    expect(far.analysis.inLibrary).toBe(false);
    expect(far.analysis.confidence).toBe(0.2);
  });

  it("reads the family score against the best family's own offset, so one logit can pass for one family and not another", () => {
    const openSet = {
      score: "familyLogit" as const,
      threshold: 3,
      flaggedConfidence: 0.2,
      familyOffsets: { a: 1.5, b: -1.5 },
    };
    // The same best logit of 4: family a's images usually score higher, so 4 is far for a...
    const a = buildAnalysis(predict([4, 0, 0, 0, 0]), lab, lib, line, openSet);
    expect(a.details.closeness.familyLogit).toBeCloseTo(2.5);
    expect(a.details.closeness.logit).toBeCloseTo(4);
    expect(a.analysis.inLibrary).toBe(false);
    expect(a.analysis.confidence).toBe(0.2);
    // ...and close for b, whose images usually score lower.
    const b = buildAnalysis(predict([0, 4, 0, 0, 0]), lab, lib, line, openSet);
    expect(b.details.closeness.familyLogit).toBeCloseTo(5.5);
    expect(b.analysis.inLibrary).toBe(true);
    // A family with no offset reads its plain logit.
    const c = buildAnalysis(predict([0, 0, 4, 0, 0]), lab, lib, line, openSet);
    expect(c.details.closeness.familyLogit).toBeCloseTo(4);
    expect(c.analysis.inLibrary).toBe(true);
  });

  it("states an unflagged answer's confidence through the fitted map: as often right as such answers are", () => {
    const plain = { score: "logit" as const, threshold: 3, flaggedConfidence: 0.2 };
    const probability = buildAnalysis(predict([4, 0, 0, 0, 0]), lab, lib, line, plain).analysis.confidence;
    const mapped = buildAnalysis(predict([4, 0, 0, 0, 0]), lab, lib, line, {
      ...plain,
      confidenceMap: [
        [0.5, 0.3],
        [1, 0.6],
      ],
    });
    expect(mapped.analysis.inLibrary).toBe(true);
    expect(mapped.analysis.confidence).toBeCloseTo(0.3 + 0.3 * ((probability - 0.5) / 0.5), 1);
    expect(mapped.analysis.confidence).toBeLessThan(probability - 0.3);
    // A flagged answer keeps its cap.
    const far = buildAnalysis(predict([2, 0, 0, 0, 0]), lab, lib, line, { ...plain, confidenceMap: [[0, 0.9]] });
    expect(far.analysis.confidence).toBe(0.2);
  });

  it("states it through the two-reading model when there is one: nearer the family, more confident", () => {
    const plain = { score: "logit" as const, threshold: 3, flaggedConfidence: 0.2 };
    const model = { probabilityLogOdds: 0.3, closeness: 1.5, intercept: -7 };
    const near = buildAnalysis(predict([6, 0, 0, 0, 0]), lab, lib, line, { ...plain, confidenceModel: model });
    const justAbove = buildAnalysis(predict([3.5, 0, 0, 0, 0]), lab, lib, line, { ...plain, confidenceModel: model });
    expect(near.analysis.inLibrary).toBe(true);
    expect(justAbove.analysis.inLibrary).toBe(true);
    const expected = (logit: number, p: number) =>
      1 / (1 + Math.exp(-(0.3 * Math.log(Math.min(0.99, p) / (1 - Math.min(0.99, p))) + 1.5 * logit - 7)));
    const pNear = buildAnalysis(predict([6, 0, 0, 0, 0]), lab, lib, line, plain).analysis.confidence;
    expect(near.analysis.confidence).toBeCloseTo(expected(6, pNear), 1);
    expect(justAbove.analysis.confidence).toBeLessThan(0.5);
    expect(near.analysis.confidence).toBeGreaterThan(0.9);
    // The model takes the map's place; a flagged answer keeps its cap.
    const both = buildAnalysis(predict([3.5, 0, 0, 0, 0]), lab, lib, line, {
      ...plain,
      confidenceModel: model,
      confidenceMap: [[0, 0.99]],
    });
    expect(both.analysis.confidence).toBe(justAbove.analysis.confidence);
    const far = buildAnalysis(predict([2, 0, 0, 0, 0]), lab, lib, line, { ...plain, confidenceModel: model });
    expect(far.analysis.confidence).toBe(0.2);
  });

  it("restates the model's confidence through the calibration split's map; a flagged answer keeps its cap", () => {
    const plain = { score: "logit" as const, threshold: 3, flaggedConfidence: 0.2 };
    const model = { probabilityLogOdds: 0.3, closeness: 1.5, intercept: -7 };
    const restate: [number, number][] = [
      [0.1, 0.3],
      [0.9, 0.7],
    ];
    const fitted = buildAnalysis(predict([4, 0, 0, 0, 0]), lab, lib, line, { ...plain, confidenceModel: model });
    const restated = buildAnalysis(predict([4, 0, 0, 0, 0]), lab, lib, line, {
      ...plain,
      confidenceModel: model,
      restate,
    });
    const c = fitted.analysis.confidence;
    expect(c).toBeGreaterThan(0.1);
    expect(c).toBeLessThan(0.9);
    expect(restated.analysis.confidence).toBeCloseTo(0.3 + 0.4 * ((c - 0.1) / 0.8), 1);
    expect(restated.analysis.confidence).not.toBe(c);
    const far = buildAnalysis(predict([2, 0, 0, 0, 0]), lab, lib, line, { ...plain, confidenceModel: model, restate });
    expect(far.analysis.inLibrary).toBe(false);
    expect(far.analysis.confidence).toBe(0.2);
  });
});

describe("a sign in two scripts", () => {
  // a, b are Latin; c, d Arabic. Centroids: the Latin pair near [1, 0], the Arabic pair near [0, 1].
  const lib: FontLibrary = {
    version: 1,
    families: [
      family("a"),
      family("b"),
      family("c", {
        script: "arabic",
        arabicStyle: "naskh",
        weights: [400, 700],
        culturalContext: { origin: "Baghdad", originAr: "بغداد", usage: "Books", usageAr: "الكتب" },
      }),
      family("d", { script: "arabic" }),
    ],
  };
  const lab: ModelLabels = {
    ...labels,
    families: ["a", "b", "c", "d"],
    familyCentroids: [
      [1, 0],
      [0.9, 0.44],
      [0, 1],
      [0.44, 0.9],
    ],
    sizeRatios: [...labels.sizeRatios, labels.sizeRatios[0]!],
  };

  /** One crop of a line in Arabic (Naskh c, bold, script logit +4) or in Latin (Sans a, logit -4). */
  type Crop = { script: "arabic" | "latin"; size: number };
  function outputs(crops: Crop[], withScript = true): RawOutputs {
    const arabic = (c: Crop) => c.script === "arabic";
    return {
      n: crops.length,
      familyLogits: Float32Array.from(crops.flatMap((c) => (arabic(c) ? [0, 0, 5, 1] : [5, 1, 0, 0]))),
      weight: Float32Array.from(crops.map((c) => (arabic(c) ? 1 : 0))),
      italicLogit: Float32Array.from(crops.map(() => -3)),
      styleLogits: Float32Array.from(crops.flatMap(() => [3, 0, 0, 0, 0, 0, 0, 0])),
      embedding: Float32Array.from(crops.flatMap((c) => (arabic(c) ? [0, 1] : [1, 0]))),
      sizeLogRatio: Float32Array.from(crops.map((c) => Math.log(c.size))),
      ...(withScript ? { scriptLogit: Float32Array.from(crops.map((c) => (arabic(c) ? 4 : -4))) } : {}),
    };
  }
  // Line 0 (most ink): a big Arabic name, 3 windows; line 1: its English, 2 windows; line 2: Arabic, 1.
  const sign: Crop[] = [
    { script: "arabic", size: 0.8 },
    { script: "arabic", size: 0.8 },
    { script: "arabic", size: 0.8 },
    { script: "latin", size: 0.5 },
    { script: "latin", size: 0.5 },
    { script: "arabic", size: 2 },
  ];
  const signLines = [0, 0, 0, 1, 1, 2];
  const measures = [
    { lineHeight: 100, coreHeight: 40 },
    { lineHeight: 60, coreHeight: 30 },
    { lineHeight: 20, coreHeight: 10 },
  ];

  it("reads each line's script from the mean script logit of its own crops, when the head is sure enough", () => {
    const logits = Float32Array.from([3, 1, -2, -3, -1, 0.5]);
    // Line 0's mean is 0.67 (below the margin of 1: uncertain), line 1's -1.17 (Latin).
    expect(scriptsOfLines(logits, [0, 0, 0, 1, 1, 1], 3)).toEqual([undefined, "latin", undefined]);
    // Line 0: 3 (Arabic); line 1: -1.33 (Latin); line 2: -0.25 (uncertain).
    expect(scriptsOfLines(logits, [0, 1, 1, 1, 2, 2], 3)).toEqual(["arabic", "latin", undefined]);
    expect(scriptsOfLines(logits, [0, 1, 1, 1, 2, 2], 3, 0)).toEqual(["arabic", "latin", "latin"]);
  });

  it("keeps a line of uncertain script with the main analysis instead of starting a second one", () => {
    expect(groupCrops([0, 0, 1, 2], ["arabic", undefined, "latin"], 6)).toEqual({
      main: { crops: [0, 1, 2], sizeLine: 0 },
      other: { crops: [3], sizeLine: 2 },
    });
    const unsure = outputs(sign);
    unsure.scriptLogit!.set([-0.5, -0.5], 3);
    const { analysis } = buildImageAnalysis(unsure, signLines, measures, lab, lib, { maxCrops: 6 });
    expect(analysis.otherScript).toBeUndefined();
  });

  it("groups the lines by script, the main group in the script of the first (most prominent) line", () => {
    expect(groupCrops(signLines, ["arabic", "latin", "arabic"], 6)).toEqual({
      main: { crops: [0, 1, 2, 5], sizeLine: 0 },
      other: { crops: [3, 4], sizeLine: 1 },
    });
    // A Latin headline over an Arabic line: Latin is the main text.
    expect(groupCrops([0, 1, 1], ["latin", "arabic"], 6)).toEqual({
      main: { crops: [0], sizeLine: 0 },
      other: { crops: [1, 2], sizeLine: 1 },
    });
  });

  it("keeps one group of the first crops, as before the script head, when one script or none is read", () => {
    const lineOf = [0, 0, 0, 1, 1, 1, 2, 2];
    const single = { main: { crops: [0, 1, 2, 3, 4, 5], sizeLine: 0 } };
    expect(groupCrops(lineOf, ["latin", "latin", "latin"], 6)).toEqual(single);
    expect(groupCrops(lineOf, undefined, 6)).toEqual(single);
  });

  it("names a font for each script: Arabic from the Arabic lines, Latin from the Latin line", () => {
    const { analysis, details } = buildImageAnalysis(outputs(sign), signLines, measures, lab, lib, { maxCrops: 6 });
    expect(analysis).toMatchObject({ fontFamily: "Name c", script: "arabic", weight: 700, size: 80 });
    expect(analysis.culturalContext?.origin).toBe("Baghdad");
    expect(analysis.similarFonts.map((f) => f.name)).toEqual(["Name d"]);
    // The other script's size comes from its own first line (60 px tall, ratio 0.5).
    expect(analysis.otherScript).toMatchObject({ fontFamily: "Name a", script: "latin", weight: 400, size: 30 });
    expect(analysis.otherScript?.similarFonts.map((f) => f.name)).toEqual(["Name b"]);
    expect(analysis.otherScript?.culturalContext).toBeUndefined();
    expect(analysis.otherScript).not.toHaveProperty("otherScript");
    // Neither analysis is diluted by the other script's crops.
    expect(analysis.confidence).toBeGreaterThan(0.9);
    expect(analysis.otherScript!.confidence).toBeGreaterThan(0.9);
    expect(details).toMatchObject({ familyId: "c", script: "arabic", crops: 4 });
    expect(details.lineScripts).toEqual(["arabic", "latin", "arabic"]);
    expect(details.otherScript).toMatchObject({ familyId: "a", script: "latin", crops: 2 });
    expect(details.top5[0]!.id).toBe("c");
  });

  it("flags the other script's font on its own when it is not in the library", () => {
    // The Latin line's best logit (5) falls below the threshold; the Arabic one is boosted above it.
    const raw = outputs(sign);
    raw.familyLogits.set([0, 0, 9, 1], 0);
    raw.familyLogits.set([0, 0, 9, 1], 4);
    raw.familyLogits.set([0, 0, 9, 1], 8);
    raw.familyLogits.set([0, 0, 9, 1], 20);
    const openSet = { score: "logit" as const, threshold: 7, flaggedConfidence: 0.2 };
    const { analysis } = buildImageAnalysis(raw, signLines, measures, lab, lib, { maxCrops: 6, openSet });
    expect(analysis.inLibrary).toBe(true);
    expect(analysis.otherScript).toMatchObject({ fontFamily: "Name a", inLibrary: false, confidence: 0.2 });
  });

  it("names only an Arabic family for text the script head reads as Arabic: no Latin family can draw it", () => {
    // A line of Arabic-Indic digits whose windows look most like Latin a (logit 5), then Arabic d (4).
    const digits: Crop[] = [0, 1].map(() => ({ script: "arabic", size: 0.8 }));
    const raw = outputs(digits);
    raw.familyLogits.set([5, 1, 0, 4, 5, 1, 0, 4]);
    const { analysis, details } = buildImageAnalysis(raw, [0, 0], measures.slice(0, 1), lab, lib, { maxCrops: 6 });
    expect(analysis).toMatchObject({ fontFamily: "Name d", script: "arabic" });
    expect(details.top5.map((t) => t.id).slice(0, 2)).toEqual(["d", "c"]);
    expect(details.top5.find((t) => t.id === "a")?.probability ?? 0).toBe(0);
    // Unsure of the script (mean logit under the margin), the line may still be named Latin a.
    raw.scriptLogit!.set([0.5, 0.5]);
    expect(buildImageAnalysis(raw, [0, 0], measures.slice(0, 1), lab, lib, { maxCrops: 6 }).analysis.fontFamily).toBe(
      "Name a",
    );
  });

  it("answers one analysis when every line is in one script", () => {
    const latin: Crop[] = [0, 1, 2, 3].map(() => ({ script: "latin", size: 0.5 }));
    const { analysis, details } = buildImageAnalysis(outputs(latin), [0, 0, 1, 1], measures.slice(0, 2), lab, lib, {
      maxCrops: 6,
    });
    expect(analysis).toMatchObject({ fontFamily: "Name a", script: "latin", size: 50 });
    expect(analysis.otherScript).toBeUndefined();
    expect(details.otherScript).toBeUndefined();
    expect(details.lineScripts).toEqual(["latin", "latin"]);
  });

  it("reads each line on its own crops: its own family, script, weight and size", () => {
    const raw = outputs(sign);
    // The small Arabic line at the bottom (crop 5) is drawn in d, not in the headline's c.
    raw.familyLogits.set([0, 0, 1, 5], 5 * 4);
    raw.weight.set([0], 5);
    const { analysis, lines } = buildImageAnalysis(raw, signLines, measures, lab, lib, { maxCrops: 6 });
    expect(lines.map((l) => [l.line, l.script, l.analysis.fontFamily, l.details.crops])).toEqual([
      [0, "arabic", "Name c", 3],
      [1, "latin", "Name a", 2],
      [2, "arabic", "Name d", 1],
    ]);
    expect(lines[0]!.analysis).toMatchObject({ weight: 700, size: 80, script: "arabic" });
    expect(lines[0]!.analysis.culturalContext?.origin).toBe("Baghdad");
    expect(lines[1]!.analysis).toMatchObject({ weight: 400, size: 30, script: "latin" });
    expect(lines[1]!.analysis.similarFonts.map((f) => f.name)).toEqual(["Name b"]);
    // Each line is sized from its own height (20 px, ratio 2), not from the headline's.
    expect(lines[2]!.analysis).toMatchObject({ size: 40, script: "arabic" });
    // The top-level answer still averages the Arabic lines (c wins over the one crop of d), as before.
    expect(analysis).toMatchObject({ fontFamily: "Name c", weight: 700, size: 80 });
    expect(analysis.otherScript).toMatchObject({ fontFamily: "Name a", size: 30 });
    expect(lines.every((l) => !("otherScript" in l.analysis))).toBe(true);
  });

  it("answers for one line exactly what the whole image answers when it is the only line", () => {
    const one = outputs(sign.slice(0, 3));
    const { analysis, lines } = buildImageAnalysis(one, [0, 0, 0], measures.slice(0, 1), lab, lib, { maxCrops: 6 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.analysis).toEqual(analysis);
  });

  it("flags a line's font on its own when it is not close to any family", () => {
    const raw = outputs(sign);
    raw.familyLogits.set([0, 0, 9, 1], 0);
    raw.familyLogits.set([0, 0, 9, 1], 4);
    raw.familyLogits.set([0, 0, 9, 1], 8);
    raw.familyLogits.set([0, 0, 9, 1], 20);
    const openSet = { score: "logit" as const, threshold: 7, flaggedConfidence: 0.2 };
    const lines = analyseLines(raw, signLines, measures, lab, lib, { maxCrops: 6, openSet });
    expect(lines.map((l) => l.analysis.inLibrary)).toEqual([true, false, true]);
    expect(lines[1]!.analysis.confidence).toBe(0.2);
  });

  it("gives a line of a model without the script head the script its families hold, and skips lines not run", () => {
    // An older model stops at maxCrops windows: here line 2's crop was never run.
    const raw = outputs(sign.slice(0, 5), false);
    const lines = analyseLines(raw, signLines.slice(0, 5), measures, lab, lib, { maxCrops: 6 });
    expect(lines.map((l) => [l.line, l.script, l.analysis.fontFamily])).toEqual([
      [0, "arabic", "Name c"],
      [1, "latin", "Name a"],
    ]);
    // The analysis itself tells no script it did not read from the script head.
    expect(lines[0]!.analysis.script).toBeUndefined();
  });

  it("reads a model without the script head as before: one analysis of the first crops, no script", () => {
    const { analysis, details } = buildImageAnalysis(outputs(sign, false), signLines, measures, lab, lib, {
      maxCrops: 6,
    });
    expect(analysis.otherScript).toBeUndefined();
    expect(analysis.script).toBeUndefined();
    expect(details.lineScripts).toBeUndefined();
    expect(details.crops).toBe(6);
    // Exactly what combining all six crops gives, with the size from the first line's three.
    const before = buildAnalysis(
      combineCrops({ ...outputs(sign, false), firstLineCrops: 3 }, lab),
      lab,
      lib,
      measures[0]!,
    );
    expect(analysis).toEqual(before.analysis);
    expect(details.familyLogits).toEqual(before.details.familyLogits);
  });
});
