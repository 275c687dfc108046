// Measures the committed model through the server's own recognizer on data training never saw:
//   1. Chromium screenshots of HTML text set in each font with @font-face (another renderer),
//   2. photo-like degradations of those screenshots,
//   3. lines of held-out words drawn by the training renderer,
// plus latency for a 2-megapixel photo and sustained throughput, and the sets of eval-data-v2.ts (its
// FreeType lines come from other builds of the families, other-builds.ts, where their Debian packages
// are installed). Writes models/font-recognition/EVALUATION.md and evaluation.json.
//   npm run font:eval:generator   (node --import tsx ml/font-recognition/evaluate.ts [--per-family 5]); `npm run font:eval`
// is the independent evaluation (independent/evaluate.ts, decision 0045).
// `--only-families-of <library.json> --out <dir>` measures the model on another library's families
// only (a new model on the families of the one it replaces), writing the report into <dir>.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import {
  createFontRecognizer,
  defaultModelDir,
  type FontRecognizer,
} from "#server/modules/font-recognition/recognize-font.ts";
import { chromiumScreenshots, framedPhotos, heldOutCanvas, latencyPhotos, photoLike, type Case } from "./eval-data.ts";
import { wholePageScreenshots } from "./eval-pages.ts";
import { latinOfBilingual } from "./bilingual.ts";
import { digitLines, hasPillow, noTextImages, pillowLines, shortWords, type PillowCase } from "./eval-data-v2.ts";
import { evaluationMarkdown, type EvalLabels, type PillowPart, type Report } from "./eval-report.ts";
import {
  calibrationError,
  mixedCalibrationError,
  confusions,
  flaggedShare,
  noTextShare,
  openSetCaught,
  perScript,
  refusedShare,
  summarise,
  type Outcome,
} from "./eval-scoring.ts";
import { asLibraryFamily, openSetMeasureGroup } from "./held-out-fonts.ts";
import { measureLatency, measureSustained } from "./eval-speed.ts";
import { packageVersions } from "./other-builds.ts";
import { repoRoot } from "./render-sample.ts";
import { makeRng } from "./text-corpus.ts";

const { values } = parseArgs({
  options: {
    "per-family": { type: "string", default: "5" },
    "held-out-per-family": { type: "string", default: "3" },
    "short-per-family": { type: "string", default: "2" },
    // Decision 0040: the two smallest sets, the ones whose figures moved most between draws, are
    // three times their first size (900 out-of-library lines, 530 text-free images per draw).
    "open-set-per-family": { type: "string", default: "36" },
    "no-text-per-kind": { type: "string", default: "75" },
    seed: { type: "string", default: "20261122" },
    // Several draws, comma-separated (e.g. 20261122,20261124): each draws every set from its own
    // seed, the report's figures are pooled over them, and each draw's targets are printed too.
    seeds: { type: "string" },
    workers: { type: "string" },
    "only-families-of": { type: "string" },
    out: { type: "string" },
    // Also write every image's family logits to work/eval/outcomes.json (about 8 MB).
    "dump-logits": { type: "boolean", default: false },
  },
});
const perFamily = Number(values["per-family"]);
const heldOutPerFamily = Number(values["held-out-per-family"]);
const modelDir = defaultModelDir;
const library = loadFontLibrary(path.join(modelDir, "library.json"));
/** The families measured: the model's, or those of `--only-families-of` among them. */
const only = values["only-families-of"]
  ? new Set(loadFontLibrary(values["only-families-of"]).families.map((f) => f.id))
  : undefined;
const families = only ? library.families.filter((f) => only.has(f.id)) : library.families;
const reportDir = values.out ?? modelDir;
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

