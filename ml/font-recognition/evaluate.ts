// Measures the committed model through the server's own recognizer on data training never saw:
//   1. Chromium screenshots of HTML text set in each font with @font-face (another renderer),
//   2. photo-like degradations of those screenshots,
//   3. lines of held-out words drawn by the training renderer,
// plus latency for a 2-megapixel photo and sustained throughput. Writes
// models/font-recognition/EVALUATION.md and evaluation.json.
//   npm run font:eval   (node --import tsx ml/font-recognition/evaluate.ts [--per-family 5])
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import {
  createFontRecognizer,
  defaultModelDir,
  type FontRecognizer,
} from "#server/modules/font-recognition/recognize-font.ts";
import { chromiumScreenshots, heldOutCanvas, latencyPhotos, photoLike, type Case } from "./eval-data.ts";
import { evaluationMarkdown, type EvalLabels, type Report } from "./eval-report.ts";
import { calibrationError, confusions, perScript, summarise, type Outcome } from "./eval-scoring.ts";
import { measureLatency, measureSustained } from "./eval-speed.ts";
import { repoRoot } from "./render-sample.ts";
import { makeRng } from "./text-corpus.ts";

const { values } = parseArgs({
  options: {
    "per-family": { type: "string", default: "5" },
    "held-out-per-family": { type: "string", default: "3" },
    seed: { type: "string", default: "20261122" },
    workers: { type: "string" },
  },
});
const perFamily = Number(values["per-family"]);
const heldOutPerFamily = Number(values["held-out-per-family"]);
const modelDir = defaultModelDir;
const { families } = loadFontLibrary(path.join(modelDir, "library.json"));
const labels = JSON.parse(readFileSync(path.join(modelDir, "labels.json"), "utf8")) as EvalLabels;
const workDir = path.join(repoRoot, "ml/font-recognition/work/eval");
mkdirSync(workDir, { recursive: true });

async function analyseCases(recognizer: FontRecognizer, set: string, cases: Case[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const c of cases) {
    const o: Outcome = {
      set,
      familyId: c.family.id,
      weight: c.variant.weight,
      italic: c.variant.italic,
      fontSizePx: c.fontSizePx,
      ...(c.family.arabicStyle ? { arabicStyle: c.family.arabicStyle } : {}),
    };
    try {
      o.result = await recognizer.analyzeDetailed(c.image);
    } catch (e) {
      o.error = (e as Error).name;
    }
    out.push(o);
  }
  return out;
}

const started = Date.now();
const rng = makeRng(Number(values.seed));
console.log("rendering Chromium screenshots…");
const screenshots = await chromiumScreenshots(families, perFamily, rng);
console.log(`${screenshots.length} screenshots; degrading…`);
const degraded: Case[] = [];
for (const c of screenshots) degraded.push(await photoLike(c, rng));
console.log("rendering held-out strings with the training renderer…");
const heldOut = await heldOutCanvas(families, heldOutPerFamily, makeRng(Number(values.seed) + 1));
writeFileSync(path.join(workDir, "sample-screenshot.png"), screenshots[0]!.image);
writeFileSync(path.join(workDir, "sample-degraded.jpg"), degraded[0]!.image);

const recognizer = await createFontRecognizer({
  ...(values.workers ? { workers: Number(values.workers) } : {}),
  queueLimit: 1000,
});
try {
  console.log(`analysing with ${recognizer.workers} workers…`);
  const results = {
    screenshots: await analyseCases(recognizer, "screenshots", screenshots),
    degraded: await analyseCases(recognizer, "degraded", degraded),
    heldOutStrings: await analyseCases(recognizer, "heldOutStrings", heldOut),
  };

  console.log("latency…");
  const photos = await latencyPhotos(screenshots);
  writeFileSync(path.join(workDir, "sample-2mp-photo.jpg"), photos[0]!);
  const latency2mp = await measureLatency(recognizer, photos);
  const sustained = await measureSustained(recognizer, photos);

  const setSummary = (outcomes: Outcome[]) => ({
    ...summarise(outcomes, families),
    byScript: perScript(outcomes, families),
  });
  const report: Report = {
    createdAt: new Date().toISOString(),
    model: { createdAt: labels.createdAt, families: labels.families.length, training: labels.training },
    sets: {
      screenshots: { ...setSummary(results.screenshots), topConfusions: confusions(results.screenshots) },
      degraded: { ...setSummary(results.degraded), topConfusions: confusions(results.degraded) },
      heldOutStrings: setSummary(results.heldOutStrings),
    },
    calibration: { eceScreenshotsAndDegraded: calibrationError([...results.screenshots, ...results.degraded]) },
    latency2mp,
    sustained,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  writeFileSync(path.join(modelDir, "evaluation.json"), JSON.stringify(report, null, 1) + "\n");
  writeFileSync(path.join(modelDir, "EVALUATION.md"), evaluationMarkdown(report, { perFamily, labels }));
  console.log(JSON.stringify({ ...report.sets.screenshots, byScript: undefined, topConfusions: undefined }, null, 1));
  console.log(
    JSON.stringify({
      degraded: report.sets.degraded.familyTop1,
      heldOut: report.sets.heldOutStrings.familyTop1,
      latency: report.latency2mp,
      sustained: report.sustained,
    }),
  );
} finally {
  await recognizer.close();
}
