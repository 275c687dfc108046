// Times the recognizer on 2-megapixel photos: one analysis at a time, then many in flight.
import { loadavg } from "node:os";
import type { FontRecognizer } from "#server/modules/font-recognition/recognize-font.ts";
import { quantile } from "./eval-scoring.ts";

export interface Latency {
  runs: number;
  p50: number;
  p95: number;
  workers: number;
  /** The machine's 1-minute load average when the timed runs started. */
  loadAverage1m: number;
}

export interface Sustained {
  analysesPerSecond: number;
  requests: number;
  concurrency: number;
}

/** Milliseconds per analysis over `runs` sequential analyses, after a warm-up of three. */
export async function measureLatency(recognizer: FontRecognizer, photos: Buffer[], runs = 40): Promise<Latency> {
  for (const p of photos.slice(0, 3)) await recognizer.analyze(p).catch(() => undefined);
  const loadAverage1m = Math.round(loadavg()[0]! * 10) / 10;
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await recognizer.analyze(photos[i % photos.length]!).catch(() => undefined);
    latencies.push(performance.now() - t);
  }
  return {
    runs: latencies.length,
    p50: Math.round(quantile(latencies, 0.5)),
    p95: Math.round(quantile(latencies, 0.95)),
    workers: recognizer.workers,
    loadAverage1m,
  };
}

/** Analyses per second with two requests in flight per worker. */
export async function measureSustained(
  recognizer: FontRecognizer,
  photos: Buffer[],
  requests = 60,
): Promise<Sustained> {
  const concurrency = recognizer.workers * 2;
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        await recognizer.analyze(photos[i % photos.length]!).catch(() => undefined);
      }
    }),
  );
  const perSecond = requests / ((performance.now() - t0) / 1000);
  return { analysesPerSecond: Math.round(perSecond * 10) / 10, requests, concurrency };
}
