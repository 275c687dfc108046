// Times the text detector at 2 MP (1920x1088, the size detect-text-lines.ts runs a 1920x1080 upload
// at) on one core, as the server's workers run it: median and p95 over --runs runs after a warm-up.
//   node --import tsx ml/font-recognition/detector/time-detector.ts [--model models/font-recognition/text-detector.onnx] [--runs 30]
import { loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Tensor } from "onnxruntime-node";
import { openWorkerSession } from "#server/modules/font-recognition/onnx-session.ts";
import { repoRoot } from "../render-sample.ts";

const { values } = parseArgs({
  options: {
    model: { type: "string", default: path.join(repoRoot, "models/font-recognition/text-detector.onnx") },
    runs: { type: "string", default: "30" },
    width: { type: "string", default: "1920" },
    height: { type: "string", default: "1088" },
  },
});

const session = await openWorkerSession(values.model!);
const w = Number(values.width);
const h = Number(values.height);
const input = new Float32Array(w * h);
for (let i = 0; i < input.length; i++) input[i] = ((i * 2654435761) >>> 24) / 255;
const feeds = { [session.inputNames[0]!]: new Tensor("float32", input, [1, 1, h, w]) };
await session.run(feeds);
const times: number[] = [];
const loadBefore = loadavg()[0]!;
for (let i = 0; i < Number(values.runs); i++) {
  const t0 = performance.now();
  await session.run(feeds);
  times.push(performance.now() - t0);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
console.log(
  JSON.stringify({
    model: path.relative(repoRoot, values.model!),
    size: `${w}x${h}`,
    runs: times.length,
    medianMs: Math.round(q(0.5)),
    p95Ms: Math.round(q(0.95)),
    load1: [loadBefore, loadavg()[0]!].map((v) => Math.round(v * 100) / 100),
  }),
);
