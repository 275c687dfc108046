import { describe, expect, it } from "vitest";
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import {
  calibrationError,
  mixedCalibrationError,
  confusions,
  ece,
  flaggedShare,
  noTextShare,
  openSetCaught,
  perScript,
  pct,
  quantile,
  refusedShare,
  summarise,
  type Outcome,
} from "./eval-scoring.ts";

const families = [
  { id: "amiri", script: "arabic", arabicStyle: "naskh" },
  { id: "scheherazade-new", script: "arabic", arabicStyle: "naskh" },
  { id: "reem-kufi", script: "arabic", arabicStyle: "kufi" },
  { id: "lora", script: "latin" },
  { id: "inter", script: "latin" },
] as LibraryFamily[];

interface Answer {
  familyId: string;
  top5?: string[];
  confidence?: number;
  weight?: number;
  italic?: boolean;
  size?: number;
  styleHead?: string;
}

/** An image of `truth` (weight 400, upright, 40 px) and the recognizer's answer, or its error. */
function outcome(truth: string, answer: Answer | string): Outcome {
  // A held-out family (out of the library) has no entry.
  const family = families.find((f) => f.id === truth);
  const base: Outcome = {
    set: "test",
    familyId: truth,
    weight: 400,
    italic: false,
    fontSizePx: 40,
    ...(family?.arabicStyle ? { arabicStyle: family.arabicStyle } : {}),
  };
  if (typeof answer === "string") return { ...base, error: answer };
  return {
    ...base,
    result: {
      analysis: {
        confidence: answer.confidence ?? 0.9,
        weight: answer.weight ?? 400,
        style: answer.italic ? "italic" : "normal",
        ...(answer.size !== undefined ? { size: answer.size } : {}),
      },
      details: {
        familyId: answer.familyId,
        top5: (answer.top5 ?? [answer.familyId]).map((id) => ({ id, probability: 0.2 })),
        styleHead: answer.styleHead ?? "sans",
      },
    },
  };
}

