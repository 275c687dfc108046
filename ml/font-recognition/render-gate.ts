// Renders the text gate's data set: model windows (the same 48x192 ink windows the font model sees,
// through the server's preprocessing) labelled none / text / unreadable, as flat shards for
// train_gate.py. Resumable: a part whose files exist is skipped.
//   npx tsx ml/font-recognition/render-gate.ts [--images 3500] [--jobs 2] [--out DIR] [--seed 0]
// Per split and part: gate-<split>-<k>.u8 (N x H x W ink bytes) and gate-<split>-<k>.lab (N class bytes).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { NoTextFoundError } from "#server/modules/font-recognition/errors.ts";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { findTextLines, type TextLine } from "#server/modules/font-recognition/find-text-lines.ts";
import type { GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { lineToModelInputs } from "#server/modules/font-recognition/model-inputs.ts";
import { GATE_CLASSES, NEGATIVE_KINDS, negativeImage, paste, textImage } from "./gate-data.ts";
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
  },
});
const jobs = Number(values.jobs);
const outDir = values.out!;
const library = loadFontLibrary(path.join(repoRoot, "models/font-recognition/library.json"));

type Labelled = { gray: GrayImage; label: (line: TextLine) => number };

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
      label: (line) => {
        const b = line.box;
        const ox = Math.max(0, Math.min(b.x + b.w, x + text.width) - Math.max(b.x, x));
        const oy = Math.max(0, Math.min(b.y + b.h, y + text.height) - Math.max(b.y, y));
        return ox * oy > 0.5 * b.w * b.h ? 1 : 0;
      },
    };
  }
  if (r < 0.55) {
    const { gray } = await textImage(rng, family, { readable: false });
    return { gray, label: () => 2 };
  }
  const kind = NEGATIVE_KINDS[Math.floor(rng() * NEGATIVE_KINDS.length)]!;
  return { gray: await negativeImage(rng, kind), label: () => 0 };
}

async function renderPart(part: number): Promise<void> {
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
          const child = spawn(process.execPath, args, { stdio: "inherit" });
          child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`part ${k} exited with ${code}`))));
        }),
    ),
  );
  writeFileSync(
    path.join(outDir, "meta.json"),
    JSON.stringify({ parts: jobs, inputHeight: 48, inputWidth: 192, classes: GATE_CLASSES }),
  );
  console.log(`rendered in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
