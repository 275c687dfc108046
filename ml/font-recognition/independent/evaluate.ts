// `npm run font:eval`: the font tool measured on the independent measuring set (issue 38, decision
// 0045), every target with its number of images and a 95% interval, beside the generator's own
// evaluation (models/font-recognition/evaluation.json, `npm run font:eval:generator`). Nothing is
// fitted here. Draws the set first when its images are missing (generate.py, resumable).
//   npm run font:eval [-- --split measure] [--model-dir DIR] [--out DIR] [--label NAME]
// Writes <out>/INDEPENDENT-EVALUATION.md and independent-evaluation.json (default: the model's folder)
// and every image's answer to work/independent/outcomes-<split>-<label>.json.
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createFontRecognizer, defaultModelDir } from "#server/modules/font-recognition/recognize-font.ts";
import { measureLatency } from "../eval-speed.ts";
import { analyseSplit, ensureImages, imageOf, readSplit, workDir, type Split } from "./sets.ts";
import { measures, type Estimate, type Measures, type Share } from "./stats.ts";

const { values } = parseArgs({
  options: {
    split: { type: "string", default: "measure" },
    "model-dir": { type: "string" },
    out: { type: "string" },
    label: { type: "string", default: "committed" },
    workers: { type: "string" },
  },
});
const split = values.split as Split;
const modelDir = values["model-dir"] ? path.resolve(values["model-dir"]) : defaultModelDir;
const outDir = values.out ? path.resolve(values.out) : modelDir;
const started = Date.now();

const drawSeconds = ensureImages(split);
const { records, matchingCommitted, committed } = readSplit(split);
console.log(
  `${split}: ${records.length} images (${matchingCommitted} of the committed manifest's ${committed} byte for byte)`,
);
const recognizer = await createFontRecognizer({
  modelDir,
  queueLimit: 10_000,
  ...(values.workers ? { workers: Number(values.workers) } : {}),
});
const t0 = Date.now();
const { m, latency } = await (async () => {
  try {
    const rows = await analyseSplit(recognizer, split, records);
    writeFileSync(path.join(workDir, `outcomes-${split}-${values.label}.json`), JSON.stringify(rows));
    // 2 MP: the set's own 1920x1080 frames, one analysis at a time.
    const frames = records.filter((r) => r.kind === "frame").slice(0, 40);
    const timed = await measureLatency(
      recognizer,
      frames.map((r) => imageOf(split, r)),
    );
    return { m: measures(rows), latency: timed };
  } finally {
    await recognizer.close();
  }
})();
const analyseSeconds = Math.round((Date.now() - t0) / 1000);

/** The generator's own figures for the same targets (its last committed run). */
function generatorColumn() {
  type G = {
    createdAt: string;
    seeds: number[];
    sets: Record<string, { n: number; familyTop1: number }>;
    gate: { noTextImages: number; noTextAnsweredNoText: number; realTextRefused: number };
    openSet: {
      images: number;
      notConfidentlyNamed: number;
      inLibraryFlagged: number;
      byFamily: Record<string, number>;
    };
    calibration: { eceWithOutOfLibrary: number };
    latency2mp: { p95: number };
  };
  const g = JSON.parse(readFileSync(path.join(defaultModelDir, "evaluation.json"), "utf8")) as G;
  const arabicIds = ["mirza", "baloo-bhaijaan-2", "marhey", "ae-arab", "ae-jet", "ae-rehan", "ukij-merdane"];
  const mean = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)) * 10) / 10;
  const fam = Object.entries(g.openSet.byFamily);
  return {
    createdAt: g.createdAt,
    seeds: g.seeds,
    ece: g.calibration.eceWithOutOfLibrary,
    inLibraryFlagged: g.openSet.inLibraryFlagged,
    // Each family has the same number of lines, so the mean of the families' shares is the pooled share.
    oolArabic: mean(fam.filter(([f]) => arabicIds.includes(f)).map(([, v]) => v)),
    oolLatin: mean(fam.filter(([f]) => !arabicIds.includes(f)).map(([, v]) => v)),
    noText: g.gate.noTextAnsweredNoText,
    noTextN: g.gate.noTextImages,
    digits: g.sets.digits?.familyTop1,
    short: g.sets.shortWords?.familyTop1,
    frames: g.sets.framed1080p?.familyTop1,
    lines: g.sets.pillow?.familyTop1,
    english: g.sets.englishInBilingual?.familyTop1,
    refused: g.gate.realTextRefused,
    p95: g.latency2mp.p95,
  };
}

