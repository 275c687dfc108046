// Turns the model's raw outputs for the crops of one image into the spec's analysis object.
import type { FontAnalysis, ScriptAnalysis, TextScript } from "#shared/schemas/font-analysis.ts";
import type { FontLibrary, LibraryFamily } from "#shared/schemas/font-library.ts";
import {
  applyConfidenceMap,
  applyConfidenceModel,
  type ConfidenceMap,
  type ConfidenceModel,
} from "./confidence-map.ts";

export interface ModelLabels {
  input: { name: string; height: number; width: number };
  families: string[];
  arabicStyles: string[];
  temperature: number;
  familyCentroids: number[][];
  sizeRatios: { measure: "line" | "core"; ratio: number; spread: number }[];
  /**
   * The weight head regresses toward the middle (a 900 reads about 700, a 100 about 210): the CSS
   * weight a raw reading stands for, fitted by ml/font-recognition/calibrate.ts. Absent: the raw one.
   */
  weightMap?: { intercept: number; slope: number };
}

/**
 * The "not in our library" decision (open-set.json, fitted by ml/font-recognition/calibrate-open-set.ts
 * on held-out families the model never saw): an image whose closeness score to the best family is
 * below `threshold` is flagged, and its confidence is capped at `flaggedConfidence`, the share of
 * flagged calibration images whose family the model did name right. An unflagged answer's
 * confidence goes through `confidenceMap` when there is one (confidence-map.ts): how often such an
 * answer is right when a visitor's font may as well be outside the library. `confidenceModel`, when
 * there is one, takes its place: it reads the closeness score as well as the probability.
 * `familyOffsets` (by family id) are what the "familyLogit" score subtracts from the best family's
 * logit: how far that family's own images sit above or below the library's mean logit (decision 0039).
 */
export interface OpenSetConfig {
  score: OpenSetScore;
  threshold: number;
  flaggedConfidence: number;
  confidenceMap?: ConfidenceMap;
  confidenceModel?: ConfidenceModel;
  familyOffsets?: Record<string, number>;
  /**
   * A monotone map read after the fit above (map or model) for every unflagged answer, of either
   * script: the stated confidence mapped to the share of such answers that were right on the
   * independent calibration split, in- and out-of-library answers weighing half each
   * (ml/font-recognition/independent/calibrate.ts --restate). The two-reading model's logistic form
   * cannot bend where the calibration split says it should: it stated 3% for in-library answers
   * right 28% of the time and 55% for answers right 90% of the time.
   */
  restate?: ConfidenceMap;
  /**
   * The bar, the flagged cap and the confidence fit for the text of one script, in place of the
   * ones above (decision 0045: Arabic and Latin answers sit at different closeness, so one bar flags
   * too much of one script to catch enough of the other).
   */
  byScript?: Partial<Record<TextScript, ScriptOpenSet>>;
}

export interface ScriptOpenSet {
  threshold: number;
  flaggedConfidence: number;
  confidenceModel?: ConfidenceModel;
}

/** The open-set decision that applies to text in `script`: the script's own, or the common one. */
export function openSetFor(openSet: OpenSetConfig, script: TextScript): OpenSetConfig {
  const own = openSet.byScript?.[script];
  return own ? { ...openSet, ...own } : openSet;
}

export type OpenSetScore = "centroid" | "logit" | "margin" | "familyLogit";
export const openSetScores: OpenSetScore[] = ["centroid", "logit", "margin", "familyLogit"];

/**
 * How close the image is to the best family: the cosine of its embedding to the family's centroid,
 * the best family's raw (cosine) logit, that logit's margin over the runner-up, or the logit less
 * the family's offset (`offsets`; a family without one, or no offsets at all, counts as 0). Some
 * families' own images score higher than others': a distinctive face (Teko, Special Elite, Cookie)
 * well above a plain grotesque with many neighbours (Karla, Figtree, Poppins). One bar on the raw
 * logit lets an unseen font through near the first kind and flags right answers of the second.
 */
export function closeness(
  prediction: Pick<Prediction, "embedding" | "logits" | "top">,
  labels: Pick<ModelLabels, "familyCentroids" | "families">,
  score: OpenSetScore,
  offsets?: Record<string, number>,
): number {
  const best = prediction.top[0]!.index;
  if (score === "logit") return prediction.logits[best]!;
  if (score === "familyLogit") return prediction.logits[best]! - (offsets?.[labels.families[best]!] ?? 0);
  if (score === "margin") return prediction.logits[best]! - prediction.logits[prediction.top[1]?.index ?? best]!;
  const c = labels.familyCentroids[best]!;
  return c.reduce((s, v, k) => s + v * prediction.embedding[k]!, 0);
}

