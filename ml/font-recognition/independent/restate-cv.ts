// How well the restating map (open-set.json `restate`, calibrate.ts --restate) carries to fonts it was
// not fitted on, judged on the CALIBRATION split alone: its answers (an outcomes file written by
// `npm run font:eval -- --split calibrate --label L`) are split into five folds by family, the map is
// fitted on four and read on the fifth, for each smallest block weight given. It prints the mixed ECE
// (in- and out-of-library weighing half) and the out-of-library answers not confidently named, as
// stated and restated. Session 27 chose the block weight (0.05) here, before the measuring split.
//   node --import tsx ml/font-recognition/independent/restate-cv.ts \
//     ml/font-recognition/work/independent/outcomes-calibrate-L.json [--blocks 0.02,0.05,0.1]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { applyConfidenceMap, fitConfidenceMap } from "#server/modules/font-recognition/confidence-map.ts";
import { mixedEce, right, UPLOAD_KINDS, type Row } from "./stats.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { blocks: { type: "string", default: "0.02,0.05,0.1" } },
});
if (positionals.length !== 1) throw new Error("usage: restate-cv.ts <outcomes-calibrate-*.json> [--blocks …]");
const rows = JSON.parse(readFileSync(positionals[0]!, "utf8")) as Row[];
const FOLDS = 5;
const foldOf = (family: string) => {
  let h = 2166136261;
  for (const c of family) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) % FOLDS;
};
const inLib = rows.filter((r) => UPLOAD_KINDS.includes(r.kind) && r.inLibrary && !r.error);
const outLib = rows.filter((r) => r.kind === "ool" && !r.error);

type Stated = { row: Row; confidence: number };
const report = (label: string, a: Stated[], b: Stated[]) => {
  const ece = mixedEce(
    a.map((s) => ({ confidence: s.confidence, correct: right(s.row) })),
    b.map((s) => ({ confidence: s.confidence, correct: false })),
  );
  const caught = (script: string) => {
    const xs = b.filter((s) => s.row.scriptSeen === script);
    return ((100 * xs.filter((s) => s.row.flagged || s.confidence < 0.5).length) / Math.max(1, xs.length)).toFixed(1);
  };
  console.log(
    `${label.padEnd(34)} ECE ${ece.toFixed(3)}  not confidently named: Arabic ${caught("arabic")}%, Latin ${caught("latin")}%`,
  );
};

console.log(`${inLib.length} in-library and ${outLib.length} out-of-library answers, ${FOLDS} folds by family`);
const asStated = (r: Row): Stated => ({ row: r, confidence: r.confidence! });
report("as stated", inLib.map(asStated), outLib.map(asStated));
for (const block of values.blocks!.split(",").map(Number)) {
  const a: Stated[] = [];
  const b: Stated[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const fitIn = inLib.filter((r) => foldOf(r.family!) !== k && !r.flagged);
    const fitOut = outLib.filter((r) => foldOf(r.family!) !== k && !r.flagged);
    const map = fitConfidenceMap(
      [
        ...fitIn.map((r) => ({ probability: r.confidence!, right: right(r), weight: 0.5 / fitIn.length })),
        ...fitOut.map((r) => ({ probability: r.confidence!, right: false, weight: 0.5 / fitOut.length })),
      ],
      block,
    );
    const restate = (r: Row): Stated => ({
      row: r,
      confidence: r.flagged ? r.confidence! : applyConfidenceMap(r.confidence!, map),
    });
    a.push(...inLib.filter((r) => foldOf(r.family!) === k).map(restate));
    b.push(...outLib.filter((r) => foldOf(r.family!) === k).map(restate));
  }
  report(`restated, block ${block} (held out)`, a, b);
}
