// Fits the confidence temperature the way the server computes confidence: on logits averaged over
// the crops of whole images, run through the recognizer. The calibration images are fresh renders of
// TRAINING words (half clean, half with the training augmentation; every fourth image of a bilingual
// Arabic family in Latin, from its Latin file), never the evaluation data. On the same images it fits
// the weight map (labels.weightMap): the least-squares line from the weight head's raw reading to
// the true CSS weight, which undoes the head's pull toward the middle.
//   node --import tsx ml/font-recognition/calibrate.ts [--model-dir DIR] [--per-family 5]
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { createFontRecognizer, defaultModelDir } from "#server/modules/font-recognition/recognize-font.ts";
import { isBilingual } from "./bilingual.ts";
import { renderSample } from "./render-sample.ts";
import { makeLine, makeRng } from "./text-corpus.ts";

const { values } = parseArgs({
  options: { "model-dir": { type: "string" }, "per-family": { type: "string", default: "5" } },
});
const modelDir = values["model-dir"] ? path.resolve(values["model-dir"]) : defaultModelDir;
const labelsFile = path.join(modelDir, "labels.json");
const labels = JSON.parse(readFileSync(labelsFile, "utf8")) as {
  families: string[];
  temperature: number;
  calibration?: unknown;
  weightMap?: { intercept: number; slope: number };
};
const library = loadFontLibrary(path.join(modelDir, "library.json"));
const rng = makeRng(777_001);
const recognizer = await createFontRecognizer({ modelDir, queueLimit: 10_000 });
const rows: { logits: number[]; label: number; weightRaw: number; weight: number }[] = [];
try {
  const jobs: Promise<void>[] = [];
  for (const family of library.families) {
    for (let i = 0; i < Number(values["per-family"]); i++) {
      const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
      // Bilingual Arabic families are trained on a share of Latin lines too: calibrate on some.
      const script = isBilingual(family) && i % 4 === 3 ? "latin" : family.script;
      const text = makeLine(rng, script, "train");
      const fontSize = Math.round(16 + rng() * 48);
      const s = await renderSample(rng, family, variant, text, { fontSize, augment: i % 2 === 1, script });
      const png = await sharp(s.gray.data, { raw: { width: s.gray.width, height: s.gray.height, channels: 1 } })
        .png()
        .toBuffer();
      const label = labels.families.indexOf(family.id);
      jobs.push(
        recognizer.analyzeDetailed(png).then(
          (r) =>
            void rows.push({
              logits: r.details.familyLogits,
              label,
              weightRaw: r.details.weightRaw,
              weight: variant.weight,
            }),
          () => undefined,
        ),
      );
    }
  }
  await Promise.all(jobs);
} finally {
  await recognizer.close();
}

function nll(t: number): number {
  let total = 0;
  for (const r of rows) {
    const z = r.logits.map((l) => l / t);
    const m = Math.max(...z);
    const lse = m + Math.log(z.reduce((s, v) => s + Math.exp(v - m), 0));
    total += lse - z[r.label]!;
  }
  return total / rows.length;
}

let best = { t: labels.temperature, nll: nll(labels.temperature) };
for (let t = 0.2; t <= 6; t += 0.01) {
  const v = nll(t);
  if (v < best.nll) best = { t, nll: v };
}
const accuracy = rows.filter((r) => r.logits.indexOf(Math.max(...r.logits)) === r.label).length / rows.length;
console.log(
  `${rows.length} images, top-1 ${(accuracy * 100).toFixed(1)}%, temperature ${labels.temperature} -> ${best.t.toFixed(2)} (NLL ${best.nll.toFixed(3)})`,
);
labels.calibration = {
  method: "temperature on crop-averaged logits of whole images",
  images: rows.length,
  singleCropTemperature: labels.temperature,
  top1: accuracy,
  nll: best.nll,
};
labels.temperature = Math.round(best.t * 100) / 100;

// Least squares of the true weight on the raw reading.
const n = rows.length;
const mx = rows.reduce((s, r) => s + r.weightRaw, 0) / n;
const my = rows.reduce((s, r) => s + r.weight, 0) / n;
const slope =
  rows.reduce((s, r) => s + (r.weightRaw - mx) * (r.weight - my), 0) /
  rows.reduce((s, r) => s + (r.weightRaw - mx) ** 2, 0);
labels.weightMap = { intercept: Math.round((my - slope * mx) * 10) / 10, slope: Math.round(slope * 1000) / 1000 };
console.log(`weight map: true weight = ${labels.weightMap.intercept} + ${labels.weightMap.slope} x raw`);
writeFileSync(labelsFile, JSON.stringify(labels, null, 1));
