// Reads the project's own photographs (media/*.jpg) through a model folder, as the server reads an
// upload without a box, and prints each answer with the gate's scores of the lines it found. Every
// photograph here is text-free, so every answer but "no text found" is a false one. A candidate gate
// is read here before the independent measuring split (session 26: a gate that the independent sets
// judged better named a font on media/nawat-side.jpg, the photograph the API test sends).
//   node --import tsx ml/font-recognition/check-photos.ts [--model-dir DIR] [--all]
// Without --all, only the photographs the gate never trains on (GATE_EVAL_PHOTOS); with it, the
// training ones too (marked "train"). Exits 1 when an evaluation photograph is answered with a font.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { createFontRecognizer, defaultModelDir } from "#server/modules/font-recognition/recognize-font.ts";
import { GATE_EVAL_PHOTOS, GATE_TRAIN_PHOTOS } from "./gate-data.ts";
import { repoRoot } from "./render-sample.ts";

const { values } = parseArgs({
  options: {
    "model-dir": { type: "string", default: defaultModelDir },
    all: { type: "boolean", default: false },
  },
});

const photos = [
  ...GATE_EVAL_PHOTOS.map((file) => ({ file, set: "eval" })),
  ...(values.all ? GATE_TRAIN_PHOTOS.map((file) => ({ file, set: "train" })) : []),
];
const recognizer = await createFontRecognizer({ modelDir: values["model-dir"]!, queueLimit: 100 });
let named = 0;
try {
  for (const { file, set } of photos) {
    const bytes = new Uint8Array(await readFile(path.join(repoRoot, "media", file)));
    let answer: string;
    let gate = "";
    try {
      const r = await recognizer.analyzeDetailed(bytes);
      answer = `named ${r.analysis.fontFamily} (${r.analysis.confidence.toFixed(2)})${r.details.rescued ? ", second look" : ""}`;
      gate = (r.details.gate ?? []).map((s) => s.none.toFixed(3)).join(" ");
      if (set === "eval") named++;
    } catch (e) {
      answer = (e as Error).name;
    }
    console.log(`${set.padEnd(5)} ${file.padEnd(26)} ${answer}${gate ? `  P(none) by line: ${gate}` : ""}`);
  }
} finally {
  await recognizer.close();
}
console.log(`${named} of ${GATE_EVAL_PHOTOS.length} evaluation photographs named a font`);
process.exitCode = named ? 1 : 0;
