// Renders the text gate's data set: model windows (the same 48x192 ink windows the font model sees,
// through the server's preprocessing) labelled none / text / unreadable, as flat shards for
// train_gate.py. Resumable: a part whose files exist is skipped.
//   npx tsx ml/font-recognition/render-gate.ts [--images 3500] [--jobs 2] [--out DIR] [--seed 0] [--scenes]
// Per split and part: gate-<split>-<k>.u8 (N x H x W ink bytes) and gate-<split>-<k>.lab (N class bytes).
//
// Two kinds of set. By default each image's lines are the layout's lines of the whole image (as the
// server reads an image inside a box). With --scenes the lines are the text detector's, cut as the
// server cuts them when no box is sent (analyze-image.ts detectedLines), on the detector's training
// scenes (render-detector-data.ts makeCrop: text on the training photographs, Debian wallpapers the
// independent sets do not use and generated backgrounds; a third of them text-free) and on text-free
// upright strokes and rows of like objects (gate-data.ts sceneNegativeImage). A line over a drawn
// line is text, a line off every drawn line is none, and a line partly over one is left out; no
// scene line is "unreadable".
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { InferenceSession } from "onnxruntime-node";
import { detectedLines } from "#server/modules/font-recognition/analyze-image.ts";
import type { DetectorConfig } from "#server/modules/font-recognition/detect-text-lines.ts";
import { NoTextFoundError } from "#server/modules/font-recognition/errors.ts";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { findTextLines, type TextLine } from "#server/modules/font-recognition/find-text-lines.ts";
import type { GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { lineToModelInputs } from "#server/modules/font-recognition/model-inputs.ts";
import { openWorkerSession } from "#server/modules/font-recognition/onnx-session.ts";
import { rectBounds } from "./detector/detector-targets.ts";
import { fontPool, makeCrop } from "./detector/render-detector-data.ts";
import { GATE_CLASSES, NEGATIVE_KINDS, negativeImage, paste, sceneNegativeImage, textImage } from "./gate-data.ts";
import { jpeg } from "./degrade.ts";
import { photoBackground, wallpaperFiles } from "./photo-backgrounds.ts";
import { repoRoot } from "./render-sample.ts";
import { makeRng, type Rng } from "./text-corpus.ts";

const { values } = parseArgs({
  options: {
    images: { type: "string", default: "3500" },
    jobs: { type: "string", default: "2" },
    part: { type: "string" },
    out: { type: "string", default: path.join(repoRoot, "ml/font-recognition/work/gate") },
    /** Another seed gives another, disjoint set of images (write it to another --out). */
    seed: { type: "string", default: "0" },
    /** Lines from the text detector on whole scenes, as the server finds them without a box. */
    scenes: { type: "boolean", default: false },
  },
});
const jobs = Number(values.jobs);
const outDir = values.out!;
const library = loadFontLibrary(path.join(repoRoot, "models/font-recognition/library.json"));

type Labelled = { gray: GrayImage; label: (line: TextLine) => number };

/** The share of the line's box that lies inside the rectangle [x0, y0, x1, y1]. */
function coveredShare(b: TextLine["box"], [x0, y0, x1, y1]: [number, number, number, number]): number {
  const ox = Math.max(0, Math.min(b.x + b.w, x1) - Math.max(b.x, x0));
  const oy = Math.max(0, Math.min(b.y + b.h, y1) - Math.max(b.y, y0));
  return (ox * oy) / Math.max(1, b.w * b.h);
}

/** One training image: 45% readable text (a fifth of it small inside a large frame), 10% unreadable text, 45% no text. */
async function makeImage(rng: Rng): Promise<Labelled> {
  const r = rng();
  const family = library.families[Math.floor(rng() * library.families.length)]!;
  if (r < 0.36) {
    const { gray } = await textImage(rng, family, { readable: true });
    return { gray, label: () => 1 };
  }
  if (r < 0.45) {
    // Small text in a large frame of texture or photograph: only the lines on the text count as text.
    const { gray: text } = await textImage(rng, family, { readable: true });
    const w = 640 + Math.floor(rng() * 1280);
    const h = Math.round(w * (0.5 + rng() * 0.5));
    const kind = (["photo", "texture", "product", "gradient"] as const)[Math.floor(rng() * 4)]!;
    const bg = await negativeImage(rng, kind, undefined, { w, h });
    const x = Math.floor(rng() * Math.max(1, w - text.width));
    const y = Math.floor(rng() * Math.max(1, h - text.height));
    const gray = paste(bg, text, x, y);
    return {
      gray,
      label: (line) => (coveredShare(line.box, [x, y, x + text.width, y + text.height]) > 0.5 ? 1 : 0),
    };
  }
  if (r < 0.55) {
    const { gray } = await textImage(rng, family, { readable: false });
    return { gray, label: () => 2 };
  }
  const kind = NEGATIVE_KINDS[Math.floor(rng() * NEGATIVE_KINDS.length)]!;
  return { gray: await negativeImage(rng, kind), label: () => 0 };
}

/** A line's label on a scene: its share of area over the drawn lines' bounds decides. */
const SCENE_TEXT = 0.5;
const SCENE_NONE = 0.15;
/** The detector's bar on text-free scenes, as a share of its own. */
const SCENE_BAR_SHARE = 0.3;

type SceneTools = {
  detector: { session: InferenceSession; config: DetectorConfig };
  fonts: ReturnType<typeof fontPool>;
  walls: string[];
};

async function sceneTools(): Promise<SceneTools> {
  const dir = path.join(repoRoot, "models/font-recognition");
  const session = await openWorkerSession(path.join(dir, "text-detector.onnx"));
  const config = JSON.parse(readFileSync(path.join(dir, "text-detector.json"), "utf8")) as DetectorConfig;
  return { detector: { session, config }, fonts: fontPool(), walls: wallpaperFiles() };
}

/**
 * One scene and its detected lines with their labels (-1: partly over a drawn line, left out). Text is
 * what the earlier sets have plenty of; the scenes are for the detector's false lines, so 70% are
 * text-free: 12% of all upright strokes, 12% rows of like objects (dates, beads, pebbles: a row of dark
 * blobs is what the scenes' text lines on product shots taught a gate to call a word, session 26), the
 * rest the training photographs, wallpapers and generated backgrounds (photoBackground), read with
 * the detector's bars (its cells' and its lines' mean) lowered to SCENE_BAR_SHARE of its own so that
 * its near misses are learnt too. The other 30% are the detector's training scenes, read as served.
 */
async function sceneLines(rng: Rng, tools: SceneTools): Promise<{ line: TextLine; label: number }[]> {
  const long = Math.round(Math.exp(Math.log(384) + rng() * (Math.log(1600) - Math.log(384))));
  const r = rng();
  let gray: GrayImage;
  let bounds: [number, number, number, number][] = [];
  let detector = tools.detector;
  if (r < 0.7) {
    const w = long;
    const h = Math.round(long * (0.45 + rng() * 0.8));
    gray =
      r < 0.12
        ? await sceneNegativeImage(rng, "blades", w, h)
        : r < 0.24
          ? await sceneNegativeImage(rng, "rows", w, h)
          : await photoBackground(rng, w, h, tools.walls);
    if (rng() < 0.4) gray = await jpeg(gray, 35 + Math.floor(rng() * 60));
    const pp = detector.config.postprocess;
    detector = {
      ...detector,
      config: {
        ...detector.config,
        postprocess: { ...pp, bar: pp.bar * SCENE_BAR_SHARE, minScore: (pp.minScore ?? 0) * SCENE_BAR_SHARE },
      },
    };
  } else {
    const crop = await makeCrop(rng, long, tools.fonts, tools.walls);
    gray = crop.gray;
    bounds = crop.lines.map(rectBounds);
  }
  const lines = await detectedLines(detector, gray);
  return lines.map((line) => {
    const over = Math.max(0, ...bounds.map((r) => coveredShare(line.box, r)));
    return { line, label: over >= SCENE_TEXT ? 1 : over <= SCENE_NONE ? 0 : -1 };
  });
}

async function renderPart(part: number): Promise<void> {
  const tools = values.scenes ? await sceneTools() : undefined;
  const total = Number(values.images);
  for (const split of [
    { name: "train", n: Math.round(total * 0.9), seed: 11 },
    { name: "val", n: Math.round(total * 0.1), seed: 23 },
  ]) {
    const file = path.join(outDir, `gate-${split.name}-${part}`);
    if (existsSync(`${file}.lab`)) {
      console.log(`part ${part}: ${split.name} exists, skipped`);
      continue;
    }
    const windows: Float32Array[] = [];
    const labels: number[] = [];
    const counts = [0, 0, 0];
    let noLine = 0;
    for (let i = part; i < split.n; i += jobs) {
      const rng = makeRng(split.seed * 1_000_003 + i + Number(values.seed) * 7_777_777);
      if (tools) {
        const found = await sceneLines(rng, tools);
        if (!found.length) noLine++;
        for (const { line, label } of found) {
          if (label < 0) continue;
          for (const w of lineToModelInputs(line, 2)) {
            windows.push(w);
            labels.push(label);
            counts[label]!++;
          }
        }
        continue;
      }
      const { gray, label } = await makeImage(rng);
      let lines: TextLine[];
      try {
        lines = findTextLines(gray, { maxLines: 3 });
      } catch (e) {
        if (!(e instanceof NoTextFoundError)) throw e;
        noLine++;
        continue;
      }
      for (const line of lines) {
        const y = label(line);
        for (const w of lineToModelInputs(line, 2)) {
          windows.push(w);
          labels.push(y);
          counts[y]!++;
        }
      }
    }
    const H = 48;
    const W = 192;
    const u8 = new Uint8Array(windows.length * H * W);
    windows.forEach((w, k) => {
      for (let j = 0; j < w.length; j++) u8[k * H * W + j] = Math.round(w[j]! * 255);
    });
    writeFileSync(`${file}.u8`, u8);
    writeFileSync(`${file}.lab`, new Uint8Array(labels));
    console.log(
      `part ${part}: ${split.name} ${windows.length} windows (${GATE_CLASSES.map((c, k) => `${c} ${counts[k]}`).join(", ")}), ${noLine} images without a line`,
    );
  }
}

if (values.part !== undefined) {
  await renderPart(Number(values.part));
} else {
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  await Promise.all(
    Array.from(
      { length: jobs },
      (_, k) =>
        new Promise<void>((resolve, reject) => {
          const args = [...process.execArgv, import.meta.filename, "--part", String(k), "--jobs", String(jobs)];
          args.push("--images", values.images!, "--out", outDir, "--seed", values.seed!);
          if (values.scenes) args.push("--scenes");
          const child = spawn(process.execPath, args, { stdio: "inherit" });
          child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`part ${k} exited with ${code}`))));
        }),
    ),
  );
  writeFileSync(
    path.join(outDir, "meta.json"),
    JSON.stringify({ parts: jobs, inputHeight: 48, inputWidth: 192, classes: GATE_CLASSES, scenes: values.scenes }),
  );
  console.log(`rendered in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
