// Refits the font tool's confidence on the independent CALIBRATION set only (issue 38, decision 0045):
// the text gate's "no text" bar, then the "not in our library" bar, its cap and the stated-confidence
// fit for each script. The model itself is not touched. Writes a candidate model folder
// (work/independent/candidate: the source folder's model files linked, text-gate.json and open-set.json
// refitted); `npm run font:eval -- --model-dir ml/font-recognition/work/independent/candidate --label
// candidate` measures it on the measuring set, and only a candidate measured better is copied into
// models/font-recognition/ (by hand, said so in the journal).
//   node --import tsx ml/font-recognition/independent/calibrate.ts [--model-dir DIR] [--name candidate]
// --model-dir refits another folder's files (a candidate detector or font model) instead of models/;
// the refitted folder is work/independent/<name>, its other files linked from that folder.
// --restate fits only open-set.json's `restate` map over the source folder's stated confidences
// (its gate, bars, caps and fits kept): pooled over both scripts, unflagged answers, in- and
// out-of-library weighing half, isotonic with blocks of at least RESTATE_MIN_BLOCK of the weight.
//
// The rules, fixed before the measuring set was read with them:
// - gate: the P(none) bar with the fewest errors of both kinds, each weighing the same: the share of
//   the calibration set's in-library text (lines, words, digits) refused as "no text" plus the share
//   of its text-free images answered (session 23; before, the lowest bar refusing at most 1% of the
//   text, which ran to 0.95 through the detector and let text-free images through), read on a run
//   with the gate open (every line let through) so that each image's lines are scored; an image whose
//   detector finds no line is refused at every bar;
// - open set, for each script the text is read in: the highest bar on the committed score
//   (familyLogit, the committed family offsets) that flags at most 2.5% of that script's in-library
//   answers (a margin under the 3% target); the flagged answers' cap is P(right | flagged) with in- and
//   out-of-library uploads equally likely; the confidence of the others is the two-reading logistic fit
//   (confidence-map.ts) on the unflagged answers of that script, the two populations weighing half.
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fitConfidenceModel, applyConfidenceModel } from "#server/modules/font-recognition/confidence-map.ts";
import { createFontRecognizer, defaultModelDir } from "#server/modules/font-recognition/recognize-font.ts";
import type { OpenSetConfig, ScriptOpenSet } from "#server/modules/font-recognition/interpret-outputs.ts";
import type { GateConfig } from "#server/modules/font-recognition/text-gate.ts";
import { quantile } from "../eval-scoring.ts";
import { analyseSplit, ensureImages, readSplit, workDir } from "./sets.ts";
import {
  caught,
  fitRestate,
  mixedEceOf,
  RESTATE_MIN_BLOCK,
  restatedConfidence,
  right,
  UPLOAD_KINDS,
  NO_TEXT_KINDS,
  type Row,
  type Script,
} from "./stats.ts";

// The text detector too (decision 0046), when it is committed: the gate and the open set are then
// refitted on the lines it finds, as the server will read them.
const MODEL_FILES = [
  "model.onnx",
  "labels.json",
  "library.json",
  "text-gate.onnx",
  "text-detector.onnx",
  "text-detector.json",
];
const FLAG_BUDGET = 0.025;

const { values: args } = parseArgs({
  options: {
    "model-dir": { type: "string" },
    name: { type: "string", default: "candidate" },
    restate: { type: "boolean", default: false },
  },
});
const sourceDir = args["model-dir"] ? path.resolve(args["model-dir"]) : defaultModelDir;

/** A model folder: the source folder's files linked, the two decision files given. */
function modelFolder(name: string, gate: GateConfig, openSet: OpenSetConfig): string {
  const dir = path.join(workDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of MODEL_FILES)
    if (existsSync(path.join(sourceDir, f))) symlinkSync(path.join(sourceDir, f), path.join(dir, f));
  writeFileSync(path.join(dir, "text-gate.json"), JSON.stringify(gate, null, 1) + "\n");
  writeFileSync(path.join(dir, "open-set.json"), JSON.stringify(openSet, null, 1) + "\n");
  return dir;
}