/** The FreeType set's two parts: lines from other builds of the families, lines from the training files. */
function pillowBySource(cases: PillowCase[], outcomes: Outcome[]) {
  const part = (fromOtherBuild: boolean): PillowPart => {
    const idx = cases.flatMap((c, i) => (!!c.otherBuildPackage === fromOtherBuild ? [i] : []));
    const ids = new Set(idx.map((i) => cases[i]!.family.id));
    const arabic = [...ids].filter((id) => families.find((f) => f.id === id)?.script === "arabic").length;
    const s = idx.length
      ? summarise(
          idx.map((i) => outcomes[i]!),
          library.families,
        )
      : undefined;
    return {
      families: ids.size,
      arabicFamilies: arabic,
      latinFamilies: ids.size - arabic,
      n: idx.length,
      familyTop1: s?.familyTop1 ?? 0,
      familyTop5: s?.familyTop5 ?? 0,
    };
  };
  const other = cases.filter((c) => c.otherBuildPackage);
  return {
    otherBuilds: {
      ...part(true),
      familyIds: [...new Set(other.map((c) => c.family.id))],
      packages: packageVersions([...new Set(other.map((c) => c.otherBuildPackage!))].sort()),
    },
    sameFiles: part(false),
  };
}

const started = Date.now();
const seeds = (values.seeds ?? values.seed!).split(",").map(Number);

/** Every set of one draw, made from its seed (and seeds derived from it). */
async function drawSets(seed: number, dir: string) {
  const rng = makeRng(seed);
  console.log(`seed ${seed}: rendering Chromium screenshots…`);
  const screenshots = await chromiumScreenshots(families, perFamily, rng);
  console.log(`${screenshots.length} screenshots; degrading…`);
  const degraded: Case[] = [];
  for (const c of screenshots) degraded.push(await photoLike(c, rng));
  console.log("rendering held-out strings with the training renderer…");
  const heldOut = await heldOutCanvas(families, heldOutPerFamily, makeRng(seed + 1));
  console.log("short words, digit lines, out-of-library fonts (measuring group), Pillow lines, text-free images…");
  const short = await chromiumScreenshots(families, Number(values["short-per-family"]), makeRng(seed + 2), shortWords);
  const digits = await chromiumScreenshots(families, Number(values["short-per-family"]), makeRng(seed + 3), digitLines);
  const outOfLibrary = await chromiumScreenshots(
    openSetMeasureGroup.map(asLibraryFamily),
    Number(values["open-set-per-family"]),
    makeRng(seed + 4),
  );
  const pillow = hasPillow() ? await pillowLines(families, 3, makeRng(seed + 5), dir) : [];
  const bilingualLatin = await chromiumScreenshots(latinOfBilingual(families), 3, makeRng(seed + 7));
  const framed = await framedPhotos(screenshots, 48);
  const wholePages = await wholePageScreenshots(families, makeRng(seed + 8));
  const noText = await noTextImages(makeRng(seed + 6), Number(values["no-text-per-kind"]));
  return {
    sets: {
      screenshots,
      degraded,
      heldOutStrings: heldOut,
      shortWords: short,
      digits,
      pillow,
      framed1080p: framed,
      // The truth is the Arabic family itself (same id): its Latin file is what Chromium draws.
      englishInBilingual: bilingualLatin,
      // The truth is the heading (family, weight, size): the most prominent text of the page.
      wholePage: wholePages,
      outOfLibrary,
    },
    noText,
  };
}
type SetName = keyof Awaited<ReturnType<typeof drawSets>>["sets"];

const draws: Awaited<ReturnType<typeof drawSets>>[] = [];
for (const seed of seeds)
  draws.push(await drawSets(seed, seeds.length > 1 ? path.join(workDir, `draw-${seed}`) : workDir));
const setNames = Object.keys(draws[0]!.sets) as SetName[];
const screenshots = draws.flatMap((d) => d.sets.screenshots);
writeFileSync(path.join(workDir, "sample-screenshot.png"), screenshots[0]!.image);
writeFileSync(path.join(workDir, "sample-degraded.jpg"), draws[0]!.sets.degraded[0]!.image);