/** Outputs for `n` crops, flattened row-major as ONNX Runtime returns them. */
export interface RawOutputs {
  n: number;
  familyLogits: Float32Array;
  weight: Float32Array;
  italicLogit: Float32Array;
  styleLogits: Float32Array;
  embedding: Float32Array;
  /** log(font size / line height) per crop; models trained before the size head lack it. */
  sizeLogRatio?: Float32Array;
  /** How many of the crops (the first ones) come from the first line, whose weight, slant and size are reported. */
  firstLineCrops?: number;
  /** Logit that a crop's line is in Arabic script; models trained before the script head lack it. */
  scriptLogit?: Float32Array;
}

export interface Prediction {
  /** Family logits averaged over the crops, before the temperature. */
  logits: number[];
  /** Calibrated family probabilities, in labels.families order. */
  probs: number[];
  top: { index: number; probability: number }[];
  weightCss: number;
  italicProbability: number;
  styleProbs: number[];
  embedding: number[];
  /** The size head's log(font size / line height) averaged over the first line's crops. */
  sizeLogRatio?: number;
  /** The script head's probability that the text is Arabic (absent for older models). */
  arabicProbability?: number;
}

export interface LineMeasure {
  lineHeight: number;
  coreHeight: number;
}

export interface AnalysisDetails {
  familyId: string;
  top5: { id: string; probability: number }[];
  /** The style head's answer for Arabic predictions (the analysis itself follows the family). */
  arabicStyle?: string;
  /** The style head's answer whatever the family, for measuring the head on its own. */
  styleHead: string;
  weightRaw: number;
  italicProbability: number;
  /** Averaged family logits before the temperature (for calibration). */
  familyLogits: number[];
  /** How close the image is to the best family, by each open-set score (see OpenSetConfig). */
  closeness: Record<OpenSetScore, number>;
  /** The script of the text seen: the script head's answer, or by the family probabilities. */
  script: TextScript;
}

