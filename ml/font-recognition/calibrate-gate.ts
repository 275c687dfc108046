// Fits the text gate's two thresholds through the server's own recognizer, on fresh images (seeds
// training never used; photographs from the training split only, never the evaluation's):
//   none:       the smallest P(none) bar that refuses at most 0.5% of readable text images,
//   unreadable: the smallest share bar that calls at most 0.5% of readable text images unreadable,
// so together at most about 1% of real text is refused. Then the second look's bar (text-gate.ts
// rescue): the font model's closeness to its best family, a bar that at most 0.5% of `--negatives`
// text-free images (seeds of their own) reach when the gate doubts them, as the gate's own bar
// refuses at most 0.5% of text; the text the gate refused is tried again against it. Writes all of it into text-gate.json, so it must run
// after the font model it is fitted to.
//   node --import tsx ml/font-recognition/calibrate-gate.ts [--images 600] [--negatives 600]
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import type { GrayImage } from "#server/modules/font-recognition/image-input.ts";
import {
  createFontRecognizer,
  defaultModelDir,
  type FontRecognizer,
} from "#server/modules/font-recognition/recognize-font.ts";
import type { GateConfig, LineScores } from "#server/modules/font-recognition/text-gate.ts";
import { NEGATIVE_KINDS, negativeImage, textImage } from "./gate-data.ts";
import { quantile } from "./eval-scoring.ts";
import { makeRng } from "./text-corpus.ts";

const { values } = parseArgs({
  options: { images: { type: "string", default: "600" }, negatives: { type: "string", default: "600" } },
});
/** Lines the gate gives P(none) at or above this are not looked at twice. */
const RESCUE_NONE = 0.95;
const n = Number(values.images);
const gateFile = path.join(defaultModelDir, "text-gate.json");
const config = JSON.parse(readFileSync(gateFile, "utf8")) as GateConfig & Record<string, unknown>;
const library = loadFontLibrary(path.join(defaultModelDir, "library.json"));

const png = (g: GrayImage) =>
  sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } })
    .png()
    .toBuffer();

// Thresholds that never refuse, so every image's line scores come back.
writeFileSync(gateFile, JSON.stringify({ ...config, thresholds: { none: 2, unreadable: 2 } }, null, 1));
const recognizer = await createFontRecognizer({ queueLimit: 100_000 });
const scores: Record<"text" | "none" | "unreadable", (LineScores[] | null)[]> = { text: [], none: [], unreadable: [] };
const images: Record<"text" | "none" | "unreadable", Buffer[]> = { text: [], none: [], unreadable: [] };
try {
  for (let i = 0; i < n; i++) {
    const rng = makeRng(5_550_001 + i);
    const family = library.families[i % library.families.length]!;
    const kind = i % 3 === 0 ? "text" : i % 3 === 1 ? "none" : "unreadable";
    const gray =
      kind === "none"
        ? await negativeImage(rng, NEGATIVE_KINDS[i % NEGATIVE_KINDS.length]!)
        : (await textImage(rng, family, { readable: kind === "text" })).gray;
    const image = await png(gray);
    images[kind].push(image);
    try {
      const r = await recognizer.analyzeDetailed(image);
      scores[kind].push(r.details.gate ?? null);
    } catch {
      scores[kind].push(null); // no line found at all: the layout already says "no text"
    }
  }
} finally {
  await recognizer.close();
}

const minNone = (s: LineScores[]) => Math.min(...s.map((l) => l.none));
const textScores = scores.text.filter((s): s is LineScores[] => s !== null);
const none = Math.min(0.98, Math.max(0.3, quantile(textScores.map(minNone), 0.995) + 1e-3));
const share = (l: LineScores) => l.unreadable / Math.max(1e-9, l.text + l.unreadable);
const minShare = (s: LineScores[]) => {
  const t = s.filter((l) => l.none < none);
  return t.length ? Math.min(...t.map(share)) : 0;
};
const unreadable = Math.min(0.98, Math.max(0.5, quantile(textScores.map(minShare), 0.995) + 1e-3));

