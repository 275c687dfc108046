// Turns the model's raw outputs for the crops of one image into the spec's analysis object.
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { FontLibrary, LibraryFamily } from "#shared/schemas/font-library.ts";

export interface ModelLabels {
  input: { name: string; height: number; width: number };
  families: string[];
  arabicStyles: string[];
  temperature: number;
  familyCentroids: number[][];
  sizeRatios: { measure: "line" | "core"; ratio: number; spread: number }[];
}

/**
 * The "not in our library" decision (open-set.json, fitted by ml/font-recognition/calibrate-open-set.ts
 * on held-out families the model never saw): an image whose closeness score to the best family is
 * below `threshold` is flagged, and its confidence is capped at `flaggedConfidence`, the share of
 * flagged calibration images whose family the model did name right.
 */
export interface OpenSetConfig {
  score: OpenSetScore;
  threshold: number;
  flaggedConfidence: number;
}

export type OpenSetScore = "centroid" | "logit" | "margin";
export const openSetScores: OpenSetScore[] = ["centroid", "logit", "margin"];

/**
 * How close the image is to the best family: the cosine of its embedding to the family's centroid,
 * the best family's raw (cosine) logit, or that logit's margin over the runner-up.
 */
export function closeness(
  prediction: Pick<Prediction, "embedding" | "logits" | "top">,
  labels: Pick<ModelLabels, "familyCentroids">,
  score: OpenSetScore,
): number {
  const best = prediction.top[0]!.index;
  if (score === "logit") return prediction.logits[best]!;
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
  /** How many of the crops (the first ones) come from the first line, whose size is reported. */
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
  /** The script of the text seen, by the family probabilities. */
  script: "arabic" | "latin";
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

/** Averages the crops' logits and outputs, then applies the calibration temperature. */
export function combineCrops(raw: RawOutputs, labels: ModelLabels): Prediction {
  const F = labels.families.length;
  const S = labels.arabicStyles.length;
  const E = raw.embedding.length / raw.n;
  const logits = mean(raw.familyLogits, raw.n, F);
  const probs = softmax(logits.map((l) => l / labels.temperature));
  const top = probs
    .map((probability, index) => ({ index, probability }))
    .sort((a, b) => b.probability - a.probability)
    .slice(0, 5);
  const emb = mean(raw.embedding, raw.n, E);
  const norm = Math.hypot(...emb) || 1;
  const italicLogit = mean(raw.italicLogit, raw.n, 1)[0]!;
  return {
    logits,
    probs,
    top,
    weightCss: mean(raw.weight, raw.n, 1)[0]! * 300 + 400,
    italicProbability: 1 / (1 + Math.exp(-italicLogit)),
    styleProbs: softmax(mean(raw.styleLogits, raw.n, S)),
    embedding: emb.map((v) => v / norm),
    ...(raw.sizeLogRatio
      ? { sizeLogRatio: mean(raw.sizeLogRatio, Math.min(raw.n, raw.firstLineCrops ?? raw.n), 1)[0]! }
      : {}),
    ...(raw.scriptLogit ? { arabicProbability: 1 / (1 + Math.exp(-mean(raw.scriptLogit, raw.n, 1)[0]!)) } : {}),
  };
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
): "arabic" | "latin" {
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
): { analysis: FontAnalysis; details: AnalysisDetails } {
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
      return { name: f.name, nameAr: f.nameAr, similarity: round2(Math.min(1, Math.max(0, s.cos))) };
    });

  const size = estimateFontSize(labels, bestIndex, line, prediction.sizeLogRatio);
  const styleIndex = prediction.styleProbs.indexOf(Math.max(...prediction.styleProbs));
  const close = Object.fromEntries(openSetScores.map((k) => [k, closeness(prediction, labels, k)])) as Record<
    OpenSetScore,
    number
  >;
  const inLibrary = !openSet || close[openSet.score] >= openSet.threshold;
  const probability = prediction.top[0]!.probability;
  const analysis: FontAnalysis = {
    fontFamily: family.name,
    fontFamilyAr: family.nameAr,
    confidence: round2(inLibrary ? probability : Math.min(probability, openSet!.flaggedConfidence)),
    inLibrary,
    weight: snapWeight(family, prediction.weightCss),
    // Only a family with italics can be italic; for the others "normal" is a fact, not a guess.
    style: family.italic && prediction.italicProbability > 0.5 ? "italic" : "normal",
    ...(size !== undefined ? { size } : {}),
    characteristics: [family.classification, ...family.characteristics],
    characteristicsAr: [family.classificationAr, ...family.characteristicsAr],
    similarFonts,
    // The history of an Arabic style says nothing about English set in the family's Latin letters.
    ...(family.culturalContext && script === family.script ? { culturalContext: family.culturalContext } : {}),
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
