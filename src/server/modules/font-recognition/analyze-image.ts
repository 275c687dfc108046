// One analysis, start to end: decode, find the text, run the model on its crops, interpret.
import type { InferenceSession } from "onnxruntime-node";
import { Tensor } from "onnxruntime-node";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { FontLibrary } from "#shared/schemas/font-library.ts";
import { decodeGray, type ImageLimits } from "./image-input.ts";
import { buildAnalysis, combineCrops, type AnalysisDetails, type ModelLabels } from "./interpret-outputs.ts";
import { findTextLines } from "./find-text-lines.ts";
import type { Box } from "./image-ops.ts";
import { lineToModelInputs } from "./model-inputs.ts";

/** At most this many model inputs per image: up to three lines, up to three windows each. */
const MAX_CROPS = 6;

export interface DetailedAnalysis {
  analysis: FontAnalysis;
  details: AnalysisDetails & { crops: number; lines: number; ms: { decode: number; layout: number; model: number } };
}

export interface LoadedModel {
  session: InferenceSession;
  labels: ModelLabels;
  library: FontLibrary;
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
  const lines = findTextLines(gray, { ...(box ? { box } : {}), maxLines: 3 });
  const crops: Float32Array[] = [];
  let firstLineCrops = 0;
  for (const [index, line] of lines.entries()) {
    for (const crop of lineToModelInputs(line, 3)) if (crops.length < MAX_CROPS) crops.push(crop);
    if (index === 0) firstLineCrops = crops.length;
  }
  const t2 = performance.now();
  const { height, width, name } = model.labels.input;
  const input = new Float32Array(crops.length * height * width);
  crops.forEach((c, i) => input.set(c, i * height * width));
  const out = await model.session.run({ [name]: new Tensor("float32", input, [crops.length, 1, height, width]) });
  const t3 = performance.now();
  const data = (k: string) => out[k]!.data as Float32Array;
  const prediction = combineCrops(
    {
      n: crops.length,
      familyLogits: data("family_logits"),
      weight: data("weight"),
      italicLogit: data("italic_logit"),
      styleLogits: data("style_logits"),
      embedding: data("embedding"),
      ...(out.size_log_ratio ? { sizeLogRatio: data("size_log_ratio"), firstLineCrops } : {}),
    },
    model.labels,
  );
  const { analysis, details } = buildAnalysis(prediction, model.labels, model.library, lines[0]!);
  return {
    analysis,
    details: {
      ...details,
      crops: crops.length,
      lines: lines.length,
      ms: { decode: t1 - t0, layout: t2 - t1, model: t3 - t2 },
    },
  };
}
