// The independent sets on disk (issue 38, decision 0045): drawing them when they are missing
// (font-plan.ts, then generate.py with Debian's Pillow), reading their manifests, and running the
// recognizer over them. The images live in ml/font-recognition/work/independent/<split>/ (git-ignored);
// the committed manifest-<split>.jsonl records what each one shows and its sha256.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Box } from "#server/modules/font-recognition/image-ops.ts";
import type { FontRecognizer } from "#server/modules/font-recognition/recognize-font.ts";
import { repoRoot } from "../render-sample.ts";
import type { RecordTruth, Row } from "./stats.ts";

export type Split = "measure" | "calibrate";

export const workDir = path.join(repoRoot, "ml/font-recognition/work/independent");
const here = path.join(repoRoot, "ml/font-recognition/independent");

/** One manifest line (generate.py): what the image shows and how it was drawn. */
export interface IndependentRecord extends RecordTruth {
  image?: string;
  skipped?: string;
  sha256?: string;
  box?: [number, number, number, number];
  frame?: [number, number];
}

const readJsonl = (file: string): IndependentRecord[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as IndependentRecord);

/**
 * Draws the split's images unless a finished manifest of them is there (generate.py keeps every image
 * already drawn, so an interrupted draw resumes). Returns the seconds spent drawing.
 */
export function ensureImages(split: Split, jobs = 2): number {
  if (existsSync(path.join(workDir, split, "manifest.jsonl"))) return 0;
  const t0 = Date.now();
  const plan = path.join(workDir, "font-plan.json");
  execFileSync(
    "nice",
    ["-n", "19", process.execPath, "--import", "tsx", path.join(here, "font-plan.ts"), "--out", plan],
    { stdio: "inherit", cwd: repoRoot },
  );
  execFileSync(
    "nice",
    [
      "-n",
      "19",
      "/usr/bin/python3",
      path.join(here, "generate.py"),
      "--split",
      split,
      "--plan",
      plan,
      "--out",
      workDir,
      "--jobs",
      String(jobs),
    ],
    { stdio: "inherit", cwd: repoRoot },
  );
  return Math.round((Date.now() - t0) / 1000);
}

/** The split's drawn records, and how many of its images have the bytes the committed manifest records. */
export function readSplit(split: Split): {
  records: IndependentRecord[];
  matchingCommitted: number;
  committed: number;
} {
  const records = readJsonl(path.join(workDir, split, "manifest.jsonl")).filter((r) => !r.skipped && r.image);
  const committedFile = path.join(here, `manifest-${split}.jsonl`);
  const committed = existsSync(committedFile) ? readJsonl(committedFile) : [];
  const sha = new Map(committed.map((r) => [r.id, r.sha256]));
  const matchingCommitted = records.filter((r) => r.sha256 && sha.get(r.id) === r.sha256).length;
  return { records, matchingCommitted, committed: committed.filter((r) => !r.skipped).length };
}

export const imageOf = (split: Split, r: IndependentRecord) => readFileSync(path.join(workDir, split, r.image!));

/** The text's ink box, as a Box. */
export const truthBox = (r: IndependentRecord): Box => ({ x: r.box![0], y: r.box![1], w: r.box![2], h: r.box![3] });

/** Intersection over union of two boxes. */
export function boxIou(a: Box, b: Box): number {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const inter = ix * iy;
  return inter / (a.w * a.h + b.w * b.h - inter);
}

/** The box a person would draw around the text: its ink box with a margin of a third of its height. */
export function boxAround(r: IndependentRecord) {
  const [x, y, w, h] = r.box!;
  const m = Math.round(h / 3);
  const [W, H] = r.frame!;
  const x0 = Math.max(0, x - m);
  const y0 = Math.max(0, y - m);
  return { x: x0, y: y0, w: Math.min(W, x + w + m) - x0, h: Math.min(H, y + h + m) - y0 };
}

/** Every record through the recognizer, two at a time per worker; frames also inside their box. */
export async function analyseSplit(recognizer: FontRecognizer, split: Split, records: IndependentRecord[]) {
  const rows: Row[] = new Array(records.length);
  let next = 0;
  const one = async (i: number) => {
    const r = records[i]!;
    const bytes = imageOf(split, r);
    const row: Row = {
      id: r.id,
      kind: r.kind,
      ...(r.family ? { family: r.family } : {}),
      ...(r.inLibrary !== undefined ? { inLibrary: r.inLibrary } : {}),
      ...(r.familyScript ? { familyScript: r.familyScript } : {}),
      ...(r.script ? { script: r.script } : {}),
      ...(r.digits ? { digits: r.digits } : {}),
      ...(r.sizePx ? { sizePx: r.sizePx } : {}),
      ...(r.coverage !== undefined ? { coverage: r.coverage } : {}),
    };
    try {
      const a = await recognizer.analyzeDetailed(bytes);
      Object.assign(row, {
        predicted: a.details.familyId,
        confidence: a.analysis.confidence,
        flagged: a.analysis.inLibrary === false,
        probability: a.details.top5[0]?.probability,
        closeness: a.details.closeness,
        scriptSeen: a.details.script,
        ...(a.details.gate ? { gate: a.details.gate } : {}),
        ...(a.details.rescued ? { rescued: true } : {}),
      });
    } catch (e) {
      row.error = (e as Error).name;
    }
    if (r.kind === "frame" && r.box) {
      try {
        const a = await recognizer.analyzeDetailed(bytes, boxAround(r));
        row.boxed = { predicted: a.details.familyId };
      } catch (e) {
        row.boxed = { error: (e as Error).name };
      }
    }
    rows[i] = row;
  };
  await Promise.all(
    Array.from({ length: recognizer.workers * 2 }, async () => {
      while (next < records.length) await one(next++);
    }),
  );
  return rows;
}
