// The text detector on the independent sets (decision 0045): line recall at IoU >= 0.5 against the
// manifests' boxes, and the share of text-free images where it finds nothing. The postprocessing's
// bar, unclip ratio and minimum line height are fitted on the CALIBRATION split only (--fit writes
// them into text-detector.json), by a rule fixed before the measuring split was read with them:
// maximise recall in the top five + half the recall of the top line + a quarter of the text-free
// images left empty. The measuring split is then reported with what was fitted.
//   node --import tsx ml/font-recognition/detector/measure-detector.ts --split calibrate --fit
//   node --import tsx ml/font-recognition/detector/measure-detector.ts --split measure [--frames]
// --frames also runs the measuring split's 1920x1080 frames through the whole recognizer without a
// box (the detector, the layout on each detected line, the gate, the font model): top-1.
// The images are drawn by `npm run font:eval` (independent/generate.py) into work/independent/.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openWorkerSession } from "#server/modules/font-recognition/onnx-session.ts";
import {
  detectorProbability,
  linesFromProbability,
  type DetectedLine,
  type DetectorConfig,
  type Postprocess,
} from "#server/modules/font-recognition/detect-text-lines.ts";
import { decodeGray } from "#server/modules/font-recognition/image-input.ts";
import { createFontRecognizer } from "#server/modules/font-recognition/recognize-font.ts";
import { repoRoot } from "../render-sample.ts";
import { boxIou, truthBox, type IndependentRecord, type Split } from "../independent/sets.ts";
import { NO_TEXT_KINDS, wilson, type Share } from "../independent/stats.ts";

const { values } = parseArgs({
  options: {
    split: { type: "string", default: "measure" },
    fit: { type: "boolean", default: false },
    frames: { type: "boolean", default: false },
    model: { type: "string", default: path.join(repoRoot, "models/font-recognition") },
    limit: { type: "string" },
  },
});
const split = values.split as Split;
const modelDir = values.model!;
const cfgPath = path.join(modelDir, "text-detector.json");
const config = JSON.parse(readFileSync(cfgPath, "utf8")) as DetectorConfig & Record<string, unknown>;
const workDir = path.join(repoRoot, "ml/font-recognition/work/independent", split);

const committed = readFileSync(path.join(repoRoot, `ml/font-recognition/independent/manifest-${split}.jsonl`), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as IndependentRecord)
  .filter((r) => !r.skipped && r.image);
let records = committed.filter((r) => existsSync(path.join(workDir, r.image!)));
if (values.limit) records = records.filter((_, i) => i % Math.ceil(records.length / Number(values.limit)) === 0);

const session = await openWorkerSession(path.join(modelDir, "text-detector.onnx"));
const detector = { session, config };

interface Mapped {
  r: IndependentRecord;
  prob: Float32Array;
  cols: number;
  rows: number;
  width: number;
  height: number;
  ms: number;
}
const started = Date.now();
const load0 = loadavg()[0]!;
let sameBytes = 0;
const mapped: Mapped[] = [];
for (const r of records) {
  const bytes = readFileSync(path.join(workDir, r.image!));
  if (createHash("sha256").update(bytes).digest("hex") === r.sha256) sameBytes++;
  const gray = await decodeGray(bytes);
  const t0 = performance.now();
  const p = await detectorProbability(detector, gray);
  mapped.push({
    r,
    prob: p.data,
    cols: p.cols,
    rows: p.rows,
    width: gray.width,
    height: gray.height,
    ms: performance.now() - t0,
  });
}
console.log(
  `${split}: ${mapped.length} of ${committed.length} images on disk (${sameBytes} byte for byte as committed), ` +
    `detector run in ${Math.round((Date.now() - started) / 1000)} s (load ${load0.toFixed(1)})`,
);

function detect(m: Mapped, post: Postprocess): DetectedLine[] {
  const stride = config.output.stride;
  return linesFromProbability(m.prob, m.cols, m.rows, {
    ...post,
    stride,
    scaleX: m.width / (m.cols * stride),
    scaleY: m.height / (m.rows * stride),
    imageWidth: m.width,
    imageHeight: m.height,
  });
}

