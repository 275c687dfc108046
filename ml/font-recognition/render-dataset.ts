// Renders the training, validation and held-out-string test sets through the server's preprocessing
// and writes them as flat binary shards for train.py.
//   npx tsx ml/font-recognition/render-dataset.ts [--train 900] [--val 60] [--test 40] [--jobs 2] [--out DIR]
// Per split and part: <split>-<k>.u8 (N x H x W ink bytes) and <split>-<k>.f32 (N x 8 label columns).
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { arabicStyles } from "#shared/schemas/font-library.ts";
import { findTextLines } from "#server/modules/font-recognition/find-text-lines.ts";
import {
  lineToModelInputs,
  MODEL_INPUT_HEIGHT,
  MODEL_INPUT_WIDTH,
} from "#server/modules/font-recognition/model-inputs.ts";
import { renderSample, repoRoot } from "./render-sample.ts";
import { makeLine, makeRng } from "./text-corpus.ts";

export const LABEL_COLUMNS = [
  "family",
  "weight",
  "italic",
  "arabicStyle",
  "fontSizePx",
  "lineHeight",
  "coreHeight",
  "script",
] as const;

const { values } = parseArgs({
  options: {
    train: { type: "string", default: "900" },
    val: { type: "string", default: "60" },
    test: { type: "string", default: "40" },
    jobs: { type: "string", default: "2" },
    part: { type: "string" },
    out: { type: "string", default: path.join(repoRoot, "ml/font-recognition/work/data") },
    seed: { type: "string", default: "1" },
  },
});

const library = loadFontLibrary(path.join(repoRoot, "models/font-recognition/library.json"));
const splits = [
  { name: "train", perFamily: Number(values.train), strings: "train" as const, seed: 1000 },
  { name: "val", perFamily: Number(values.val), strings: "train" as const, seed: 2000 },
  { name: "test", perFamily: Number(values.test), strings: "heldOut" as const, seed: 3000 },
];
const jobs = Number(values.jobs);
const outDir = values.out!;

async function renderPart(part: number): Promise<void> {
  for (const split of splits) {
    const images: Uint8Array[] = [];
    const labels: number[] = [];
    let failed = 0;
    for (let f = 0; f < library.families.length; f++) {
      const family = library.families[f]!;
      for (let i = part; i < split.perFamily; i += jobs) {
        const rng = makeRng(Number(values.seed) * 7919 + split.seed * 104729 + f * 10007 + i);
        const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
        // Training lines are short: the model sees a window about four line-heights wide anyway.
        let text = makeLine(rng, family.script, split.strings);
        if (split.name === "train")
          text = text
            .split(" ")
            .slice(0, 1 + Math.floor(rng() * 4))
            .join(" ");
        const fontSize = Math.round(Math.exp(Math.log(12) + rng() * (Math.log(72) - Math.log(12))));
        try {
          const sample = await renderSample(rng, family, variant, text, { fontSize, augment: true });
          const [line] = findTextLines(sample.gray, { maxLines: 1 });
          const [input] = lineToModelInputs(line!, 1, rng);
          const bytes = new Uint8Array(input!.length);
          for (let k = 0; k < bytes.length; k++) bytes[k] = Math.round(input![k]! * 255);
          images.push(bytes);
          const style = family.arabicStyle ? arabicStyles.indexOf(family.arabicStyle) : -1;
          labels.push(
            f,
            variant.weight,
            variant.italic ? 1 : 0,
            style,
            sample.fontSizePx,
            line!.lineHeight,
            line!.coreHeight,
            family.script === "arabic" ? 1 : 0,
          );
        } catch {
          failed++;
        }
      }
    }
    const u8 = new Uint8Array(images.length * MODEL_INPUT_HEIGHT * MODEL_INPUT_WIDTH);
    images.forEach((im, k) => u8.set(im, k * im.length));
    writeFileSync(path.join(outDir, `${split.name}-${part}.u8`), u8);
    writeFileSync(path.join(outDir, `${split.name}-${part}.f32`), new Float32Array(labels));
    console.log(`part ${part}: ${split.name} ${images.length} samples, ${failed} without a detectable line`);
  }
}

if (values.part !== undefined) {
  await renderPart(Number(values.part));
} else {
  mkdirSync(outDir, { recursive: true });
  const started = Date.now();
  const children = Array.from(
    { length: jobs },
    (_, k) =>
      new Promise<void>((resolve, reject) => {
        const args = [
          ...process.execArgv,
          import.meta.filename,
          "--part",
          String(k),
          "--jobs",
          String(jobs),
          "--train",
          values.train!,
          "--val",
          values.val!,
          "--test",
          values.test!,
          "--out",
          outDir,
          "--seed",
          values.seed!,
        ];
        const child = spawn(process.execPath, args, { stdio: "inherit" });
        child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`part ${k} exited with ${code}`))));
      }),
  );
  await Promise.all(children);
  writeFileSync(
    path.join(outDir, "meta.json"),
    JSON.stringify(
      {
        inputHeight: MODEL_INPUT_HEIGHT,
        inputWidth: MODEL_INPUT_WIDTH,
        parts: jobs,
        labelColumns: LABEL_COLUMNS,
        families: library.families.map((f) => f.id),
        arabicStyles,
      },
      null,
      1,
    ),
  );
  console.log(`rendered in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