const gen = generatorColumn();
const fmt = (s: Share) => (Number.isNaN(s.pct) ? "n/a (0 images)" : `${s.pct}% (${s.k}/${s.n}; ${s.lo}-${s.hi})`);
const fmtE = (e: Estimate) => `${e.value} (${e.n} answers; ${e.lo}-${e.hi})`;
const met = (ok: boolean) => (ok ? "met" : "**missed**");
const targets: [string, string, string, string, string][] = [
  [
    "ECE, half in- and half out-of-library",
    "≤ 0.04",
    fmtE(m.calibration.eceMixed),
    met(m.calibration.eceMixed.value <= 0.04),
    `${gen.ece}`,
  ],
  [
    '"not in our library" on in-library text',
    "≤ 3%",
    fmt(m.openSet.inLibraryFlagged),
    met(m.openSet.inLibraryFlagged.pct <= 3),
    `${gen.inLibraryFlagged}%`,
  ],
  [
    "out-of-library fonts not confidently named, Arabic",
    "≥ 90%",
    fmt(m.openSet.outOfLibraryCaught.arabic),
    met(m.openSet.outOfLibraryCaught.arabic.pct >= 90),
    `${gen.oolArabic}%`,
  ],
  [
    "out-of-library fonts not confidently named, Latin",
    "≥ 90%",
    fmt(m.openSet.outOfLibraryCaught.latin),
    met(m.openSet.outOfLibraryCaught.latin.pct >= 90),
    `${gen.oolLatin}%`,
  ],
  [
    'text-free images answered "no text found"',
    "≥ 97%",
    fmt(m.noText.answeredNoText),
    met(m.noText.answeredNoText.pct >= 97),
    `${gen.noText}% of ${gen.noTextN}`,
  ],
  ["digit lines, top-1", "≥ 88%", fmt(m.top1.digits), met(m.top1.digits.pct >= 88), `${gen.digits}%`],
  ["3-5 letter words, top-1", "≥ 88%", fmt(m.top1.shortWords), met(m.top1.shortWords.pct >= 88), `${gen.short}%`],
  [
    "text line in a 1920x1080 frame, no box, top-1",
    "found and named (≥ 80%, issue 14)",
    fmt(m.frames.noBox),
    met(m.frames.noBox.pct >= 80),
    `${gen.frames}%`,
  ],
  [
    "2 MP p95 through the analysis path (recognizer, no HTTP)",
    "≤ 300 ms",
    `${latency.p95} ms (p50 ${latency.p50}, ${latency.runs} runs, load ${latency.loadAverage1m})`,
    met(latency.p95 <= 300),
    `${gen.p95} ms`,
  ],
];
const others: [string, string, string][] = [
  ["sentence lines, top-1", fmt(m.top1.lines), `${gen.lines}% (FreeType lines on white)`],
  ["… Arabic families", fmt(m.top1.linesByScript.arabic), ""],
  ["… Latin families", fmt(m.top1.linesByScript.latin), ""],
  ["English in bilingual Arabic families", fmt(m.top1.englishInBilingual), `${gen.english}%`],
  ["digit lines, Arabic-Indic", fmt(m.top1.digitsArabicIndic), ""],
  ["digit lines, Latin digits", fmt(m.top1.digitsLatin), ""],
  ["3-5 letter words, Arabic", fmt(m.top1.shortWordsByScript.arabic), ""],
  ["3-5 letter words, Latin", fmt(m.top1.shortWordsByScript.latin), ""],
  ["frames: answered at all (no box)", fmt(m.frames.answered), ""],
  ["frames: inside the text's box", fmt(m.frames.withBox), ""],
  ...m.frames.byCoverage.map(
    (c) => [`frames, text ${c.coverage} of the frame`, fmt(c), ""] as [string, string, string],
  ),
  ...m.top1.bySize.map((b) => [`lines, words, digits at ${b.px} px`, fmt(b), ""] as [string, string, string]),
  ["in-library text refused (no text / unreadable)", fmt(m.noText.realTextRefused), `${gen.refused}%`],
  ['"not in our library" on Arabic in-library text', fmt(m.openSet.inLibraryFlaggedByScript.arabic), ""],
  ['"not in our library" on Latin in-library text', fmt(m.openSet.inLibraryFlaggedByScript.latin), ""],
  ["out-of-library flagged, Arabic", fmt(m.openSet.outOfLibraryFlagged.arabic), ""],
  ["out-of-library flagged, Latin", fmt(m.openSet.outOfLibraryFlagged.latin), ""],
  ["ECE, in-library answers alone", fmtE(m.calibration.eceInLibrary), ""],
  ...Object.entries(m.noText.byKind).map(([k, s]) => [`text-free: ${k}`, fmt(s), ""] as [string, string, string]),
];
const relTable = (rows: Measures["calibration"]["reliabilityInLibrary"]) =>
  ["| stated | answers | mean stated % | right % |", "| --- | --- | --- | --- |"]
    .concat(rows.map((b) => `| ${b.bin} | ${b.n} | ${b.stated} | ${b.right} |`))
    .join("\n");

