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
import { caught, fitRestate, mixedEceOf, restatedConfidence, UPLOAD_KINDS, type Row } from "./stats.ts";

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

/** The held-out ECE and out-of-library share not confidently named, each answer stated at `stated`. */
const report = (label: string, stated: (r: Row) => number) => {
  const ece = mixedEceOf(inLib, outLib, stated);
  const notNamed = (script: string) => {
    const xs = outLib.filter((r) => r.scriptSeen === script);
    return ((100 * xs.filter((r) => caught({ ...r, confidence: stated(r) })).length) / Math.max(1, xs.length)).toFixed(
      1,
    );
  };
  console.log(
    `${label.padEnd(34)} ECE ${ece.toFixed(3)}  not confidently named: Arabic ${notNamed("arabic")}%, Latin ${notNamed("latin")}%`,
  );
};

console.log(`${inLib.length} in-library and ${outLib.length} out-of-library answers, ${FOLDS} folds by family`);
report("as stated", (r) => r.confidence!);
for (const block of values.blocks!.split(",").map(Number)) {
  // Each answer restated by the map fitted on the other four folds.
  const maps = Array.from({ length: FOLDS }, (_, k) => {
    const other = (r: Row) => foldOf(r.family!) !== k;
    return fitRestate(inLib.filter(other), outLib.filter(other), block);
  });
  report(`restated, block ${block} (held out)`, (r) => restatedConfidence(r, maps[foldOf(r.family!)]!));
}
