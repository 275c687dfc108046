/**
 * `npm run bench:font`: the font route's speed on this machine (issue 4's targets). Builds the app
 * in-process, listens on a free local port, and sends a 2-megapixel photo-like JPEG through real
 * HTTP: first one at a time (p50/p95 latency), then with concurrency for a while (sustained
 * requests per second). Each request comes from its own address (X-Forwarded-For with a trusted
 * proxy) so the per-address rate limit measures nothing here.
 *
 *   npm run bench:font -- [--runs 40] [--concurrency 4] [--seconds 15]
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { makeRng } from "../ml/font-recognition/text-corpus.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "40" },
    concurrency: { type: "string", default: String(Math.max(2, availableParallelism() * 2)) },
    seconds: { type: "string", default: "15" },
  },
});
const runs = Number(values.runs);
const concurrency = Number(values.concurrency);
const seconds = Number(values.seconds);

/** About 2 megapixels: a lit, textured surface with a sign's two lines, slightly rotated, as JPEG. */
function photoLikeImage(): Buffer {
  const width = 1732;
  const height = 1155;
  // Deterministic noise so every run measures the same image.
  const random = makeRng(4);
  GlobalFonts.registerFromPath(
    new URL("../node_modules/@fontsource/cairo/files/cairo-arabic-700-normal.woff2", import.meta.url).pathname,
    "bench-cairo",
  );
  GlobalFonts.registerFromPath(
    new URL("../node_modules/@fontsource/lora/files/lora-latin-400-normal.woff2", import.meta.url).pathname,
    "bench-lora",
  );
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  const light = ctx.createRadialGradient(width * 0.3, height * 0.2, 50, width * 0.5, height * 0.5, width * 0.9);
  light.addColorStop(0, "#efe6d6");
  light.addColorStop(1, "#9c8f7a");
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, width, height);
  for (let i = 0; i < 400; i++) {
    ctx.globalAlpha = 0.05 + random() * 0.08;
    ctx.fillStyle = random() < 0.5 ? "#6b5a44" : "#fff8ec";
    ctx.beginPath();
    ctx.ellipse(
      random() * width,
      random() * height,
      4 + random() * 60,
      2 + random() * 20,
      random() * Math.PI,
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  ctx.translate(width / 2, height / 2);
  ctx.rotate((-2.5 * Math.PI) / 180);
  ctx.fillStyle = "#2a2118";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.direction = "rtl";
  ctx.font = '150px "bench-cairo"';
  ctx.fillText("قهوة الديرة", 0, -140);
  ctx.direction = "ltr";
  ctx.font = '96px "bench-lora"';
  ctx.fillText("Old Town Coffee House", 0, 130);
  return canvas.toBuffer("image/jpeg", 85);
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
let clientCounter = 0;
const nextClient = () => {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
};

const app = await buildApp(
  loadConfig({
    ...process.env,
    NODE_ENV: "production",
    PAYMENT_GATEWAY: "sandbox",
    LOG_LEVEL: "warn",
    DATA_DIR: "memory://",
    TRUST_PROXY: "true",
  }),
);
const address = await app.listen({ host: "127.0.0.1", port: 0 });
const image = photoLikeImage();
const body = JSON.stringify({ image: `data:image/jpeg;base64,${image.toString("base64")}` });
const url = `${address}/api/analyze-font`;

async function once(): Promise<{ status: number; ms: number; family?: string }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextClient() },
    body,
  });
  const json = (await response.json()) as { fontFamily?: string };
  return {
    status: response.status,
    ms: performance.now() - started,
    ...(json.fontFamily ? { family: json.fontFamily } : {}),
  };
}

try {
  const loadStarted = performance.now();
  await app.fontRecognizer.warmUp();
  const loadMs = performance.now() - loadStarted;
  console.log(`image: ${image.length} bytes JPEG, 1732x1155 (2.0 MP); model loaded in ${loadMs.toFixed(0)} ms`);
  for (let i = 0; i < 3; i++) {
    const warm = await once();
    if (warm.status !== 200) throw new Error(`warm-up request answered ${warm.status}`);
    if (i === 0) console.log(`answer: ${warm.family}`);
  }

  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await once();
    if (r.status !== 200) throw new Error(`request answered ${r.status}`);
    latencies.push(r.ms);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `latency, one at a time (${runs} requests): p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms`,
  );

  const statuses = new Map<number, number>();
  const underLoad: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const r = await once();
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status === 200) underLoad.push(r.ms);
        else await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  underLoad.sort((a, b) => a - b);
  const ok = statuses.get(200) ?? 0;
  console.log(
    `sustained, ${concurrency} concurrent clients for ${elapsed.toFixed(1)} s: ${(ok / elapsed).toFixed(1)} analyses/s` +
      ` (statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(", ")}),` +
      ` latency under load p50 ${underLoad.length ? percentile(underLoad, 0.5).toFixed(0) : "-"} ms, p95 ${underLoad.length ? percentile(underLoad, 0.95).toFixed(0) : "-"} ms`,
  );
} finally {
  await app.close();
}