type NoTextOutcome = { kind: string; error?: string; familyId?: string; rescued?: boolean };

/** The report's figures (all but speed) for one draw's outcomes or for all of them. */
function summariseRun(results: Record<SetName, Outcome[]>, noTextOutcomes: NoTextOutcome[], pillowCases: PillowCase[]) {
  const realTextEntries = Object.entries(results).filter(([k]) => k !== "outOfLibrary");
  const realText = realTextEntries.flatMap(([, v]) => v);
  const setSummary = (outcomes: Outcome[]) => ({
    ...summarise(outcomes, library.families),
    byScript: perScript(outcomes, library.families),
  });
  return {
    sets: {
      screenshots: { ...setSummary(results.screenshots), topConfusions: confusions(results.screenshots) },
      degraded: { ...setSummary(results.degraded), topConfusions: confusions(results.degraded) },
      heldOutStrings: setSummary(results.heldOutStrings),
      shortWords: setSummary(results.shortWords),
      digits: setSummary(results.digits),
      ...(pillowCases.length
        ? { pillow: { ...setSummary(results.pillow), ...pillowBySource(pillowCases, results.pillow) } }
        : {}),
      framed1080p: setSummary(results.framed1080p),
      englishInBilingual: {
        ...setSummary(results.englishInBilingual),
        topConfusions: confusions(results.englishInBilingual),
      },
      wholePage: setSummary(results.wholePage),
    },
    gate: {
      noTextImages: noTextOutcomes.length,
      noTextAnsweredNoText: noTextShare(noTextOutcomes),
      noTextRefused: refusedShare(noTextOutcomes),
      byKind: Object.fromEntries(
        [...new Set(noTextOutcomes.map((o) => o.kind))].map((k) => {
          const xs = noTextOutcomes.filter((o) => o.kind === k);
          return [k, { n: xs.length, noText: noTextShare(xs), refused: refusedShare(xs) }];
        }),
      ),
      realTextImages: realText.length,
      realTextRefused: refusedShare(realText),
      realTextRefusedBySet: Object.fromEntries(realTextEntries.map(([k, v]) => [k, refusedShare(v)])),
      secondLook: {
        realText: realText.filter((o) => o.result?.details.rescued).length,
        noText: noTextOutcomes.filter((o) => o.rescued).length,
      },
    },
    openSet: {
      families: openSetMeasureGroup.map((h) => h.id),
      images: results.outOfLibrary.length,
      notConfidentlyNamed: openSetCaught(results.outOfLibrary),
      flagged: flaggedShare(results.outOfLibrary),
      inLibraryFlagged: flaggedShare([...results.screenshots, ...results.degraded]),
      closestNamed: confusions(results.outOfLibrary, 8),
      byFamily: Object.fromEntries(
        openSetMeasureGroup.map((h) => [
          h.id,
          openSetCaught(results.outOfLibrary.filter((o) => o.familyId === `heldout-${h.id}`)),
        ]),
      ),
    },
    calibration: {
      eceScreenshotsAndDegraded: calibrationError([...results.screenshots, ...results.degraded]),
      eceWithOutOfLibrary: mixedCalibrationError([...results.screenshots, ...results.degraded], results.outOfLibrary),
    },
  };
}

