// Where the in-library lines of an independent split are lost (issue 38): for each image of a kind
// (line, short, digits, frame), the whole tool without a box (as `npm run font:eval` reads it), the
// same image inside the box a person would draw around the text (the layout and the font model alone,
// no detector), and the font model's answer through the detector when it found the text. A
// diagnosis, on the calibration split by default: it fits nothing and reports nothing as a target.
//   node --import tsx ml/font-recognition/independent/diagnose.ts [--split calibrate] [--model-dir DIR]
//     [--kinds short,digits,line,frame] [--out FILE]
// Prints a table by kind and background class, and writes every image's readings to --out
// (default work/independent/diagnose-<split>.json).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createFontRecognizer, defaultModelDir } from "#server/modules/font-recognition/recognize-font.ts";
import { boxAround, boxIou, ensureImages, imageOf, readSplit, truthBox, workDir, type Split } from "./sets.ts";

const { values } = parseArgs({
  options: {
    split: { type: "string", default: "calibrate" },
    "model-dir": { type: "string" },
    kinds: { type: "string", default: "short,digits,line,frame" },
    out: { type: "string" },
  },
});
const split = values.split as Split;
const kinds = new Set(values.kinds.split(","));
ensureImages(split);
const records = readSplit(split).records.filter((r) => kinds.has(r.kind) && r.inLibrary && r.box);
const recognizer = await createFontRecognizer({
  modelDir: values["model-dir"] ? path.resolve(values["model-dir"]) : defaultModelDir,
  queueLimit: 10_000,
});

interface Reading {
  predicted?: string;
  error?: string;
  /** Which of the answer's lines overlaps the text, intersection over union >= 0.5 (-1: none of them). */
  textLine?: number;
  lines?: number;
}
/** Answered on something other than the text: its first (answered) line is not the text's. */
const offText = (x: Reading) => !!x.lines && x.textLine !== 0;
const read = async (bytes: Buffer, r: (typeof records)[number], boxed: boolean): Promise<Reading> => {
  try {
    const a = await recognizer.analyzeDetailed(bytes, boxed ? boxAround(r) : undefined);
    const lines = a.analysis.lines ?? [];
    const truth = truthBox(r);
    return {
      predicted: a.details.familyId,
      lines: lines.length,
      textLine: lines.findIndex(
        (l) => boxIou(truth, { x: l.box.x, y: l.box.y, w: l.box.width, h: l.box.height }) >= 0.5,
      ),
    };
  } catch (e) {
    return { error: (e as Error).name };
  }
};

const rows: { id: string; kind: string; background: string; family: string; plain: Reading; boxed: Reading }[] = [];
try {
  let next = 0;
  await Promise.all(
    Array.from({ length: recognizer.workers * 2 }, async () => {
      while (next < records.length) {
        const r = records[next++]!;
        const bytes = imageOf(split, r);
        const background = String((r as { background?: string }).background ?? "?").split(":")[0]!;
        rows.push({
          id: r.id,
          kind: r.kind,
          background,
          family: r.family!,
          plain: await read(bytes, r, false),
          boxed: await read(bytes, r, true),
        });
      }
    }),
  );
} finally {
  await recognizer.close();
}

const pct = (k: number, n: number) => (n ? `${((100 * k) / n).toFixed(1)}%` : "-");
const table: string[] = [
  "| kind | background | n | no box: right | no box: refused | no box: answered off the text | of which the text is another line | in the box: right | no box right where the box is right |",
  "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
];
const groups = new Map<string, typeof rows>();
for (const r of rows) {
  for (const key of [`${r.kind}|all`, `${r.kind}|${r.background}`]) {
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
}
for (const [key, g] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
  const [kind, background] = key.split("|");
  const right = (x: Reading, r: (typeof rows)[number]) => x.predicted === r.family;
  const boxedRight = g.filter((r) => right(r.boxed, r));
  table.push(
    `| ${kind} | ${background} | ${g.length} | ${pct(g.filter((r) => right(r.plain, r)).length, g.length)} | ${pct(
      g.filter((r) => r.plain.error).length,
      g.length,
    )} | ${pct(g.filter((r) => offText(r.plain)).length, g.length)} | ${pct(
      g.filter((r) => offText(r.plain) && (r.plain.textLine ?? -1) > 0).length,
      g.filter((r) => offText(r.plain)).length,
    )} | ${pct(boxedRight.length, g.length)} | ${pct(
      boxedRight.filter((r) => right(r.plain, r)).length,
      boxedRight.length,
    )} |`,
  );
}
console.log(table.join("\n"));
const out = values.out ?? path.join(workDir, `diagnose-${split}.json`);
writeFileSync(out, JSON.stringify(rows));
console.log(`wrote ${out}`);
