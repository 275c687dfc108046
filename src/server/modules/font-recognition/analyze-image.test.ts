import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import type { InferenceSession } from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { projectPath } from "#server/lib/project-root.ts";
import type { FontLibrary, LibraryFamily } from "#shared/schemas/font-library.ts";
import { analyzeImage, defaultCropPlan, type CropPlan, type LoadedModel } from "./analyze-image.ts";
import { NoTextFoundError } from "./errors.ts";
import { findTextLines } from "./find-text-lines.ts";
import { decodeGray, defaultImageLimits } from "./image-input.ts";
import { imageLineBox } from "./line-box.ts";
import type { ModelLabels } from "./interpret-outputs.ts";
import { lineToModelInputs } from "./model-inputs.ts";

GlobalFonts.registerFromPath(
  projectPath("node_modules/@fontsource/lora/files/lora-latin-400-normal.woff2"),
  "AnalyzeImageTestLora",
);

/** Three long lines, tallest first: each is wide enough for three model windows. */
function sign(): Buffer {
  const canvas = createCanvas(1500, 420);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, 1500, 420);
  ctx.fillStyle = "#111111";
  const lines = [
    { size: 64, y: 100, text: "Handmade walnut bowls and cups from the old city" },
    { size: 40, y: 240, text: "Heritage objects for everyday life, carved by hand in Riyadh" },
    { size: 34, y: 350, text: "Open every day from nine in the morning until ten at night" },
  ];
  for (const l of lines) {
    ctx.font = `${l.size}px AnalyzeImageTestLora`;
    ctx.fillText(l.text, 30, l.y);
  }
  return canvas.toBuffer("image/png");
}

const family = (id: string, script: "arabic" | "latin"): LibraryFamily => ({
  id,
  name: `Name ${id}`,
  nameAr: `اسم ${id}`,
  script,
  classification: "Sans",
  classificationAr: "غير مذيّل",
  weights: [400, 700],
  italic: false,
  characteristics: [],
  characteristicsAr: [],
  variants: [],
  source: "npm",
  licence: "OFL-1.1",
  licenceFile: "LICENSE",
});

const library: FontLibrary = {
  version: 1,
  families: [family("a", "latin"), family("b", "latin"), family("c", "arabic"), family("d", "arabic")],
};

const labels: ModelLabels = {
  input: { name: "input", height: 48, width: 192 },
  families: ["a", "b", "c", "d"],
  arabicStyles: ["naskh", "kufi", "thuluth", "diwani", "ruqah", "nastaliq", "sans", "display"],
  temperature: 1,
  familyCentroids: [
    [1, 0],
    [0.9, 0.44],
    [0, 1],
    [0.44, 0.9],
  ],
  sizeRatios: [0, 1, 2, 3].map(() => ({ measure: "line" as const, ratio: 1, spread: 0 })),
};

/** Three windows a line, one place for a short one, six in all: the plan these tests count with. */
const threeByLine: CropPlan = { perLine: 3, placements: 1, max: 6 };

/**
 * A stand-in for the ONNX session: it recognises which line each window it is given was cut from
 * (by comparing pixels with the windows of each line) and answers as if `scripts[line]` were that
 * line's script: Arabic windows read as family c with size ratio 1, Latin ones as family a with 0.5.
 */
async function fakeModel(
  bytes: Buffer,
  scripts: ("arabic" | "latin")[],
  withScriptHead: boolean,
  plan: CropPlan = threeByLine,
) {
  const lines = findTextLines(await decodeGray(bytes), { maxLines: 3 });
  const windows = lines.map((line) => lineToModelInputs(line, plan.perLine, undefined, plan.placements));
  const lineOfWindow = (w: Float32Array) =>
    windows.findIndex((ws) => ws.some((x) => x.length === w.length && x.every((v, i) => v === w[i])));
  const seen: number[] = [];
  const session = {
    outputNames: [
      "family_logits",
      "weight",
      "italic_logit",
      "style_logits",
      "embedding",
      "size_log_ratio",
      ...(withScriptHead ? ["script_logit"] : []),
    ],
    async run(feeds: Record<string, { data: Float32Array; dims: readonly number[] }>) {
      const input = feeds.input!;
      const size = 48 * 192;
      const n = input.dims[0]!;
      const arabic = Array.from({ length: n }, (_, k) => {
        const line = lineOfWindow(input.data.subarray(k * size, (k + 1) * size));
        seen.push(line);
        return scripts[line] === "arabic";
      });
      const out = (values: number[]) => ({ data: Float32Array.from(values) });
      return {
        family_logits: out(arabic.flatMap((a) => (a ? [0, 0, 5, 1] : [5, 1, 0, 0]))),
        weight: out(arabic.map((a) => (a ? 1 : 0))),
        italic_logit: out(arabic.map(() => -3)),
        style_logits: out(arabic.flatMap(() => [3, 0, 0, 0, 0, 0, 0, 0])),
        embedding: out(arabic.flatMap((a) => (a ? [0, 1] : [1, 0]))),
        size_log_ratio: out(arabic.map((a) => (a ? 0 : Math.log(0.5)))),
        ...(withScriptHead ? { script_logit: out(arabic.map((a) => (a ? 4 : -4))) } : {}),
      };
    },
  };
  const model: LoadedModel = { session: session as unknown as InferenceSession, labels, library, crops: plan };
  return { model, lines, seen };
}