const recognizer = await createFontRecognizer({
  ...(values.workers ? { workers: Number(values.workers) } : {}),
  queueLimit: 1000,
});
try {
  console.log(`analysing with ${recognizer.workers} workers…`);
  // Each draw is analysed on its own, then pooled: the report's figures read the pooled outcomes,
  // each draw's table its own.
  const analysed: { seed: number; results: Record<SetName, Outcome[]>; noText: NoTextOutcome[] }[] = [];
  for (const [d, draw] of draws.entries()) {
    const drawResults = {} as Record<SetName, Outcome[]>;
    for (const k of setNames) drawResults[k] = await analyseCases(recognizer, k, draw.sets[k]);
    const drawNoText: NoTextOutcome[] = [];
    for (const item of draw.noText) {
      try {
        const r = await recognizer.analyzeDetailed(item.image);
        drawNoText.push({ kind: item.kind, familyId: r.details.familyId, rescued: !!r.details.rescued });
      } catch (e) {
        drawNoText.push({ kind: item.kind, error: (e as Error).name });
      }
    }
    analysed.push({ seed: seeds[d]!, results: drawResults, noText: drawNoText });
  }
  const results = Object.fromEntries(setNames.map((k) => [k, analysed.flatMap((a) => a.results[k])])) as Record<
    SetName,
    Outcome[]
  >;

  console.log("latency…");
  const photos = await latencyPhotos(screenshots);
  writeFileSync(path.join(workDir, "sample-2mp-photo.jpg"), photos[0]!);
  const latency2mp = await measureLatency(recognizer, photos);
  const sustained = await measureSustained(recognizer, photos);

  const report: Report = {
    createdAt: new Date().toISOString(),
    model: { createdAt: labels.createdAt, families: labels.families.length, training: labels.training },
    seeds,
    ...summariseRun(
      results,
      analysed.flatMap((a) => a.noText),
      draws.flatMap((d) => d.sets.pillow),
    ),
    ...(draws.length > 1
      ? {
          draws: analysed.map((a, d) => ({
            seed: a.seed,
            ...summariseRun(a.results, a.noText, draws[d]!.sets.pillow),
          })),
        }
      : {}),
    latency2mp,
    sustained,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  // Every image's reading, for studying the open-set decision and the confidence without the
  // recognizer (work/eval/outcomes.json, beside calibrate-open-set.ts's work/open-set-rows.json).
  writeFileSync(
    path.join(workDir, "outcomes.json"),
    JSON.stringify([
      ...setNames.flatMap((set) =>
        analysed.flatMap(({ seed, results: drawResults }) =>
          drawResults[set].map((o) => ({
            set,
            seed,
            familyId: o.familyId,
            predicted: o.result?.details.familyId,
            probability: o.result?.details.top5[0]?.probability,
            confidence: o.result?.analysis.confidence,
            inLibrary: o.result?.analysis.inLibrary,
            script: o.result?.details.script,
            ...o.result?.details.closeness,
            ...(values["dump-logits"]
              ? { logits: o.result?.details.familyLogits?.map((l) => Math.round(l * 1000) / 1000) }
              : {}),
            error: o.error,
          })),
        ),
      ),
      // The text-free images' readings: what each kind was answered as.
      ...analysed.flatMap(({ seed, noText }) =>
        noText.map((o) => ({
          set: "noText",
          seed,
          kind: o.kind,
          predicted: o.familyId,
          rescued: o.rescued,
          error: o.error,
        })),
      ),
    ]),
  );
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, "evaluation.json"), JSON.stringify(report, null, 1) + "\n");
  writeFileSync(
    path.join(reportDir, "EVALUATION.md"),
    evaluationMarkdown(report, { perFamily, labels, pillow: hasPillow() }),
  );
  console.log(JSON.stringify({ ...report.sets.screenshots, byScript: undefined, topConfusions: undefined }, null, 1));
  console.log(
    JSON.stringify({
      degraded: report.sets.degraded.familyTop1,
      heldOut: report.sets.heldOutStrings.familyTop1,
      short: report.sets.shortWords.familyTop1,
      digits: report.sets.digits.familyTop1,
      pillow: report.sets.pillow?.familyTop1,
      pillowOtherBuilds: report.sets.pillow?.otherBuilds?.familyTop1,
      pillowSameFiles: report.sets.pillow?.sameFiles?.familyTop1,
      gate: { ...report.gate, byKind: undefined },
      openSet: { ...report.openSet, closestNamed: undefined },
      latency: report.latency2mp,
      sustained: report.sustained,
    }),
  );
} finally {
  await recognizer.close();
}