/** The calibration set's images of the given kinds through the recognizer of a model folder. */
async function run(dir: string, label: string, kinds: string[]): Promise<Row[]> {
  const records = readSplit("calibrate").records.filter((r) => kinds.includes(r.kind));
  const recognizer = await createFontRecognizer({ modelDir: dir, queueLimit: 10_000 });
  try {
    const rows = await analyseSplit(recognizer, "calibrate", records);
    writeFileSync(path.join(workDir, `outcomes-calibrate-${label}.json`), JSON.stringify(rows));
    return rows;
  } finally {
    await recognizer.close();
  }
}

ensureImages("calibrate");
const gate = JSON.parse(readFileSync(path.join(sourceDir, "text-gate.json"), "utf8")) as GateConfig &
  Record<string, unknown>;
// A restating map belongs to the fits it was fitted over: both modes below start without it.
const {
  restate: _restate,
  restateCalibration: _restateCalibration,
  ...sourceOpenSet
} = JSON.parse(readFileSync(path.join(sourceDir, "open-set.json"), "utf8")) as OpenSetConfig & Record<string, unknown>;

if (args.restate) {
  // Only the restating map (open-set.json `restate`): the source folder's gate, bars, caps and fits
  // are kept, and its stated confidences are read as served.
  const rows = await run(modelFolder("restate-probe", gate, sourceOpenSet), "restate-probe", [...UPLOAD_KINDS, "ool"]);
  const inS = rows.filter((r) => UPLOAD_KINDS.includes(r.kind) && r.inLibrary && !r.error && !r.flagged);
  const outS = rows.filter((r) => r.kind === "ool" && !r.error && !r.flagged);
  const restate = fitRestate(inS, outS);
  const fit = {
    createdAt: new Date().toISOString(),
    rule: `pooled over both scripts: isotonic map of the stated confidence of unflagged answers, in and out of library weighing half, smallest block ${RESTATE_MIN_BLOCK} of the weight`,
    inLibraryAnswers: inS.length,
    outOfLibraryAnswers: outS.length,
    eceBefore: mixedEceOf(inS, outS),
    eceAfter: mixedEceOf(inS, outS, (r) => restatedConfidence(r, restate)),
  };
  console.log("restate", restate, fit);
  const candidate = modelFolder(args.name!, gate, {
    ...sourceOpenSet,
    restate,
    restateCalibration: fit,
  } as OpenSetConfig);
  console.log(`candidate written to ${path.relative(process.cwd(), candidate)}`);
  process.exit(0);
}

// 1. The gate's "no text" bar, on a run with the gate open.
const open = { ...gate, thresholds: { ...gate.thresholds, none: 1.01, unreadable: 1.01 } };
const probe = await run(modelFolder("probe", open, sourceOpenSet), "probe", [...UPLOAD_KINDS, ...NO_TEXT_KINDS]);
const minNone = (r: Row) => (r.error ? Infinity : Math.min(...(r.gate ?? []).map((l) => l.none)));
const text = probe.filter((r) => UPLOAD_KINDS.includes(r.kind) && r.inLibrary);
const noText = probe.filter((r) => NO_TEXT_KINDS.includes(r.kind));
const refusedAt = (t: number, rows: Row[]) => rows.filter((r) => minNone(r) >= t).length / Math.max(1, rows.length);
// Both errors at each bar; a tie goes to the higher bar (less text refused).
const errorsAt = (t: number) => refusedAt(t, text) + (1 - refusedAt(t, noText));
let none = 0.95;
for (let t = 0.95; t >= 0.05; t = Math.round((t - 0.005) * 1000) / 1000) if (errorsAt(t) < errorsAt(none)) none = t;
const gateFit = {
  none,
  textRefusedAsNone: refusedAt(none, text),
  noTextRefusedAsNone: refusedAt(none, noText),
  committedNone: gate.thresholds.none,
  committedTextRefused: refusedAt(gate.thresholds.none, text),
  committedNoTextRefused: refusedAt(gate.thresholds.none, noText),
  text: text.length,
  noText: noText.length,
};
console.log("gate", gateFit);
const newGate = {
  ...gate,
  thresholds: { ...gate.thresholds, none },
  independentCalibration: {
    createdAt: new Date().toISOString(),
    rule: "fewest of (in-library text refused as none) + (text-free images answered), equal weights",
    ...gateFit,
  },
};

