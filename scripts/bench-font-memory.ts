/**
 * `npm run bench:font-memory`: what the largest accepted images cost. Builds the app in-process and
 * sends `--concurrency` analyses of one PNG of `--width` x `--height` pixels (white, with a line of
 * text) at once through the route, each from its own address, sampling the process's resident
 * memory (worker threads included) every 20 ms. Prints the answers' statuses, the peak memory over
 * the baseline, and the time taken. `--loaded` warms the model up first, so its load is not counted.
 *
 *   [FONT_QUEUE_LIMIT=30] npm run bench:font-memory -- [--width 4000] [--height 4000] [--concurrency 30]
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { createCanvas } from "@napi-rs/canvas";
import sharp from "sharp";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { studio } from "#content/studio.ts";

const { values } = parseArgs({
  options: {
    width: { type: "string", default: "4000" },
    height: { type: "string", default: "4000" },
    concurrency: { type: "string", default: "30" },
  },
});
const width = Number(values.width);
const height = Number(values.height);
const concurrency = Number(values.concurrency);

async function largePng(): Promise<Buffer> {
  const canvas = createCanvas(1600, 220);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#111111";
  context.font = "bold 140px serif";
  context.fillText(studio.name.en, 40, 170);
  // The line spans most of the width, so that the layout finds it at any size.
  const lineWidth = Math.floor(width * 0.7);
  const text = await sharp(await canvas.encode("png"))
    .resize({ width: lineWidth })
    .toBuffer();
  const lineHeight = Math.round((220 * lineWidth) / 1600);
  return sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
    .composite([{ input: text, left: Math.floor((width - lineWidth) / 2), top: Math.floor((height - lineHeight) / 2) }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

// FONT_WORKERS and FONT_QUEUE_LIMIT from the environment, e.g. a queue of 30 to analyse them all.
const workerSettings = Object.fromEntries(
  ["FONT_WORKERS", "FONT_QUEUE_LIMIT"].flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])),
);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const png = await largePng();
console.log(
  `image: ${width} x ${height} = ${((width * height) / 1e6).toFixed(1)} MP, ${Math.round(png.length / 1024)} KB PNG`,
);
const app = await buildApp(
  loadConfig({
    NODE_ENV: "production",
    PAYMENT_GATEWAY: "sandbox",
    LOG_LEVEL: "warn",
    DATA_DIR: "memory://",
    TRUST_PROXY: "1",
    STATIC_DIR: "/nonexistent",
    ...workerSettings,
  }),
);
await app.ready();
await app.fontRecognizer.warmUp();
const payload = JSON.stringify({ image: `data:image/png;base64,${png.toString("base64")}` });

global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const started = performance.now();
const statuses = await Promise.all(
  Array.from({ length: concurrency }, async (_, i) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/analyze-font",
      payload,
      headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${i >> 8}.${i & 255}` },
    });
    return response.statusCode === 200 ? "200" : `${response.statusCode} ${response.json().error.code}`;
  }),
);
const elapsed = performance.now() - started;
clearInterval(sampler);
const counts: Record<string, number> = {};
for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
console.log(`answers: ${JSON.stringify(counts)}`);
console.log(
  `resident memory: baseline ${mb(baseline)}, peak ${mb(peak)} (+${mb(peak - baseline)}), in ${Math.round(elapsed)} ms`,
);
console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
await app.close();