interface Outcome {
  r: IndependentRecord;
  lines: number;
  hit1: boolean;
  hit5: boolean;
  bestIou: number;
}
/**
 * Each image's outcome under `post`. `found` (every line at `post`'s bar and unclip ratio, with no
 * height floor and no cap) lets the fit try several minimum heights without rerunning the
 * components: dropping thin lines before or after sorting leaves the same lines in the same order.
 */
function outcomes(post: Postprocess, found?: DetectedLine[][]): Outcome[] {
  return mapped.map((m, k) => {
    const all = found?.[k] ?? detect(m, { ...post, minLineHeight: 0, minScore: 0, maxLines: Infinity });
    const lines = all
      .filter((l) => l.height >= post.minLineHeight && l.score >= (post.minScore ?? 0))
      .slice(0, post.maxLines);
    if (!m.r.box) return { r: m.r, lines: lines.length, hit1: false, hit5: false, bestIou: 0 };
    const t = truthBox(m.r);
    const ious = lines.slice(0, 5).map((l) => boxIou(l.box, t));
    return {
      r: m.r,
      lines: lines.length,
      hit1: (ious[0] ?? 0) >= 0.5,
      hit5: ious.some((v) => v >= 0.5),
      bestIou: Math.max(0, ...ious),
    };
  });
}

function summary(out: Outcome[]) {
  const text = out.filter((o) => o.r.box);
  const free = out.filter((o) => NO_TEXT_KINDS.includes(o.r.kind));
  const by = <K extends string>(rows: Outcome[], key: (o: Outcome) => K) => {
    const groups = new Map<K, Outcome[]>();
    for (const o of rows) groups.set(key(o), [...(groups.get(key(o)) ?? []), o]);
    return Object.fromEntries(
      [...groups].sort().map(([k, g]) => [
        k,
        {
          top5: wilson(g.filter((o) => o.hit5).length, g.length),
          top1: wilson(g.filter((o) => o.hit1).length, g.length),
        },
      ]),
    );
  };
  const size = (o: Outcome) => {
    const h = o.r.box![3];
    return h < 24
      ? "ink height < 24 px"
      : h < 48
        ? "ink height 24-47 px"
        : h < 96
          ? "ink height 48-95 px"
          : "ink height >= 96 px";
  };
  const ground = (o: Outcome) =>
    ((o.r as IndependentRecord & { background?: string }).background ?? "plain").split(":")[0]!;
  return {
    textRecallTop5: wilson(text.filter((o) => o.hit5).length, text.length),
    textRecallTop1: wilson(text.filter((o) => o.hit1).length, text.length),
    textWithNoDetection: wilson(text.filter((o) => o.lines === 0).length, text.length),
    // Misses whose best box overlaps the line but not enough (IoU 0.3-0.5): a box too big, too small
    // or split, rather than a line not seen.
    missesNearIou: wilson(text.filter((o) => !o.hit5 && o.bestIou >= 0.3).length, text.filter((o) => !o.hit5).length),
    textFreeEmpty: wilson(free.filter((o) => o.lines === 0).length, free.length),
    byKind: by(text, (o) => o.r.kind),
    bySize: by(text, size),
    byBackground: by(text, ground),
    textFreeEmptyByKind: Object.fromEntries(
      NO_TEXT_KINDS.map((k) => {
        const g = free.filter((o) => o.r.kind === k);
        return [k, wilson(g.filter((o) => o.lines === 0).length, g.length)];
      }),
    ),
  };
}

const objective = (s: ReturnType<typeof summary>) =>
  s.textRecallTop5.pct + 0.5 * s.textRecallTop1.pct + 0.25 * s.textFreeEmpty.pct;