const md = `# Font recognition: the independent evaluation (${split} set)

Written by \`npm run font:eval\` (ml/font-recognition/independent/evaluate.ts), ${new Date().toISOString()}, model folder
\`${path.relative(process.cwd(), modelDir) || "."}\` (${values.label}). The images are drawn by
ml/font-recognition/independent/generate.py: FreeType through Pillow with raqm, Debian's builds of the families where
they exist, text written for the set, Debian's wallpapers and textures as backgrounds, sizes 14-160 px, text covering
2-30% of a cropped upload and down to 0.04% of a 1920x1080 frame; nothing here is fitted on them (decision 0045). ${records.length} images
(${matchingCommitted} of ${committed} byte for byte as the committed manifest records them). Each share is given as
percent (right/images; 95% Wilson interval); the ECE with a 95% bootstrap interval (1,000 resamplings). The last
column is the generator's own evaluation (\`evaluation.json\`, ${gen.createdAt}, seeds ${gen.seeds.join(", ")}).

## Targets of issue 38

| target | goal | independent set | | generator's evaluation |
| --- | --- | --- | --- | --- |
${targets.map((t) => `| ${t.join(" | ")} |`).join("\n")}

## Other figures

| measure | independent set | generator's evaluation |
| --- | --- | --- |
${others.map((t) => `| ${t.join(" | ")} |`).join("\n")}

## Out-of-library families (not confidently named)

| family | share |
| --- | --- |
${Object.entries(m.openSet.byFamily)
  .map(([f, s]) => `| ${f} | ${fmt(s)} |`)
  .join("\n")}

## Reliability

In-library answers:

${relTable(m.calibration.reliabilityInLibrary)}

Out-of-library answers (never right):

${relTable(m.calibration.reliabilityOutOfLibrary)}

Drawing took ${drawSeconds} s (0 when the images were already there), the analyses ${analyseSeconds} s, all of it
${Math.round((Date.now() - started) / 1000)} s.
`;
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, "INDEPENDENT-EVALUATION.md"), md);
writeFileSync(
  path.join(outDir, "independent-evaluation.json"),
  JSON.stringify(
    {
      createdAt: new Date().toISOString(),
      split,
      label: values.label,
      images: records.length,
      matchingCommitted,
      measures: m,
      latency2mp: latency,
      generator: gen,
      seconds: { draw: drawSeconds, analyse: analyseSeconds, all: Math.round((Date.now() - started) / 1000) },
    },
    null,
    1,
  ) + "\n",
);
console.log(md);