function softmax(xs: number[]): number[] {
  const m = Math.max(...xs);
  const e = xs.map((x) => Math.exp(x - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / s);
}

function mean(rows: Float32Array, n: number, width: number): number[] {
  const out = new Array<number>(width).fill(0);
  for (let i = 0; i < n; i++) for (let j = 0; j < width; j++) out[j]! += rows[i * width + j]! / n;
  return out;
}

/**
 * Averages the crops' logits and outputs, then applies the calibration temperature. With `candidates`
 * (family indices), only those families can be named: the others get probability 0.
 */
export function combineCrops(raw: RawOutputs, labels: ModelLabels, candidates?: ReadonlySet<number>): Prediction {
  const F = labels.families.length;
  const S = labels.arabicStyles.length;
  const E = raw.embedding.length / raw.n;
  const logits = mean(raw.familyLogits, raw.n, F);
  const probs = softmax(
    logits.map((l, i) => (!candidates || candidates.has(i) ? l / labels.temperature : Number.NEGATIVE_INFINITY)),
  );
  const top = probs
    .map((probability, index) => ({ index, probability }))
    .sort((a, b) => b.probability - a.probability)
    .slice(0, 5);
  const emb = mean(raw.embedding, raw.n, E);
  const norm = Math.hypot(...emb) || 1;
  // The family is read from every window; weight, slant and size from the first line's only: on a
  // page, the heading's weight is the answer, not its average with the body text below it.
  const firstLine = Math.max(1, Math.min(raw.n, raw.firstLineCrops ?? raw.n));
  const italicLogit = mean(raw.italicLogit, firstLine, 1)[0]!;
  return {
    logits,
    probs,
    top,
    weightCss: mean(raw.weight, firstLine, 1)[0]! * 300 + 400,
    italicProbability: 1 / (1 + Math.exp(-italicLogit)),
    styleProbs: softmax(mean(raw.styleLogits, raw.n, S)),
    embedding: emb.map((v) => v / norm),
    ...(raw.sizeLogRatio ? { sizeLogRatio: mean(raw.sizeLogRatio, firstLine, 1)[0]! } : {}),
    ...(raw.scriptLogit ? { arabicProbability: 1 / (1 + Math.exp(-mean(raw.scriptLogit, raw.n, 1)[0]!)) } : {}),
  };
}

/** The CSS weight a raw reading of the weight head stands for (labels.weightMap). */
export function mapWeight(weightCss: number, map?: ModelLabels["weightMap"]): number {
  return map ? map.intercept + map.slope * weightCss : weightCss;
}

/** The weight the family really has that is nearest to the regressed value. */
export function snapWeight(family: LibraryFamily, weightCss: number): number {
  return family.weights.reduce(
    (best, w) => (Math.abs(w - weightCss) < Math.abs(best - weightCss) ? w : best),
    family.weights[0] ?? 400,
  );
}

/**
 * Font size in pixels of the uploaded image: the measured line height scaled by the size head's
 * ratio, or (for a model without that head) by the ratio that is steadiest for the family.
 */
export function estimateFontSize(
  labels: ModelLabels,
  familyIndex: number,
  line: LineMeasure,
  sizeLogRatio?: number,
): number | undefined {
  if (sizeLogRatio !== undefined && Number.isFinite(sizeLogRatio) && line.lineHeight > 0) {
    return Math.round(line.lineHeight * Math.exp(sizeLogRatio) * 10) / 10;
  }
  const r = labels.sizeRatios[familyIndex];
  if (!r || r.ratio <= 0) return undefined;
  const measured = r.measure === "core" ? line.coreHeight : line.lineHeight;
  if (measured <= 0) return undefined;
  return Math.round((measured / r.ratio) * 10) / 10;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The script of the text seen: the script head's answer, or for a model without one, the script
 * whose families hold most of the probability (which cannot tell English set in a bilingual
 * Arabic family such as Cairo from Arabic).
 */
export function scriptSeen(
  prediction: Pick<Prediction, "probs" | "arabicProbability">,
  labels: Pick<ModelLabels, "families">,
  library: FontLibrary,
): TextScript {
  if (prediction.arabicProbability !== undefined) return prediction.arabicProbability >= 0.5 ? "arabic" : "latin";
  const scriptOf = new Map(library.families.map((f) => [f.id, f.script]));
  let arabic = 0;
  prediction.probs.forEach((p, i) => {
    if (scriptOf.get(labels.families[i]!) === "arabic") arabic += p;
  });
  return arabic >= 0.5 ? "arabic" : "latin";
}

export function buildAnalysis(
  prediction: Prediction,
  labels: ModelLabels,
  library: FontLibrary,
  line: LineMeasure,
  openSet?: OpenSetConfig,
): { analysis: ScriptAnalysis; details: AnalysisDetails } {
  const byId = new Map(library.families.map((f) => [f.id, f]));
  const bestIndex = prediction.top[0]!.index;
  const family = byId.get(labels.families[bestIndex]!);
  if (!family) throw new Error(`model family ${labels.families[bestIndex]} is not in the library`);

  // Similar fonts are in the script of the text seen (a Latin serif gets Latin suggestions), ranked
  // by how close the image's embedding is to each family's centroid.
  const script = scriptSeen(prediction, labels, library);
  const similarFonts = labels.familyCentroids
    .map((c, index) => ({ index, cos: c.reduce((s, v, k) => s + v * prediction.embedding[k]!, 0) }))
    .filter((s) => s.index !== bestIndex && byId.get(labels.families[s.index]!)?.script === script)
    .sort((a, b) => b.cos - a.cos)
    .slice(0, 3)
    .map((s) => {
      const f = byId.get(labels.families[s.index]!)!;
      return { name: f.name, nameAr: f.nameAr, script: f.script, similarity: round2(Math.min(1, Math.max(0, s.cos))) };
    });

  const size = estimateFontSize(labels, bestIndex, line, prediction.sizeLogRatio);
  const styleIndex = prediction.styleProbs.indexOf(Math.max(...prediction.styleProbs));
  const close = Object.fromEntries(
    openSetScores.map((k) => [k, closeness(prediction, labels, k, openSet?.familyOffsets)]),
  ) as Record<OpenSetScore, number>;
  const decision = openSet && openSetFor(openSet, script);
  const inLibrary = !decision || close[decision.score] >= decision.threshold;
  const probability = prediction.top[0]!.probability;
  const fitted = decision?.confidenceModel
    ? applyConfidenceModel(probability, close[decision.score], decision.confidenceModel)
    : applyConfidenceMap(probability, decision?.confidenceMap);
  const analysis: ScriptAnalysis = {
    fontFamily: family.name,
    fontFamilyAr: family.nameAr,
    familyScript: family.script,
    confidence: round2(
      !inLibrary
        ? Math.min(probability, decision!.flaggedConfidence)
        : decision?.restate
          ? applyConfidenceMap(fitted, decision.restate)
          : fitted,
    ),
    inLibrary,
    weight: snapWeight(family, mapWeight(prediction.weightCss, labels.weightMap)),
    // Only a family with italics can be italic; for the others "normal" is a fact, not a guess.
    style: family.italic && prediction.italicProbability > 0.5 ? "italic" : "normal",
    ...(size !== undefined ? { size } : {}),
    characteristics: [family.classification, ...family.characteristics],
    characteristicsAr: [family.classificationAr, ...family.characteristicsAr],
    similarFonts,
    // The history of an Arabic style says nothing about English set in the family's Latin letters.
    ...(family.culturalContext && script === family.script ? { culturalContext: family.culturalContext } : {}),
    // Only the script head's answer is worth telling: the family-mass guess misreads bilingual families.
    ...(prediction.arabicProbability !== undefined ? { script } : {}),
  };
  return {
    analysis,
    details: {
      familyId: family.id,
      top5: prediction.top.map((t) => ({ id: labels.families[t.index]!, probability: t.probability })),
      ...(family.script === "arabic" && script === "arabic" ? { arabicStyle: labels.arabicStyles[styleIndex] } : {}),
      styleHead: labels.arabicStyles[styleIndex]!,
      weightRaw: prediction.weightCss,
      italicProbability: prediction.italicProbability,
      familyLogits: prediction.logits,
      closeness: close,
      script,
    },
  };
}

/**
 * How sure the script head must be (|mean logit| over a line's windows; 1 is about 73 %) before a
 * line counts as one script or the other: an uncertain line never starts a second analysis.
 */
export const SCRIPT_MARGIN = 1;

/**
 * Each line's script: the sign of the mean script logit of its crops (`lineOf[k]` is crop k's line).
 * A line without crops has none.
 */
export function scriptsOfLines(
  scriptLogit: Float32Array,
  lineOf: number[],
  lines: number,
  margin = SCRIPT_MARGIN,
): (TextScript | undefined)[] {
  const sums = new Array<number>(lines).fill(0);
  const counts = new Array<number>(lines).fill(0);
  lineOf.forEach((line, k) => {
    sums[line]! += scriptLogit[k]!;
    counts[line]!++;
  });
  return sums.map((s, i) => {
    if (counts[i] === 0) return undefined;
    const mean = s / counts[i]!;
    return Math.abs(mean) < margin ? undefined : mean > 0 ? "arabic" : "latin";
  });
}

/** The crops one analysis averages, and the line whose height gives its size (the group's first). */
export interface CropGroup {
  crops: number[];
  sizeLine: number;
}

/**
 * Which crops each analysis is built from (crops in line order, lines in findTextLines' order: most
 * ink first). Without line scripts, or with every line in one script, one analysis of the first
 * `maxCrops` crops, as before the script head. With both scripts, the main analysis takes the lines
 * in the script of the first line, the most prominent text (a sign's big name), and `other` the
 * lines in the other script.
 */
export function groupCrops(
  lineOf: number[],
  scripts: (TextScript | undefined)[] | undefined,
  maxCrops: number,
): { main: CropGroup; other?: CropGroup } {
  const take = (keep: (line: number) => boolean): CropGroup => {
    const crops = lineOf.flatMap((line, k) => (keep(line) ? [k] : [])).slice(0, maxCrops);
    return { crops, sizeLine: lineOf[crops[0]!]! };
  };
  const mainScript = scripts?.find((s) => s !== undefined);
  const otherScript = scripts?.find((s) => s !== undefined && s !== mainScript);
  if (!scripts || !otherScript) return { main: take(() => true) };
  // A line whose script is uncertain stays with the main analysis rather than start a second one.
  return {
    main: take((line) => scripts[line] !== otherScript),
    other: take((line) => scripts[line] === otherScript),
  };
}

/** The model indices of the library's Arabic families: no Latin family can draw Arabic text. */
function arabicFamilies(labels: ModelLabels, library: FontLibrary): ReadonlySet<number> {
  const arabic = new Set(library.families.filter((f) => f.script === "arabic").map((f) => f.id));
  return new Set(labels.families.flatMap((id, i) => (arabic.has(id) ? [i] : [])));
}

/** The outputs of the crops at `crops` only, as if just they had been run. */
export function pickCrops(raw: RawOutputs, crops: number[], firstLineCrops?: number): RawOutputs {
  const rows = (all: Float32Array) => {
    const width = all.length / raw.n;
    const out = new Float32Array(crops.length * width);
    crops.forEach((k, i) => out.set(all.subarray(k * width, (k + 1) * width), i * width));
    return out;
  };
  return {
    n: crops.length,
    familyLogits: rows(raw.familyLogits),
    weight: rows(raw.weight),
    italicLogit: rows(raw.italicLogit),
    styleLogits: rows(raw.styleLogits),
    embedding: rows(raw.embedding),
    ...(raw.sizeLogRatio ? { sizeLogRatio: rows(raw.sizeLogRatio) } : {}),
    ...(firstLineCrops !== undefined ? { firstLineCrops } : {}),
    ...(raw.scriptLogit ? { scriptLogit: rows(raw.scriptLogit) } : {}),
  };
}

export interface ImageAnalysisDetails extends AnalysisDetails {
  /** How many crops the main analysis averages. */
  crops: number;
  /** The script of each line, in line order (models with the script head). */
  lineScripts?: (TextScript | undefined)[];
  /** The analysis of the lines in the other script, when the image holds both. */
  otherScript?: AnalysisDetails & { crops: number };
}

/** The analysis of the crops of one group: `group.crops` only, sized from `group.sizeLine`. */
function analyseGroup(
  raw: RawOutputs,
  lineOf: number[],
  lines: LineMeasure[],
  group: CropGroup,
  labels: ModelLabels,
  library: FontLibrary,
  openSet?: OpenSetConfig,
): { analysis: ScriptAnalysis; details: AnalysisDetails } {
  const sizeCrops = group.crops.filter((k) => lineOf[k] === group.sizeLine).length;
  const picked = pickCrops(raw, group.crops, sizeCrops);
  // The group read as Arabic (its crops taken as one line, the same margin as a line's script) is
  // named only among Arabic families: Arabic letters or Arabic-Indic digits.
  const arabic = picked.scriptLogit && scriptsOfLines(picked.scriptLogit, Array(picked.n).fill(0), 1)[0] === "arabic";
  const prediction = combineCrops(picked, labels, arabic ? arabicFamilies(labels, library) : undefined);
  return buildAnalysis(prediction, labels, library, lines[group.sizeLine]!, openSet);
}

/** One line's own analysis (`line` indexes the lines given), with the script of its text. */
export interface LineReading {
  line: number;
  script: TextScript;
  analysis: ScriptAnalysis;
  details: AnalysisDetails & { crops: number };
}

/**
 * Each line read on its own: the outputs of that line's crops only, as if it were the whole image
 * (the same rules: an Arabic line is named among Arabic families, its size from its own height).
 * A line without crops (an older model stops at `maxCrops` windows in all) gets no reading.
 */
export function analyseLines(
  raw: RawOutputs,
  lineOf: number[],
  lines: LineMeasure[],
  labels: ModelLabels,
  library: FontLibrary,
  options: { maxCrops: number; openSet?: OpenSetConfig },
): LineReading[] {
  return lines.flatMap((_, line) => {
    const crops = lineOf.flatMap((l, k) => (l === line ? [k] : [])).slice(0, options.maxCrops);
    if (crops.length === 0) return [];
    const { analysis, details } = analyseGroup(
      raw,
      lineOf,
      lines,
      { crops, sizeLine: line },
      labels,
      library,
      options.openSet,
    );
    return [{ line, script: details.script, analysis, details: { ...details, crops: crops.length } }];
  });
}

/** The top-level answer: the spec's object without `lines`, which the caller adds with their boxes. */
export type MainAnalysis = Omit<FontAnalysis, "lines">;

/**
 * The analysis of one image from the outputs of all its crops (`lineOf[k]` is crop k's line in
 * `lines`): one analysis, or with lines in both scripts, one for each script (see groupCrops); and
 * each line's own (analyseLines).
 */
export function buildImageAnalysis(
  raw: RawOutputs,
  lineOf: number[],
  lines: LineMeasure[],
  labels: ModelLabels,
  library: FontLibrary,
  options: { maxCrops: number; openSet?: OpenSetConfig },
): { analysis: MainAnalysis; lines: LineReading[]; details: ImageAnalysisDetails } {
  const lineScripts = raw.scriptLogit ? scriptsOfLines(raw.scriptLogit, lineOf, lines.length) : undefined;
  const groups = groupCrops(lineOf, lineScripts, options.maxCrops);
  const analyse = (group: CropGroup) => analyseGroup(raw, lineOf, lines, group, labels, library, options.openSet);
  const main = analyse(groups.main);
  const other = groups.other ? analyse(groups.other) : undefined;
  return {
    analysis: { ...main.analysis, ...(other ? { otherScript: other.analysis } : {}) },
    lines: analyseLines(raw, lineOf, lines, labels, library, options),
    details: {
      ...main.details,
      crops: groups.main.crops.length,
      ...(lineScripts ? { lineScripts } : {}),
      ...(other ? { otherScript: { ...other.details, crops: groups.other!.crops.length } } : {}),
    },
  };
}