const refused = (s: LineScores[] | null) => s === null || minNone(s) >= none;
const unread = (s: LineScores[] | null) => s !== null && !refused(s) && minShare(s) >= unreadable;
const thresholds = { none: Math.round(none * 1000) / 1000, unreadable: Math.round(unreadable * 1000) / 1000 };

// The second look, through the recognizer as the server runs it: a bar of -1 keeps every doubtful
// line, so each image the gate doubts comes back with the font model's closeness.
writeFileSync(
  gateFile,
  JSON.stringify({ ...config, thresholds: { ...thresholds, rescue: { none: RESCUE_NONE, centroid: -1 } } }, null, 1),
);
/** The closeness of each image the second look would keep at any bar; null when it cannot. */
const secondLook = async (recognizer: FontRecognizer, image: Buffer): Promise<number | null> => {
  try {
    const r = await recognizer.analyzeDetailed(image);
    return r.details.rescued ? r.details.closeness.centroid : null;
  } catch {
    return null;
  }
};
const second = await createFontRecognizer({ queueLimit: 100_000 });
const negativeCloseness: number[] = [];
const refusedCloseness: Record<"text" | "unreadable", (number | null)[]> = { text: [], unreadable: [] };
try {
  for (let i = 0; i < Number(values.negatives); i++) {
    const gray = await negativeImage(makeRng(6_660_001 + i), NEGATIVE_KINDS[i % NEGATIVE_KINDS.length]!);
    const c = await secondLook(second, await png(gray));
    if (c !== null) negativeCloseness.push(c);
  }
  for (const image of images.none) {
    const c = await secondLook(second, image);
    if (c !== null) negativeCloseness.push(c);
  }
  for (const kind of ["text", "unreadable"] as const) {
    for (const [i, s] of scores[kind].entries()) {
      refusedCloseness[kind].push(refused(s) ? await secondLook(second, images[kind][i]!) : null);
    }
  }
} finally {
  await second.close();
}
// Every text-free image counts: those the gate is sure of can never pass the second look.
const allNegatives = Number(values.negatives) + images.none.length;
const passing = Math.floor(allNegatives * 0.005);
const highest = [...negativeCloseness].sort((a, b) => b - a);
const centroid = Math.round(Math.max(0.8, (highest[passing] ?? 0) + 1e-3) * 1000) / 1000;
const keptBySecondLook = (kind: "text" | "unreadable", i: number) =>
  (refusedCloseness[kind][i] ?? -Infinity) >= centroid;

const rate = (xs: (LineScores[] | null)[], f: (s: LineScores[] | null, i: number) => boolean) =>
  Math.round((xs.filter(f).length / Math.max(1, xs.length)) * 1000) / 10;
const summary = {
  images: n,
  thresholds: { ...thresholds, rescue: { none: RESCUE_NONE, centroid } },
  textRefusedAsNone: rate(scores.text, (s, i) => refused(s) && !keptBySecondLook("text", i)),
  textRefusedAsNoneByTheGateAlone: rate(scores.text, refused),
  textRefusedAsUnreadable: rate(scores.text, unread),
  noTextRefused: rate(scores.none, refused),
  unreadableCalledUnreadable: rate(scores.unreadable, unread),
  unreadableRefusedAsNone: rate(scores.unreadable, (s, i) => refused(s) && !keptBySecondLook("unreadable", i)),
  secondLook: {
    negatives: allNegatives,
    negativesDoubted: negativeCloseness.length,
    negativesKept: negativeCloseness.filter((c) => c >= centroid).length,
    highestNegativeCloseness: highest.slice(0, 8).map((c) => Math.round(c * 1000) / 1000),
  },
};
console.log(JSON.stringify(summary));
writeFileSync(
  gateFile,
  JSON.stringify({ ...config, thresholds: summary.thresholds, calibration: summary }, null, 1) + "\n",
);