describe("pct and quantile", () => {
  it("turn a share into a percentage with one decimal", () => {
    expect(pct(0.8765)).toBe(87.7);
    expect(pct(1)).toBe(100);
  });

  it("pick the value at rank floor(q * n), NaN for no values", () => {
    expect(quantile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(quantile([5, 1, 4, 2, 3], 0.95)).toBe(5);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(3);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe("ece", () => {
  it("is zero when confidence matches accuracy in every bin", () => {
    const pairs = [true, true, true, false].map((correct) => ({ confidence: 0.75, correct }));
    expect(ece(pairs)).toBeCloseTo(0, 10);
  });

  it("weighs each bin's confidence-accuracy gap by its share of the samples", () => {
    // Three right at 0.95 (gap 0.05) and one wrong at 0.45 (gap 0.45): 3/4 * 0.05 + 1/4 * 0.45.
    const pairs = [
      { confidence: 0.95, correct: true },
      { confidence: 0.95, correct: true },
      { confidence: 0.95, correct: true },
      { confidence: 0.45, correct: false },
    ];
    expect(ece(pairs)).toBeCloseTo(0.15, 10);
  });

  it("counts only the outcomes with an answer, to three decimals", () => {
    const outcomes = [
      outcome("lora", { familyId: "lora", confidence: 0.9 }),
      outcome("lora", { familyId: "inter", confidence: 0.9 }),
      outcome("inter", "NoTextFoundError"),
    ];
    // One bin, confidence 0.9, accuracy 0.5.
    expect(calibrationError(outcomes)).toBe(0.4);
  });

  it("weighs in- and out-of-library images half each, whatever their numbers", () => {
    // Four in-library answers, flagged (confidence 0.2) and right; one out-of-library answer,
    // flagged and necessarily wrong. Half and half: accuracy 0.5 at confidence 0.2 (gap 0.3);
    // counted image by image, accuracy 0.8 (gap 0.6).
    const inLibrary = Array.from({ length: 4 }, () => outcome("lora", { familyId: "lora", confidence: 0.2 }));
    const outOfLibrary = [outcome("heldout-dejavu-serif", { familyId: "lora", confidence: 0.2 })];
    expect(mixedCalibrationError(inLibrary, outOfLibrary)).toBe(0.3);
    expect(calibrationError([...inLibrary, ...outOfLibrary])).toBe(0.6);
  });
});

describe("summarise", () => {
  const outcomes = [
    outcome("lora", { familyId: "lora", weight: 400, size: 42, confidence: 0.8 }),
    outcome("lora", {
      familyId: "inter",
      top5: ["inter", "lora"],
      weight: 600,
      italic: true,
      size: 30,
      confidence: 0.6,
    }),
    outcome("amiri", {
      familyId: "scheherazade-new",
      top5: ["scheherazade-new", "amiri"],
      weight: 500,
      styleHead: "naskh",
      size: 40,
      confidence: 0.5,
    }),
    outcome("reem-kufi", "NoTextFoundError"),
  ];
  const s = summarise(outcomes, families);

  it("counts failures against every share, by kind", () => {
    expect(s.n).toBe(4);
    expect(s.failures).toBe(1);
    expect(s.failureKinds).toEqual({ NoTextFoundError: 1 });
    expect(s.familyTop1).toBe(25);
    expect(s.familyTop5).toBe(75);
  });

  it("scores the Arabic style by the style head and by the predicted family's style", () => {
    expect(s.arabicSamples).toBe(2);
    // amiri: head says naskh (right), predicted scheherazade-new is naskh too (right); reem-kufi failed.
    expect(s.arabicStyleHead).toBe(50);
    expect(s.arabicStyleViaFamily).toBe(50);
  });

  it("scores weight within 100, italic, and the relative size error", () => {
    expect(s.weightWithin100).toBe(50);
    expect(s.italicAccuracy).toBe(50);
    // Size errors 2/40, 10/40 and 0/40; only the first has the right family.
    expect(s.sizeErrorMedian).toBe(5);
    expect(s.sizeErrorMean).toBe(10);
    expect(s.sizeErrorMedianWhenFamilyRight).toBe(5);
    expect(s.meanConfidence).toBe(63.3);
  });

  it("splits the summary by the true family's script", () => {
    const byScript = perScript(outcomes, families);
    expect(byScript.latin.n).toBe(2);
    expect(byScript.latin.familyTop1).toBe(50);
    expect(byScript.arabic.n).toBe(2);
    expect(byScript.arabic.failures).toBe(1);
  });
});

describe("confusions", () => {
  it("counts wrong answers by true and predicted family, most frequent first", () => {
    const outcomes = [
      outcome("lora", { familyId: "inter" }),
      outcome("amiri", { familyId: "scheherazade-new" }),
      outcome("amiri", { familyId: "scheherazade-new" }),
      outcome("inter", { familyId: "inter" }),
      outcome("inter", "NoTextFoundError"),
    ];
    expect(confusions(outcomes)).toEqual([
      ["amiri → scheherazade-new", 2],
      ["lora → inter", 1],
    ]);
    expect(confusions(outcomes, 1)).toHaveLength(1);
  });
});

describe("the refusal and open-set measures", () => {
  const named = (confidence: number, inLibrary: boolean): Outcome => ({
    set: "outOfLibrary",
    familyId: "heldout-x",
    weight: 400,
    italic: false,
    fontSizePx: 40,
    result: {
      analysis: { confidence, inLibrary },
      details: { familyId: "lora", top5: [{ id: "lora", probability: confidence }], styleHead: "sans" },
    },
  });
  const failed = (error: string): Outcome => ({ ...named(0, true), result: undefined, error });

  it("counts an out-of-library line as caught when refused, flagged or named with confidence below 0.5", () => {
    const outcomes = [
      named(0.9, false),
      named(0.3, true),
      failed("NoTextFoundError"),
      named(0.9, true),
      failed("Error"),
    ];
    expect(openSetCaught(outcomes)).toBe(60);
    expect(flaggedShare(outcomes)).toBe(20);
  });

  it("separates 'no text found' from all refusals, and counts other errors as neither", () => {
    const outcomes = [
      { error: "NoTextFoundError" },
      { error: "TextUnreadableError" },
      { error: "ImageDecodeError" },
      {},
    ];
    expect(noTextShare(outcomes)).toBe(25);
    expect(refusedShare(outcomes)).toBe(50);
    expect(refusedShare([])).toBe(0);
  });
});