describe("analyzeImage with lines in two scripts", () => {
  it("names a font for each script, each sized from its own most prominent line", async () => {
    const bytes = sign();
    // The tallest line (most ink) is Arabic, the two below it Latin.
    const { model, lines, seen } = await fakeModel(bytes, ["arabic", "latin", "latin"], true);
    expect(lines).toHaveLength(3);
    const { analysis, details } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    // Every line's windows were run, so the third line has a script too.
    expect(seen).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
    expect(details.lineScripts).toEqual(["arabic", "latin", "latin"]);
    expect(analysis).toMatchObject({ fontFamily: "Name c", script: "arabic", weight: 700 });
    expect(analysis.size).toBeCloseTo(lines[0]!.lineHeight, 1);
    expect(analysis.otherScript).toMatchObject({ fontFamily: "Name a", script: "latin", weight: 400 });
    expect(analysis.otherScript!.size).toBeCloseTo(lines[1]!.lineHeight * 0.5, 1);
    expect(details).toMatchObject({ familyId: "c", crops: 3, lines: 3 });
    expect(details.otherScript).toMatchObject({ familyId: "a", crops: 6 });
  });

  it("answers each line with its box, its script and its own font, most prominent first", async () => {
    const bytes = sign();
    const { model, lines } = await fakeModel(bytes, ["arabic", "latin", "latin"], true);
    const gray = await decodeGray(bytes);
    const { analysis } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(analysis.lines.map((l) => [l.script, l.fontFamily])).toEqual([
      ["arabic", "Name c"],
      ["latin", "Name a"],
      ["latin", "Name a"],
    ]);
    expect(analysis.lines.map((l) => l.box)).toEqual(lines.map((l) => imageLineBox(l.box, gray)));
    // The drawn lines, top to bottom: the first (most ink) at the top of the 420 px sign.
    expect(analysis.lines[0]!.box.y).toBeLessThan(100);
    expect(analysis.lines[2]!.box.y).toBeGreaterThan(300);
    expect(analysis.lines[0]!.size).toBeCloseTo(lines[0]!.lineHeight, 1);
    // Each Latin line sized from its own height, not the first Latin line's.
    expect(analysis.lines[2]!.size).toBeCloseTo(lines[2]!.lineHeight * 0.5, 1);
  });

  it("reads only the lines the gate keeps into `lines`, with their own boxes", async () => {
    const bytes = sign();
    const { model, lines } = await fakeModel(bytes, ["latin", "arabic", "latin"], true);
    model.gate = fakeGate(lines, [0.1, 0.8, 0.2]);
    const gray = await decodeGray(bytes);
    const { analysis } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(analysis.lines.map((l) => l.box)).toEqual([0, 2].map((i) => imageLineBox(lines[i]!.box, gray)));
  });

  it("makes the script of the most prominent line the main one", async () => {
    const bytes = sign();
    const { model, lines } = await fakeModel(bytes, ["latin", "arabic", "latin"], true);
    const { analysis } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(analysis).toMatchObject({ fontFamily: "Name a", script: "latin" });
    expect(analysis.size).toBeCloseTo(lines[0]!.lineHeight * 0.5, 1);
    expect(analysis.otherScript).toMatchObject({ fontFamily: "Name c", script: "arabic" });
    expect(analysis.otherScript!.size).toBeCloseTo(lines[1]!.lineHeight, 1);
  });

  it("gives one analysis of six windows when the lines share a script", async () => {
    const bytes = sign();
    const { model } = await fakeModel(bytes, ["latin", "latin", "latin"], true);
    const { analysis, details } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(analysis).toMatchObject({ fontFamily: "Name a", script: "latin" });
    expect(analysis.otherScript).toBeUndefined();
    expect(details.crops).toBe(6);
  });

  it("runs a model without the script head as before: six windows, one analysis", async () => {
    const bytes = sign();
    const { model, seen } = await fakeModel(bytes, ["arabic", "latin", "latin"], false);
    const { analysis, details } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(seen).toEqual([0, 0, 0, 1, 1, 1]);
    expect(analysis.otherScript).toBeUndefined();
    expect(analysis.script).toBeUndefined();
    expect(details.lineScripts).toBeUndefined();
    expect(details.crops).toBe(6);
  });
});