// 2. The open set for each script, on a run through the refitted gate.
const rows = await run(modelFolder("gated", newGate, sourceOpenSet), "gated", [...UPLOAD_KINDS, "ool"]);
const score = sourceOpenSet.score;
const uploads = rows.filter((r) => UPLOAD_KINDS.includes(r.kind) && r.inLibrary && !r.error);
const ool = rows.filter((r) => r.kind === "ool");
const byScript: Partial<Record<Script, ScriptOpenSet>> = {};
const report: Record<string, unknown> = {};
for (const script of ["arabic", "latin"] as Script[]) {
  const inS = uploads.filter((r) => r.scriptSeen === script);
  const outS = ool.filter((r) => !r.error && r.scriptSeen === script);
  const closeness = (r: Row) => r.closeness![score]!;
  const threshold = quantile(inS.map(closeness), FLAG_BUDGET);
  const flagged = (r: Row) => closeness(r) < threshold;
  const w = (r: Row) => (r.inLibrary ? 0.5 / inS.length : 0.5 / Math.max(1, outS.length));
  const fIn = inS.filter(flagged);
  const fOut = outS.filter(flagged);
  const pIn = fIn.length / inS.length;
  const pOut = fOut.length / Math.max(1, outS.length);
  const accIn = fIn.filter(right).length / Math.max(1, fIn.length);
  const flaggedConfidence = Math.round(((pIn * accIn) / Math.max(1e-9, pIn + pOut)) * 100) / 100;
  const model = fitConfidenceModel(
    [...inS, ...outS]
      .filter((r) => !flagged(r))
      .map((r) => ({ probability: r.probability!, closeness: closeness(r), right: right(r), weight: w(r) })),
  );
  byScript[script] = { threshold: Math.round(threshold * 10_000) / 10_000, flaggedConfidence, confidenceModel: model };
  // What the fit gives on its own images (the measuring set says what it is worth).
  const stated = (r: Row) =>
    flagged(r)
      ? Math.min(r.probability!, flaggedConfidence)
      : applyConfidenceModel(r.probability!, closeness(r), model);
  const restated = (xs: Row[]) => xs.map((r) => ({ ...r, confidence: stated(r), flagged: flagged(r) }));
  report[script] = {
    inLibraryAnswers: inS.length,
    outOfLibraryAnswers: outS.length,
    threshold,
    flaggedConfidence,
    confidenceModel: model,
    inLibraryFlagged: pIn,
    outOfLibraryCaught: restated(outS).filter(caught).length / Math.max(1, outS.length),
    ece: mixedEceOf(restated(inS), restated(outS)),
  };
}
console.log("open set", JSON.stringify(report, null, 1));
const newOpenSet = {
  ...sourceOpenSet,
  byScript,
  independentCalibration: {
    createdAt: new Date().toISOString(),
    rule: `per script: bar at the ${FLAG_BUDGET} quantile of in-library closeness (${score}); cap P(right | flagged); two-reading fit on the unflagged`,
    images: rows.length,
    ...report,
  },
};
const candidate = modelFolder(args.name!, newGate, newOpenSet);
// The committed files are only replaced by hand, after the measuring set says the candidate is better.
console.log(`candidate written to ${path.relative(process.cwd(), candidate)}`);
