// analyzeImage with a text detector loaded (locateLines): the layout reads only the detected lines,
// and no detected line is "no text", or "unreadable" when the gate says so of the whole image. The detector, the gate and the font
// model are stand-ins, so this tests the wiring, not the networks.
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import type { InferenceSession } from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { projectPath } from "#server/lib/project-root.ts";
import type { FontLibrary } from "#shared/schemas/font-library.ts";
import { libraryFamily } from "#tests/helpers/font-library.ts";
import { analyzeImage, type LoadedModel } from "./analyze-image.ts";
import type { DetectorConfig } from "./detect-text-lines.ts";
import { NoTextFoundError, TextUnreadableError } from "./errors.ts";
import { defaultImageLimits } from "./image-input.ts";
import type { Box } from "./image-ops.ts";
import type { ModelLabels } from "./interpret-outputs.ts";

GlobalFonts.registerFromPath(
  projectPath("node_modules/@fontsource/lora/files/lora-latin-400-normal.woff2"),
  "DetectorWiringLora",
);

/** A 1024x512 image: a dark block on the left (an edge the layout alone could take for text) and one line. */
function scene(): Buffer {
  const canvas = createCanvas(1024, 512);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#e8e8e8";
  ctx.fillRect(0, 0, 1024, 512);
  ctx.fillStyle = "#202020";
  ctx.fillRect(0, 0, 300, 512);
  ctx.font = "40px DetectorWiringLora";
  ctx.fillText("Walnut bowls and cups", 420, 360);
  return canvas.toBuffer("image/png");
}
/** The line's ink, roughly: 40 px Lora from x 420 on the baseline 360. */
const lineBox: Box = { x: 420, y: 330, w: 400, h: 40 };

const family = (id: string) => libraryFamily(id, { weights: [400], characteristics: [], characteristicsAr: [] });
const library: FontLibrary = { version: 1, families: [family("a"), family("b")] };
const labels: ModelLabels = {
  input: { name: "input", height: 48, width: 192 },
  families: ["a", "b"],
  arabicStyles: ["naskh", "kufi", "thuluth", "diwani", "ruqah", "nastaliq", "sans", "display"],
  temperature: 1,
  familyCentroids: [
    [1, 0],
    [0, 1],
  ],
  sizeRatios: [0, 1].map(() => ({ measure: "line" as const, ratio: 1, spread: 0 })),
};

function fontModel(calls: { windows: number }) {
  const session = {
    outputNames: ["family_logits", "weight", "italic_logit", "style_logits", "embedding"],
    async run(feeds: Record<string, { dims: readonly number[] }>) {
      const n = feeds.input!.dims[0]!;
      calls.windows += n;
      const out = (per: number[]) => ({ data: Float32Array.from(Array.from({ length: n }, () => per).flat()) });
      return {
        family_logits: out([5, 0]),
        weight: out([0]),
        italic_logit: out([-3]),
        style_logits: out([3, 0, 0, 0, 0, 0, 0, 0]),
        embedding: out([1, 0]),
      };
    },
  };
  return session as unknown as InferenceSession;
}

/** A stand-in detector whose map marks the middle of each given box (image = input size here). */
function fakeDetector(boxes: Box[]): NonNullable<LoadedModel["detector"]> {
  const config: DetectorConfig = {
    input: { name: "image", multiple: 32, maxPixels: 2_100_000 },
    output: { name: "prob", stride: 4 },
    postprocess: { bar: 0.5, unclipRatio: 1.5, minLineHeight: 6, maxLines: 20 },
  };
  const session = {
    async run(feeds: Record<string, { dims: readonly number[] }>) {
      const [, , h, w] = feeds.image!.dims as number[];
      const rows = h! / 4;
      const cols = w! / 4;
      const data = new Float32Array(rows * cols);
      for (const b of boxes) {
        // The core: the box shrunk by 0.3 of its height on every side.
        const d = 0.3 * b.h;
        for (let i = Math.ceil((b.y + d) / 4); i < Math.floor((b.y + b.h - d) / 4); i++)
          for (let j = Math.ceil((b.x + d) / 4); j < Math.floor((b.x + b.w - d) / 4); j++) data[i * cols + j] = 0.9;
      }
      return { prob: { data, dims: [1, 1, rows, cols] } };
    },
  };
  return { session: session as unknown as InferenceSession, config };
}

describe("analyzeImage with a text detector", () => {
  it("reads only the detected line and says how long detection took", async () => {
    const calls = { windows: 0 };
    const model: LoadedModel = {
      session: fontModel(calls),
      labels,
      library,
      detector: fakeDetector([lineBox]),
    };
    const { analysis, details } = await analyzeImage(model, scene(), undefined, defaultImageLimits);
    expect(analysis.fontFamily).toBe("Name a");
    expect(details.lines).toBe(1);
    expect(details.ms.detect).toBeGreaterThanOrEqual(0);
    expect(calls.windows).toBeGreaterThan(0);
  });

  /** A stand-in gate that gives every window the same class probabilities (none, text, unreadable). */
  const fakeGate = (p: [number, number, number], runs: { n: number }) => ({
    session: {
      async run(feeds: Record<string, { dims: readonly number[] }>) {
        runs.n++;
        const n = feeds.input!.dims[0]!;
        return { gate_logits: { data: Float32Array.from(Array.from({ length: n }, () => p.map(Math.log)).flat()) } };
      },
    } as unknown as InferenceSession,
    config: {
      classes: ["none", "text", "unreadable"],
      input: { name: "input", height: 48, width: 192 },
      thresholds: { none: 0.5, unreadable: 0.9 },
    },
  });

  it("answers no text when the detector finds no line, without reading any line", async () => {
    const calls = { windows: 0 };
    const runs = { n: 0 };
    const gate = fakeGate([0.9, 0.05, 0.05], runs);
    const model: LoadedModel = { session: fontModel(calls), labels, library, gate, detector: fakeDetector([]) };
    await expect(analyzeImage(model, scene(), undefined, defaultImageLimits)).rejects.toThrow(NoTextFoundError);
    expect(calls.windows).toBe(0);
  });

  it("answers unreadable when the detector finds no line and the gate calls the image's lines unreadable", async () => {
    const calls = { windows: 0 };
    const runs = { n: 0 };
    const gate = fakeGate([0.02, 0.03, 0.95], runs);
    const model: LoadedModel = { session: fontModel(calls), labels, library, gate, detector: fakeDetector([]) };
    await expect(analyzeImage(model, scene(), undefined, defaultImageLimits)).rejects.toThrow(TextUnreadableError);
    expect(runs.n).toBe(1);
    expect(calls.windows).toBe(0);
  });

  it("reads the caller's box as before, without running the detector", async () => {
    const calls = { windows: 0 };
    const model: LoadedModel = { session: fontModel(calls), labels, library, detector: fakeDetector([]) };
    const box = { x: 400, y: 300, w: 480, h: 100 };
    const { details } = await analyzeImage(model, scene(), box, defaultImageLimits);
    expect(details.lines).toBe(1);
    expect(details.ms.detect).toBeUndefined();
  });
});
