// The independent evaluation's measures (issue 38, decision 0045): each target as a count of images
// with a 95% interval, Wilson's for shares and a bootstrap for the calibration error. Pure functions of
// the analysed rows, so they can be unit-tested.
import {
  applyConfidenceMap,
  fitConfidenceMap,
  type ConfidenceMap,
} from "#server/modules/font-recognition/confidence-map.ts";
import { ece } from "../eval-scoring.ts";
import { makeRng } from "../text-corpus.ts";

export type Script = "arabic" | "latin";

/** What an image's manifest record says of it, shared by the records (sets.ts) and the analysed rows. */
export interface RecordTruth {
  id: string;
  kind: string;
  family?: string;
  inLibrary?: boolean;
  familyScript?: Script;
  script?: Script;
  digits?: "arabic-indic" | "latin";
  sizePx?: number;
  coverage?: number;
}

/** One analysed image of an independent set: the truth from its manifest record and the answer. */
export interface Row extends RecordTruth {
  error?: string;
  predicted?: string;
  /** The confidence the answer states. */
  confidence?: number;
  /** The answer says "not in our library". */
  flagged?: boolean;
  /** The model's probability for its best family (before the open-set decision and the confidence fit). */
  probability?: number;
  closeness?: Record<string, number>;
  scriptSeen?: Script;
  gate?: { none: number; text: number; unreadable: number; sharpness?: number }[];
  rescued?: boolean;
  /** For 1920x1080 frames: the same image analysed inside the text's box. */
  boxed?: { error?: string; predicted?: string };
}

export const NO_TEXT_KINDS = ["photo-crop", "photo-whole", "texture", "object"];
/** The in-library kinds the open set and the calibration are judged on (frames are a detection measure). */
export const UPLOAD_KINDS = ["line", "short", "digits"];
const REFUSALS = ["NoTextFoundError", "TextUnreadableError"];

/** A share with its size and 95% Wilson interval, in percent with one decimal. */
export interface Share {
  k: number;
  n: number;
  pct: number;
  lo: number;
  hi: number;
}

const r1 = (x: number) => Math.round(x * 1000) / 10;

export function wilson(k: number, n: number, z = 1.96): Share {
  if (n === 0) return { k, n, pct: NaN, lo: NaN, hi: NaN };
  const p = k / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return { k, n, pct: r1(p), lo: r1(Math.max(0, centre - half)), hi: r1(Math.min(1, centre + half)) };
}

export const share = <T>(rows: T[], hit: (r: T) => boolean): Share => wilson(rows.filter(hit).length, rows.length);

export const right = (r: Row) => !r.error && r.predicted === r.family;
export const refused = (r: { error?: string }) => !!r.error && REFUSALS.includes(r.error);
/** An out-of-library image not confidently named: refused, flagged, or stated under 0.5. */
export const caught = (r: Row) => refused(r) || (!r.error && (r.flagged === true || (r.confidence ?? 0) < 0.5));

/** A calibration error with its 95% bootstrap interval. */
export interface Estimate {
  value: number;
  lo: number;
  hi: number;
  n: number;
}

type Pair = { confidence: number; correct: boolean };
const pairsOf = (rows: Row[]): Pair[] =>
  rows
    .filter((r) => !r.error && r.confidence !== undefined)
    .map((r) => ({ confidence: r.confidence!, correct: right(r) }));

/** ECE with in- and out-of-library answers weighing half each (as eval-scoring's mixedCalibrationError). */
export function mixedEce(inLib: Pair[], outLib: Pair[]): number {
  if (outLib.length === 0) return ece(inLib);
  if (inLib.length === 0) return ece(outLib);
  return ece([
    ...inLib.map((p) => ({ ...p, weight: 0.5 / inLib.length })),
    ...outLib.map((p) => ({ ...p, weight: 0.5 / outLib.length })),
  ]);
}

/** mixedEce of analysed rows, each stated at `stated(row)` (its own confidence unless given). */
export function mixedEceOf(inRows: Row[], outRows: Row[], stated: (r: Row) => number = (r) => r.confidence!): number {
  const restated = (rows: Row[]) => pairsOf(rows.map((r) => ({ ...r, confidence: stated(r) })));
  return mixedEce(restated(inRows), restated(outRows));
}

/** The restating map's smallest block, a share of the weight (family-grouped 5-fold CV on the calibration split, session 27). */
export const RESTATE_MIN_BLOCK = 0.05;

/**
 * The restating map (open-set.json `restate`, decision 0048): an isotonic fit of the stated confidence
 * of the unflagged answers, in- and out-of-library answers weighing half each.
 */
export function fitRestate(inRows: Row[], outRows: Row[], minBlock = RESTATE_MIN_BLOCK): ConfidenceMap {
  const unflaggedPairs = (rows: Row[]) => pairsOf(rows.filter((r) => !r.flagged));
  const a = unflaggedPairs(inRows);
  const b = unflaggedPairs(outRows);
  return fitConfidenceMap(
    [
      ...a.map((p) => ({ probability: p.confidence, right: p.correct, weight: 0.5 / a.length })),
      ...b.map((p) => ({ probability: p.confidence, right: p.correct, weight: 0.5 / b.length })),
    ],
    minBlock,
  );
}

