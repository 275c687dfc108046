// One analysis, start to end: decode, find the text, run the model on its crops, interpret.
import type { InferenceSession } from "onnxruntime-node";
import { Tensor } from "onnxruntime-node";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { FontLibrary } from "#shared/schemas/font-library.ts";
import { decodeGray, type ImageLimits } from "./image-input.ts";
import {
  buildImageAnalysis,
  type ImageAnalysisDetails,
  type LineReading,
  type MainAnalysis,
  type ModelLabels,
  type OpenSetConfig,
} from "./interpret-outputs.ts";
import { imageLineBox } from "./line-box.ts";
import { NoTextFoundError, TextUnreadableError } from "./errors.ts";
import {
  edgeSharpness,
  gateVerdict,
  scoreLines,
  secondLookScore,
  type GateConfig,
  type GateVerdict,
  type LineScores,
} from "./text-gate.ts";
import { findTextLines, type TextLine } from "./find-text-lines.ts";
import type { Box } from "./image-ops.ts";
import type { GrayImage } from "./image-input.ts";
import { detectTextLines, type DetectorConfig } from "./detect-text-lines.ts";
import { lineToModelInputs } from "./model-inputs.ts";

/**
 * How the font model reads the lines: up to `perLine` windows of a long line, `placements` of a
 * short one, and at most `max` inputs averaged per analysis.
 */
export interface CropPlan {
  perLine: number;
  placements: number;
  max: number;
}
export const defaultCropPlan: CropPlan = { perLine: 5, placements: 3, max: 15 };

export interface DetailedAnalysis {
  analysis: FontAnalysis;
  details: ImageAnalysisDetails & {
    lines: number;
    /** The gate's scores of the lines found, when the gate is loaded. */
    gate?: LineScores[];
    /** The gate said "no text" and the second look kept the doubtful lines (text-gate.ts). */
    rescued?: boolean;
    ms: { decode: number; layout: number; gate: number; model: number; detect?: number };
  };
}

export interface LoadedModel {
  session: InferenceSession;
  labels: ModelLabels;
  library: FontLibrary;
  /** The no-text gate; without it every line found is analysed. */
  gate?: { session: InferenceSession; config: GateConfig };
  openSet?: OpenSetConfig;
  crops?: CropPlan;
  /** The text detector; without it an image without a box goes to the layout as a whole. */
  detector?: { session: InferenceSession; config: DetectorConfig };
}

/** The detected lines the layout reads, the most prominent first. */
const DETECTED_LINES_READ = 5;

/**
 * The detector's lines as the layout reads them: each of the most prominent detected lines' boxes,
 * with a margin of a third of its height, read by the layout for one line. The gate's training data
 * (ml/font-recognition/render-gate.ts --scenes) cuts its lines here too, so it learns the lines the
 * server shows it.
 */
export async function detectedLines(
  detector: NonNullable<LoadedModel["detector"]>,
  gray: GrayImage,
): Promise<TextLine[]> {
  const detected = await detectTextLines(detector, gray);
  const lines: TextLine[] = [];
  for (const d of detected.slice(0, DETECTED_LINES_READ)) {
    const m = Math.round(d.height / 3);
    const x = Math.max(0, d.box.x - m);
    const y = Math.max(0, d.box.y - m);
    const region = {
      x,
      y,
      w: Math.min(gray.width, d.box.x + d.box.w + m) - x,
      h: Math.min(gray.height, d.box.y + d.box.h + m) - y,
    };
    try {
      lines.push(...findTextLines(gray, { box: region, maxLines: 1 }));
    } catch (e) {
      if (!(e instanceof NoTextFoundError)) throw e;
    }
  }
  return lines;
}

/**
 * The lines to analyse. With the caller's box, or without a detector, the layout reads the box or
 * the whole image. Otherwise the detector finds the lines and the layout reads each detected line's
 * box (with a margin of a third of its height), so a photograph's edges are never taken for text; no
 * detected line is "no text" (or "unreadable" when the gate says so of the whole image's layout lines).
 */
async function locateLines(
  model: LoadedModel,
  gray: GrayImage,
  box: Box | undefined,
): Promise<{ lines: TextLine[]; detectMs?: number }> {
  if (box || !model.detector) return { lines: findTextLines(gray, { ...(box ? { box } : {}), maxLines: 3 }) };
  const t0 = performance.now();
  const lines = await detectedLines(model.detector, gray);
  const detectMs = performance.now() - t0;
  if (lines.length === 0) {
    // The detector is trained on readable text: text blurred or shrunk past reading is not a line to it.
    // The gate still reads the layout's lines of the whole image, to answer "unreadable" (it throws)
    // rather than "no text" for such an image.
    if (model.gate) {
      const whole = (() => {
        try {
          return findTextLines(gray, { maxLines: 3 });
        } catch (e) {
          if (e instanceof NoTextFoundError) return [];
          throw e;
        }
      })();
      if (whole.length) await runGate(model.gate, whole);
    }
    throw new NoTextFoundError("No text was found in the image");
  }
  return { lines, detectMs };
}

/**
 * The gate's scores and verdict on the lines found; throws "unreadable". A "none" verdict is
 * returned with its doubtful lines, for the second look in analyzeImage.
 */
