// Scores the recognizer's answers on the evaluation sets: family top-1/top-5, Arabic style, weight,
// italic, size error and calibration. Pure functions of the outcomes, so they can be unit-tested.
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import type { DetailedAnalysis } from "#server/modules/font-recognition/recognize-font.ts";

/** The parts of an analysis the scoring reads. */
export interface ScoredAnalysis {
  analysis: Pick<DetailedAnalysis["analysis"], "confidence" | "weight" | "style" | "size"> & { inLibrary?: boolean };
  details: Pick<DetailedAnalysis["details"], "familyId" | "top5" | "styleHead" | "rescued"> &
    Partial<Pick<DetailedAnalysis["details"], "closeness" | "script" | "familyLogits">>;
}

/** One evaluation image: what it really shows, and what the recognizer said (or the error it threw). */
export interface Outcome {
  set: string;
  familyId: string;
  weight: number;
  italic: boolean;
  fontSizePx: number;
  arabicStyle?: string;
  result?: ScoredAnalysis;
  error?: string;
}

/** A share 0..1 as a percentage with one decimal. */
export const pct = (x: number) => Math.round(x * 1000) / 10;

/** The value at rank floor(q * n) of the sorted values (NaN when there are none). */
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/**
 * Expected calibration error: the gap between confidence and accuracy, averaged over equal-width
 * bins. A pair's `weight` (default 1) is how many images it stands for.
 */
export function ece(pairs: { confidence: number; correct: boolean; weight?: number }[], bins = 15): number {
  const w = (p: { weight?: number }) => p.weight ?? 1;
  const all = pairs.reduce((s, p) => s + w(p), 0);
  let total = 0;
  for (let b = 0; b < bins; b++) {
    const inBin = pairs.filter((p) => p.confidence > b / bins && p.confidence <= (b + 1) / bins);
    const mass = inBin.reduce((s, p) => s + w(p), 0);
    if (mass === 0) continue;
    const conf = inBin.reduce((s, p) => s + w(p) * p.confidence, 0) / mass;
    const acc = inBin.reduce((s, p) => s + (p.correct ? w(p) : 0), 0) / mass;
    total += (mass / all) * Math.abs(conf - acc);
  }
  return total;
}

/** Confidence and family correctness of every outcome that has an answer. */
export function calibrationPairs(outcomes: Outcome[]): { confidence: number; correct: boolean }[] {
  return outcomes
    .filter((o) => o.result)
    .map((o) => ({ confidence: o.result!.analysis.confidence, correct: o.result!.details.familyId === o.familyId }));
}

/** ECE of the outcomes, to three decimals. */
export const calibrationError = (outcomes: Outcome[]) => Math.round(ece(calibrationPairs(outcomes)) * 1000) / 1000;

/**
 * ECE over the uploads the confidence is calibrated for: in-library and out-of-library images
 * equally likely, as the "not in our library" cap assumes (calibrate-open-set.ts). Each population
 * weighs half, whatever its number of images; an out-of-library image is never named right.
 */
export function mixedCalibrationError(inLibrary: Outcome[], outOfLibrary: Outcome[]): number {
  const a = calibrationPairs(inLibrary);
  const b = calibrationPairs(outOfLibrary);
  if (a.length === 0 || b.length === 0) return calibrationError([...inLibrary, ...outOfLibrary]);
  const pairs = [
    ...a.map((p) => ({ ...p, weight: 0.5 / a.length })),
    ...b.map((p) => ({ ...p, weight: 0.5 / b.length })),
  ];
  return Math.round(ece(pairs) * 1000) / 1000;
}

export type Summary = ReturnType<typeof summarise>;