/** A row's confidence as the server states it through `map`: a flagged answer keeps its cap. */
export const restatedConfidence = (r: Row, map: ConfidenceMap): number =>
  r.flagged ? r.confidence! : applyConfidenceMap(r.confidence!, map);

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The mixed ECE of the answered images and its percentile bootstrap interval: both populations
 * resampled with replacement on their own, `reps` times, from a fixed seed.
 */
export function bootstrapMixedEce(inRows: Row[], outRows: Row[], reps = 1000, seed = 45): Estimate {
  const a = pairsOf(inRows);
  const b = pairsOf(outRows);
  const rng = makeRng(seed);
  const draw = (xs: Pair[]) => Array.from({ length: xs.length }, () => xs[Math.floor(rng() * xs.length)]!);
  const values: number[] = [];
  for (let i = 0; i < reps; i++) values.push(mixedEce(draw(a), draw(b)));
  values.sort((x, y) => x - y);
  return {
    value: round3(mixedEce(a, b)),
    lo: round3(values[Math.floor(0.025 * reps)]!),
    hi: round3(values[Math.min(reps - 1, Math.floor(0.975 * reps))]!),
    n: a.length + b.length,
  };
}

/** Stated confidence against the share right, by tenths: where a calibration error comes from. */
export function reliability(rows: Row[]): { bin: string; n: number; stated: number; right: number }[] {
  const pairs = pairsOf(rows);
  return Array.from({ length: 10 }, (_, b) => {
    const xs = pairs.filter((p) => Math.min(9, Math.floor(p.confidence * 10)) === b);
    return {
      bin: `${b / 10}-${(b + 1) / 10}`,
      n: xs.length,
      stated: xs.length ? r1(xs.reduce((s, p) => s + p.confidence, 0) / xs.length) : NaN,
      right: xs.length ? r1(xs.filter((p) => p.correct).length / xs.length) : NaN,
    };
  }).filter((b) => b.n > 0);
}

/** Every figure of the report, from the rows of one run. */
export function measures(rows: Row[]) {
  const of = (kinds: string[]) => rows.filter((r) => kinds.includes(r.kind) && r.inLibrary !== false);
  const uploads = of(UPLOAD_KINDS);
  const ool = rows.filter((r) => r.kind === "ool");
  const noText = rows.filter((r) => NO_TEXT_KINDS.includes(r.kind));
  const frames = of(["frame"]);
  const byScript = <T extends Row>(xs: T[], f: (xs: T[]) => Share) => ({
    arabic: f(xs.filter((r) => r.familyScript === "arabic")),
    latin: f(xs.filter((r) => r.familyScript === "latin")),
  });
  const top1 = (xs: Row[]) => share(xs, right);
  const sizeBins = [14, 24, 40, 72, 120, 161];
  const lines = of(["line"]);
  return {
    images: rows.length,
    top1: {
      lines: top1(lines),
      linesByScript: byScript(lines, top1),
      englishInBilingual: top1(lines.filter((r) => r.familyScript === "arabic" && r.script === "latin")),
      shortWords: top1(of(["short"])),
      shortWordsByScript: byScript(of(["short"]), top1),
      digits: top1(of(["digits"])),
      digitsArabicIndic: top1(of(["digits"]).filter((r) => r.digits === "arabic-indic")),
      digitsLatin: top1(of(["digits"]).filter((r) => r.digits === "latin")),
      bySize: sizeBins.slice(0, -1).map((lo, i) => ({
        px: `${lo}-${sizeBins[i + 1]! - 1}`,
        ...top1(uploads.filter((r) => r.sizePx! >= lo && r.sizePx! < sizeBins[i + 1]!)),
      })),
    },
    frames: {
      noBox: top1(frames),
      answered: share(frames, (r) => !r.error),
      withBox: share(frames, (r) => !r.boxed?.error && r.boxed?.predicted === r.family),
      byCoverage: [
        [0, 0.005],
        [0.005, 0.02],
        [0.02, 1],
      ].map(([lo, hi]) => ({
        coverage: `${lo! * 100}-${hi! * 100}%`,
        ...top1(frames.filter((r) => r.coverage! >= lo! && r.coverage! < hi!)),
      })),
    },
    openSet: {
      inLibraryFlagged: share(uploads, (r) => r.flagged === true),
      inLibraryFlaggedByScript: byScript(uploads, (xs) => share(xs, (r) => r.flagged === true)),
      outOfLibraryCaught: byScript(ool, (xs) => share(xs, caught)),
      outOfLibraryFlagged: byScript(ool, (xs) => share(xs, (r) => r.flagged === true)),
      byFamily: Object.fromEntries(
        [...new Set(ool.map((r) => r.family!))].sort().map((f) => [
          f,
          share(
            ool.filter((r) => r.family === f),
            caught,
          ),
        ]),
      ),
    },
    noText: {
      answeredNoText: share(noText, (r) => r.error === "NoTextFoundError"),
      byKind: Object.fromEntries(
        NO_TEXT_KINDS.map((k) => [
          k,
          share(
            noText.filter((r) => r.kind === k),
            (r) => r.error === "NoTextFoundError",
          ),
        ]),
      ),
      realTextRefused: share(uploads, refused),
    },
    calibration: {
      eceMixed: bootstrapMixedEce(uploads, ool),
      eceInLibrary: bootstrapMixedEce(uploads, []),
      reliabilityInLibrary: reliability(uploads),
      reliabilityOutOfLibrary: reliability(ool),
    },
  };
}

export type Measures = ReturnType<typeof measures>;
