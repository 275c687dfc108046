// A worker thread of the recognizer pool: loads the model once, then analyses images one at a time.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { openWorkerSession } from "./onnx-session.ts";
import { analyzeImage, type LoadedModel } from "./analyze-image.ts";
import { loadFontLibrary } from "./font-library.ts";
import type { ImageLimits } from "./image-input.ts";
import type { ModelLabels, OpenSetConfig } from "./interpret-outputs.ts";
import type { GateConfig } from "./text-gate.ts";
import type { DetectorConfig } from "./detect-text-lines.ts";
import type { Box } from "./image-ops.ts";

export interface WorkerInit {
  modelDir: string;
  limits: ImageLimits;
}
export type WorkerRequest = { id: number; bytes: Uint8Array; box?: Box };
export type SerializedError = {
  name: string;
  message: string;
  width?: number;
  height?: number;
  limit?: "dimension" | "pixels";
};
export type WorkerReply =
  | { type: "ready" }
  | { type: "failed"; error: SerializedError }
  | { type: "result"; id: number; ok: true; result: Awaited<ReturnType<typeof analyzeImage>> }
  | { type: "result"; id: number; ok: false; error: SerializedError };

const port = parentPort!;
const init = workerData as WorkerInit;

function serialize(error: unknown): SerializedError {
  if (error instanceof Error) {
    const e = error as Error & { width?: number; height?: number; limit?: "dimension" | "pixels" };
    return {
      name: e.name,
      message: e.message,
      ...(e.width !== undefined ? { width: e.width, height: e.height!, ...(e.limit ? { limit: e.limit } : {}) } : {}),
    };
  }
  return { name: "Error", message: String(error) };
}

async function load(): Promise<LoadedModel> {
  // Each image is decoded once: libvips's operation cache would only keep large bitmaps alive.
  (await import("sharp")).default.cache(false);
  const file = (name: string) => path.join(init.modelDir, name);
  // The pool supplies the parallelism: one thread per worker keeps the cores from being oversubscribed.
  const open = (name: string) => openWorkerSession(file(name));
  /** An optional model and its JSON settings, when its file is in the folder. */
  const optional = async <Config>(name: string) =>
    existsSync(file(`${name}.onnx`))
      ? {
          session: await open(`${name}.onnx`),
          config: JSON.parse(readFileSync(file(`${name}.json`), "utf8")) as Config,
        }
      : undefined;
  const session = await open("model.onnx");
  const labels = JSON.parse(readFileSync(file("labels.json"), "utf8")) as ModelLabels;
  const library = loadFontLibrary(file("library.json"));
  const gate = await optional<GateConfig>("text-gate");
  // The text detector is optional too: without it an image without a box is read as a whole.
  const detector = await optional<DetectorConfig>("text-detector");
  const openSet = existsSync(file("open-set.json"))
    ? (JSON.parse(readFileSync(file("open-set.json"), "utf8")) as OpenSetConfig)
    : undefined;
  return {
    session,
    labels,
    library,
    ...(gate ? { gate } : {}),
    ...(openSet ? { openSet } : {}),
    ...(detector ? { detector } : {}),
  };
}

try {
  const model = await load();
  port.on("message", async (req: WorkerRequest) => {
    try {
      const result = await analyzeImage(model, req.bytes, req.box, init.limits);
      port.postMessage({ type: "result", id: req.id, ok: true, result } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ type: "result", id: req.id, ok: false, error: serialize(error) } satisfies WorkerReply);
    }
  });
  port.postMessage({ type: "ready" } satisfies WorkerReply);
} catch (error) {
  port.postMessage({ type: "failed", error: serialize(error) } satisfies WorkerReply);
}