let post: Postprocess = config.postprocess;
if (values.fit) {
  if (split !== "calibrate") throw new Error("--fit only on the calibration split");
  let best: { post: Postprocess; score: number; s: ReturnType<typeof summary> } | undefined;
  for (const bar of [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7])
    for (const unclipRatio of [0.3, 0.5, 0.7, 0.9, 1.1, 1.3, 1.5, 1.8, 2.1]) {
      const found = mapped.map((m) =>
        detect(m, { ...post, bar, unclipRatio, minLineHeight: 0, minScore: 0, maxLines: Infinity }),
      );
      for (const minLineHeight of [4, 6, 8, 10, 12])
        for (const minScore of [0, 0.3, 0.4, 0.5, 0.6, 0.7]) {
          if (minScore > 0 && minScore <= bar) continue;
          const p = { ...post, bar, unclipRatio, minLineHeight, minScore };
          const s = summary(outcomes(p, found));
          const score = objective(s);
          if (!best || score > best.score) best = { post: p, score, s };
        }
    }
  post = best!.post;
  console.log(`fitted on ${mapped.length} calibration images:`, JSON.stringify(post));
  const raw = JSON.parse(readFileSync(cfgPath, "utf8")) as Record<string, unknown>;
  raw.postprocess = post;
  raw.fit = {
    split: "calibrate",
    images: mapped.length,
    rule: "maximise recall@5 + 0.5 recall@1 + 0.25 text-free empty (percent), over bar 0.1-0.7, unclip 0.3-2.1, min height 4-12, min mean probability 0-0.7",
    at: new Date().toISOString(),
    calibration: { top5: best!.s.textRecallTop5, top1: best!.s.textRecallTop1, textFreeEmpty: best!.s.textFreeEmpty },
  };
  writeFileSync(cfgPath, JSON.stringify(raw, null, 1) + "\n");
}

const s = summary(outcomes(post));
const ms = mapped
  .filter((m) => m.r.kind === "frame")
  .map((m) => m.ms)
  .sort((a, b) => a - b);
const report: Record<string, unknown> = {
  split,
  images: mapped.length,
  sameBytesAsCommitted: sameBytes,
  postprocess: post,
  ...s,
  ...(ms.length
    ? {
        frameDetectorMs: {
          n: ms.length,
          median: Math.round(ms[ms.length >> 1]!),
          p95: Math.round(ms[Math.floor(ms.length * 0.95)]!),
        },
      }
    : {}),
  loadAverageAtStart: Math.round(load0 * 10) / 10,
};

if (values.frames) {
  const recognizer = await createFontRecognizer({ modelDir, queueLimit: 10_000, workers: 1 });
  const frames = mapped.filter((m) => m.r.kind === "frame");
  let right = 0;
  let noText = 0;
  const t0 = Date.now();
  try {
    for (const m of frames) {
      try {
        const a = await recognizer.analyzeDetailed(readFileSync(path.join(workDir, m.r.image!)));
        if (a.details.familyId === m.r.family) right++;
      } catch (e) {
        if ((e as Error).name === "NoTextFoundError") noText++;
      }
    }
  } finally {
    await recognizer.close();
  }
  report.framesWithoutBox = {
    top1: wilson(right, frames.length),
    noTextFound: wilson(noText, frames.length),
    seconds: Math.round((Date.now() - t0) / 1000),
  };
}

const fmt = (x: Share) => `${x.pct}% (${x.k}/${x.n}, ${x.lo}-${x.hi})`;
console.log(
  `recall@5 ${fmt(s.textRecallTop5)}, recall@1 ${fmt(s.textRecallTop1)}, text-free empty ${fmt(s.textFreeEmpty)}`,
);
console.log(JSON.stringify(report, null, 1));
const outFile = path.join(repoRoot, "ml/font-recognition/work/detector", `measure-${split}.json`);
writeFileSync(outFile, JSON.stringify(report, null, 1));
if (split === "measure")
  writeFileSync(path.join(modelDir, "text-detector-evaluation.json"), JSON.stringify(report, null, 1) + "\n");