/** A stand-in for the gate's session: every window of line i gets P(none) = pNone[i]. */
function fakeGate(
  lines: ReturnType<typeof findTextLines>,
  pNone: number[],
  rescue?: { none: number; centroid: number; doubt?: number },
) {
  const windowsPerLine = lines.map((line) => lineToModelInputs(line, 2).length);
  const session = {
    async run() {
      const logits = windowsPerLine.flatMap((count, i) => {
        const p = pNone[i]!;
        return Array.from({ length: count }, () => [
          Math.log(p),
          Math.log((1 - p) * 0.9),
          Math.log((1 - p) * 0.1),
        ]).flat();
      });
      return { gate_logits: { data: Float32Array.from(logits) } };
    },
  };
  return {
    session: session as unknown as InferenceSession,
    config: {
      classes: ["none", "text", "unreadable"],
      input: { name: "input", height: 48, width: 192 },
      thresholds: { none: 0.5, unreadable: 0.9, ...(rescue ? { rescue } : {}) },
    },
  };
}

describe("analyzeImage with the server's crop plan", () => {
  it("reads each long line through five windows and averages all fifteen", async () => {
    const bytes = sign();
    const { model, seen } = await fakeModel(bytes, ["latin", "latin", "latin"], true, defaultCropPlan);
    expect(defaultCropPlan).toEqual({ perLine: 5, placements: 3, max: 15 });
    const { details } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(seen).toEqual([0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    expect(details.crops).toBe(15);
  });
});

describe("analyzeImage behind the text gate", () => {
  it("reads only the lines the gate finds readable", async () => {
    const bytes = sign();
    const { model, lines, seen } = await fakeModel(bytes, ["latin", "arabic", "latin"], true);
    model.gate = fakeGate(lines, [0.1, 0.8, 0.2]);
    const { analysis, details } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(seen).toEqual([0, 0, 0, 2, 2, 2]);
    expect(analysis).toMatchObject({ fontFamily: "Name a", script: "latin" });
    expect(analysis.otherScript).toBeUndefined();
    expect(details).toMatchObject({ lines: 2, rescued: false });
  });

  it("answers no text when the gate refuses every line and there is no second look", async () => {
    const bytes = sign();
    const { model, lines, seen } = await fakeModel(bytes, ["latin", "latin", "latin"], true);
    model.gate = fakeGate(lines, [0.7, 0.8, 0.9]);
    await expect(analyzeImage(model, bytes, undefined, defaultImageLimits)).rejects.toThrow(NoTextFoundError);
    expect(seen).toEqual([]);
  });

  it("keeps the lines the gate doubts when the font model finds them close to a family it knows", async () => {
    const bytes = sign();
    const { model, lines, seen } = await fakeModel(bytes, ["arabic", "latin", "latin"], true);
    // Line 0 is doubtful (under the second look's bar of 0.95); lines 1 and 2 surely not text.
    model.gate = fakeGate(lines, [0.7, 0.96, 0.99], { none: 0.95, centroid: 0.9 });
    const { analysis, details } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(seen).toEqual([0, 0, 0]);
    expect(analysis).toMatchObject({ fontFamily: "Name c", script: "arabic" });
    expect(details).toMatchObject({ lines: 1, rescued: true });
    expect(details.closeness.centroid).toBeCloseTo(1, 5);
  });

  it("still answers no text when the doubtful lines are not close enough to any family", async () => {
    const bytes = sign();
    const { model, lines } = await fakeModel(bytes, ["arabic", "latin", "latin"], true);
    model.gate = fakeGate(lines, [0.7, 0.6, 0.99], { none: 0.95, centroid: 1.01 });
    await expect(analyzeImage(model, bytes, undefined, defaultImageLimits)).rejects.toThrow(NoTextFoundError);
  });

  it("weighs the gate's doubt against the font model's closeness", async () => {
    const bytes = sign();
    const { model, lines } = await fakeModel(bytes, ["arabic", "latin", "latin"], true);
    // Closeness 1, P(none) 0.7 on the doubtful line: a score of 0.3 with the doubt weighed in.
    model.gate = fakeGate(lines, [0.7, 0.96, 0.99], { none: 0.95, centroid: 0.9, doubt: 1 });
    await expect(analyzeImage(model, bytes, undefined, defaultImageLimits)).rejects.toThrow(NoTextFoundError);
    model.gate = fakeGate(lines, [0.7, 0.96, 0.99], { none: 0.95, centroid: 0.29, doubt: 1 });
    const { details } = await analyzeImage(model, bytes, undefined, defaultImageLimits);
    expect(details).toMatchObject({ lines: 1, rescued: true });
  });

  it("does not look twice at lines the gate is sure hold no text", async () => {
    const bytes = sign();
    const { model, lines, seen } = await fakeModel(bytes, ["arabic", "latin", "latin"], true);
    model.gate = fakeGate(lines, [0.96, 0.97, 0.99], { none: 0.95, centroid: 0.5 });
    await expect(analyzeImage(model, bytes, undefined, defaultImageLimits)).rejects.toThrow(NoTextFoundError);
    expect(seen).toEqual([]);
  });
});