/** Every measure of one set; shares are percentages of all its images, failures included. */
export function summarise(outcomes: Outcome[], families: LibraryFamily[]) {
  const n = outcomes.length;
  const ok = outcomes.filter((o) => o.result);
  const top1 = ok.filter((o) => o.result!.details.familyId === o.familyId).length / n;
  const top5 = ok.filter((o) => o.result!.details.top5.some((t) => t.id === o.familyId)).length / n;
  const arabic = outcomes.filter((o) => o.arabicStyle);
  const style = arabic.filter((o) => o.result?.details.styleHead === o.arabicStyle).length / Math.max(1, arabic.length);
  const styleViaFamily =
    arabic.filter(
      (o) => o.result && families.find((f) => f.id === o.result!.details.familyId)?.arabicStyle === o.arabicStyle,
    ).length / Math.max(1, arabic.length);
  const weight =
    ok.filter((o) => o.result!.analysis.weight !== undefined && Math.abs(o.result!.analysis.weight - o.weight) <= 100)
      .length / n;
  const italic = ok.filter((o) => (o.result!.analysis.style === "italic") === o.italic).length / n;
  const sizeErr = ok
    .filter((o) => o.result!.analysis.size !== undefined)
    .map((o) => Math.abs(o.result!.analysis.size! - o.fontSizePx) / o.fontSizePx);
  const sizeErrRight = ok
    .filter((o) => o.result!.analysis.size !== undefined && o.result!.details.familyId === o.familyId)
    .map((o) => Math.abs(o.result!.analysis.size! - o.fontSizePx) / o.fontSizePx);
  const cal = calibrationPairs(ok);
  return {
    n,
    failures: n - ok.length,
    failureKinds: Object.fromEntries(
      [...new Set(outcomes.filter((o) => o.error).map((o) => o.error!))].map((k) => [
        k,
        outcomes.filter((o) => o.error === k).length,
      ]),
    ),
    familyTop1: pct(top1),
    familyTop5: pct(top5),
    arabicSamples: arabic.length,
    arabicStyleHead: pct(style),
    arabicStyleViaFamily: pct(styleViaFamily),
    weightWithin100: pct(weight),
    italicAccuracy: pct(italic),
    sizeErrorMedian: pct(quantile(sizeErr, 0.5)),
    sizeErrorMean: pct(sizeErr.reduce((a, b) => a + b, 0) / Math.max(1, sizeErr.length)),
    sizeErrorMedianWhenFamilyRight: pct(quantile(sizeErrRight, 0.5)),
    ece: calibrationError(ok),
    meanConfidence: pct(cal.reduce((s, p) => s + p.confidence, 0) / Math.max(1, cal.length)),
  };
}

/** The summary of the Arabic families' images and of the Latin ones'. */
export function perScript(outcomes: Outcome[], families: LibraryFamily[]): { arabic: Summary; latin: Summary } {
  const arabicIds = new Set(families.filter((f) => f.script === "arabic").map((f) => f.id));
  return {
    arabic: summarise(
      outcomes.filter((o) => arabicIds.has(o.familyId)),
      families,
    ),
    latin: summarise(
      outcomes.filter((o) => !arabicIds.has(o.familyId)),
      families,
    ),
  };
}

/** The most frequent wrong answers, as "true → predicted" with their counts. */
export function confusions(outcomes: Outcome[], limit = 12): [string, number][] {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const got = o.result?.details.familyId;
    if (got && got !== o.familyId)
      counts.set(`${o.familyId} → ${got}`, (counts.get(`${o.familyId} → ${got}`) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit);
}

/** The recognizer's refusals of an image: it holds no text, or its text cannot be read. */
export const REFUSALS = ["NoTextFoundError", "TextUnreadableError"];

/** Share (percent) of the images refused as holding no readable text. */
export function refusedShare(outcomes: { error?: string }[]): number {
  return pct(outcomes.filter((o) => o.error && REFUSALS.includes(o.error)).length / Math.max(1, outcomes.length));
}

/** Share (percent) answered exactly "no text found". */
export function noTextShare(outcomes: { error?: string }[]): number {
  return pct(outcomes.filter((o) => o.error === "NoTextFoundError").length / Math.max(1, outcomes.length));
}

/**
 * Share (percent) of out-of-library images NOT given a confident in-library name: refused, flagged
 * as not in the library, or named with confidence below 0.5. Any other error counts against it.
 */
export function openSetCaught(outcomes: Outcome[]): number {
  const caught = outcomes.filter(
    (o) =>
      (o.error && REFUSALS.includes(o.error)) ||
      (o.result && (o.result.analysis.inLibrary === false || o.result.analysis.confidence < 0.5)),
  );
  return pct(caught.length / Math.max(1, outcomes.length));
}

/** Share (percent) of in-library images flagged as not in the library. */
export function flaggedShare(outcomes: Outcome[]): number {
  return pct(outcomes.filter((o) => o.result?.analysis.inLibrary === false).length / Math.max(1, outcomes.length));
}