async function runGate(
  gate: NonNullable<LoadedModel["gate"]>,
  lines: ReturnType<typeof findTextLines>,
): Promise<{ verdict: Exclude<GateVerdict, { kind: "unreadable" }>; scores: LineScores[] }> {
  const windows: Float32Array[] = [];
  const lineOf: number[] = [];
  lines.forEach((line, i) => {
    for (const w of lineToModelInputs(line, 2)) {
      windows.push(w);
      lineOf.push(i);
    }
  });
  const { height, width, name } = gate.config.input;
  const input = new Float32Array(windows.length * height * width);
  windows.forEach((w, i) => input.set(w, i * height * width));
  const out = await gate.session.run({ [name]: new Tensor("float32", input, [windows.length, 1, height, width]) });
  // Each line's edge sharpness, the mean over its windows: the second look passes over soft lines.
  const sharpness = new Array<number>(lines.length).fill(0);
  const count = new Array<number>(lines.length).fill(0);
  windows.forEach((w, k) => {
    sharpness[lineOf[k]!]! += edgeSharpness(w, width, height);
    count[lineOf[k]!]!++;
  });
  const scores = scoreLines(out.gate_logits!.data as Float32Array, lineOf, lines.length, gate.config.classes).map(
    (s, i) => ({ ...s, sharpness: sharpness[i]! / Math.max(1, count[i]!) }),
  );
  const verdict = gateVerdict(scores, gate.config.thresholds);
  if (verdict.kind === "unreadable") throw new TextUnreadableError("The text is too small or too blurry to read");
  return { verdict, scores };
}

/** The font model on the lines' crops, and the analysis built from its outputs. */
async function classifyLines(
  model: LoadedModel,
  lines: ReturnType<typeof findTextLines>,
): Promise<ReturnType<typeof buildImageAnalysis> & { ms: { crops: number; model: number } }> {
  const t0 = performance.now();
  // A model with the script head sees every line's windows, so each line gets a script and a sign's
  // line in the other script is never left out; which of them each analysis averages is decided
  // after the run (buildImageAnalysis). An older model sees only the windows it averages.
  const readsScripts = model.session.outputNames.includes("script_logit");
  const plan = model.crops ?? defaultCropPlan;
  const crops: Float32Array[] = [];
  const lineOf: number[] = [];
  for (const [index, line] of lines.entries()) {
    for (const crop of lineToModelInputs(line, plan.perLine, undefined, plan.placements)) {
      if (!readsScripts && crops.length >= plan.max) break;
      crops.push(crop);
      lineOf.push(index);
    }
  }
  const t1 = performance.now();
  const { height, width, name } = model.labels.input;
  const input = new Float32Array(crops.length * height * width);
  crops.forEach((c, i) => input.set(c, i * height * width));
  const out = await model.session.run({ [name]: new Tensor("float32", input, [crops.length, 1, height, width]) });
  const t2 = performance.now();
  const data = (k: string) => out[k]!.data as Float32Array;
  const built = buildImageAnalysis(
    {
      n: crops.length,
      familyLogits: data("family_logits"),
      weight: data("weight"),
      italicLogit: data("italic_logit"),
      styleLogits: data("style_logits"),
      embedding: data("embedding"),
      ...(out.size_log_ratio ? { sizeLogRatio: data("size_log_ratio") } : {}),
      ...(out.script_logit ? { scriptLogit: data("script_logit") } : {}),
    },
    lineOf,
    lines,
    model.labels,
    model.library,
    { maxCrops: plan.max, ...(model.openSet ? { openSet: model.openSet } : {}) },
  );
  return { ...built, ms: { crops: t1 - t0, model: t2 - t1 } };
}

/**
 * The response: the top-level answer, and each line's own reading with its box, in the order of the
 * lines (findTextLines': most ink first), so `lines[0]` is the most prominent line.
 */
function withLines(
  analysis: MainAnalysis,
  readings: LineReading[],
  lines: ReturnType<typeof findTextLines>,
  image: { width: number; height: number },
): FontAnalysis {
  return {
    ...analysis,
    lines: readings.map((r) => ({ ...r.analysis, script: r.script, box: imageLineBox(lines[r.line]!.box, image) })),
  };
}

export async function analyzeImage(
  model: LoadedModel,
  bytes: Uint8Array,
  box: Box | undefined,
  limits: ImageLimits,
): Promise<DetailedAnalysis> {
  const t0 = performance.now();
  const gray = await decodeGray(bytes, limits);
  const t1 = performance.now();
  const { lines: found, detectMs } = await locateLines(model, gray, box);
  const tg = performance.now();
  const gated = model.gate ? await runGate(model.gate, found) : undefined;
  const tg1 = performance.now();
  // The second look (text-gate.ts): when the gate says "no text", the sharp enough lines it doubts
  // are text if the font model finds them close enough to a family it knows, the gate's doubt
  // weighed against that closeness (secondLookScore).
  const secondLook = gated?.verdict.kind === "none";
  const rescue = model.gate?.config.thresholds.rescue;
  const keptIndexes = !gated
    ? found.map((_, i) => i)
    : gated.verdict.kind === "none"
      ? gated.verdict.doubtful
      : gated.verdict.lines;
  const kept = keptIndexes.map((i) => found[i]!);
  if (secondLook && (rescue === undefined || kept.length === 0))
    throw new NoTextFoundError("No text was found in the image");
  const { analysis, lines, details, ms } = await classifyLines(model, kept);
  if (
    secondLook &&
    secondLookScore(
      details.closeness.centroid,
      keptIndexes.map((i) => gated!.scores[i]!),
      rescue!.doubt ?? 0,
    ) < rescue!.centroid
  )
    throw new NoTextFoundError("No text was found in the image");
  return {
    analysis: withLines(analysis, lines, kept, gray),
    details: {
      ...details,
      lines: kept.length,
      ...(gated ? { gate: gated.scores, rescued: secondLook } : {}),
      ms: {
        decode: t1 - t0,
        layout: tg - t1 - (detectMs ?? 0) + ms.crops,
        gate: tg1 - tg,
        model: ms.model,
        ...(detectMs !== undefined ? { detect: detectMs } : {}),
      },
    },
  };
}
