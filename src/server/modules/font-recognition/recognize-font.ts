// The font recognizer the server uses: a pool of worker threads running the ONNX model, so analyses
// never block the event loop, with a bounded queue that refuses work instead of piling it up.
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { DetailedAnalysis } from "./analyze-image.ts";
import {
  FontRecognitionError,
  ImageDecodeError,
  ImageTooLargeError,
  InvalidBoxError,
  NoTextFoundError,
  RecognizerBusyError,
  RecognizerClosedError,
  TextUnreadableError,
  UnsupportedImageTypeError,
} from "./errors.ts";
import { defaultImageLimits, readImageHeader, sniffImageType, type ImageLimits } from "./image-input.ts";
import type { Box } from "./image-ops.ts";
import { projectPath } from "#server/lib/project-root.ts";
import type { SerializedError, WorkerInit, WorkerReply, WorkerRequest } from "./recognize-font-worker.ts";

export type { DetailedAnalysis } from "./analyze-image.ts";
export type { Box } from "./image-ops.ts";

export const defaultModelDir = projectPath("models/font-recognition");

export interface FontRecognizerOptions {
  /**
   * Folder with model.onnx, labels.json and library.json, and optionally text-gate.onnx +
   * text-gate.json (the no-text gate), open-set.json (the "not in our library" decision) and
   * text-detector.onnx + text-detector.json (finds the lines of an image sent without a box).
   */
  modelDir?: string;
  /** Most worker threads (default: 2, or 1 on one core); one starts at once, the rest under load. */
  workers?: number;
  /** Analyses that may wait for a free worker; one more is refused with RecognizerBusyError. */
  queueLimit?: number;
  limits?: ImageLimits;
}

export interface FontRecognizer {
  /** The spec's analysis object for the text in the image (or inside `box`, in image pixels). */
  analyze(imageBytes: Uint8Array, box?: Box): Promise<FontAnalysis>;
  /** The same, with the top five families, the Arabic style head and timings (for evaluation). */
  analyzeDetailed(imageBytes: Uint8Array, box?: Box): Promise<DetailedAnalysis>;
  close(): Promise<void>;
  readonly workers: number;
  /** Analyses that may wait for a worker, and how many wait now (monitoring). */
  readonly queueLimit: number;
  readonly queued: number;
}

interface Task {
  id: number;
  bytes: Uint8Array;
  box?: Box;
  resolve(r: DetailedAnalysis): void;
  reject(e: unknown): void;
}

interface Slot {
  worker: Worker;
  task?: Task;
}

const errorClasses: Record<string, (e: SerializedError) => Error> = {
  UnsupportedImageTypeError: (e) => new UnsupportedImageTypeError(e.message),
  ImageTooLargeError: (e) => new ImageTooLargeError(e.message, e.width ?? 0, e.height ?? 0, e.limit ?? "dimension"),
  ImageDecodeError: (e) => new ImageDecodeError(e.message),
  NoTextFoundError: (e) => new NoTextFoundError(e.message),
  TextUnreadableError: (e) => new TextUnreadableError(e.message),
  InvalidBoxError: (e) => new InvalidBoxError(e.message),
};

function revive(e: SerializedError): Error {
  const make = errorClasses[e.name];
  return make ? make(e) : new FontRecognitionError(`Font analysis failed: ${e.message}`);
}

function spawnWorker(init: WorkerInit): Worker {
  const here = fileURLToPath(import.meta.url);
  const ext = path.extname(here);
  const file = path.join(path.dirname(here), `recognize-font-worker${ext}`);
  if (ext === ".ts") {
    // Running from TypeScript sources: whether or not the process was started with tsx (vitest is
    // not), register tsx inside the worker before importing the worker module.
    const boot = `import("tsx/esm/api").then((m) => { m.register(); return import(${JSON.stringify(new URL(`file://${file}`).href)}); });`;
    return new Worker(boot, { eval: true, workerData: init });
  }
  return new Worker(file, { workerData: init });
}

export async function createFontRecognizer(options: FontRecognizerOptions = {}): Promise<FontRecognizer> {
  const modelDir = options.modelDir ?? defaultModelDir;
  const limits = options.limits ?? defaultImageLimits;
  // Each worker holds a V8 heap, ONNX Runtime and the font library (tens of MB, more once it has
  // analysed): two by default, not one per core, which on a 14-thread machine held most of the
  // server's memory. FONT_WORKERS raises it where analyses are the load.
  const size = Math.max(1, options.workers ?? Math.min(2, availableParallelism()));
  const queueLimit = Math.max(0, options.queueLimit ?? size * 4);
  const init: WorkerInit = { modelDir, limits };
  const queue: Task[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const dispatch = () => {
    for (const slot of slots) {
      if (slot.task || queue.length === 0) continue;
      const task = queue.shift()!;
      slot.task = task;
      const req: WorkerRequest = { id: task.id, bytes: task.bytes, ...(task.box ? { box: task.box } : {}) };
      slot.worker.postMessage(req);
    }
  };

  const start = (): Promise<Slot> =>
    new Promise((resolve, reject) => {
      const slot: Slot = { worker: spawnWorker(init) };
      let ready = false;
      slot.worker.on("message", (msg: WorkerReply) => {
        if (msg.type === "ready") {
          ready = true;
          resolve(slot);
        } else if (msg.type === "failed") {
          reject(new Error(`font model failed to load: ${msg.error.message}`));
        } else {
          const task = slot.task;
          slot.task = undefined;
          if (task && task.id === msg.id) {
            if (msg.ok) task.resolve(msg.result);
            else task.reject(revive(msg.error));
          }
          dispatch();
        }
      });
      const lost = (why: unknown) => {
        if (!ready) {
          reject(why instanceof Error ? why : new Error(String(why)));
          return;
        }
        const task = slot.task;
        slot.task = undefined;
        task?.reject(new FontRecognitionError("The font analysis worker stopped unexpectedly"));
        const i = slots.indexOf(slot);
        if (i >= 0) slots.splice(i, 1);
        // Replace a crashed worker so the pool keeps its size.
        if (!closed)
          start().then(
            (s) => (closed ? void s.worker.terminate() : (slots.push(s), dispatch())),
            () => undefined,
          );
      };
      slot.worker.on("error", lost);
      slot.worker.on("exit", (code) => {
        if (!closed) lost(new Error(`worker exited with code ${code}`));
      });
    });

  // One worker starts now, so a broken model fails here and the first analysis finds it warm; the
  // others start only when analyses queue up, so an idle site never pays for them.
  try {
    slots.push(await start());
  } catch (error) {
    closed = true;
    await Promise.all(slots.map((s) => s.worker.terminate()));
    throw error;
  }
  let starting = 0;
  const grow = () => {
    if (closed || queue.length === 0 || slots.length + starting >= size) return;
    starting++;
    start().then(
      (slot) => {
        starting--;
        if (closed) return void slot.worker.terminate();
        slots.push(slot);
        dispatch();
      },
      () => {
        starting--;
      },
    );
  };

  const analyzeDetailed = async (imageBytes: Uint8Array, box?: Box): Promise<DetailedAnalysis> => {
    if (closed) throw new RecognizerClosedError("The font recognizer is closed");
    // Cheap refusals happen here, before the image takes a place in the queue.
    if (!sniffImageType(imageBytes))
      throw new UnsupportedImageTypeError("Only PNG, JPEG and WebP images are supported");
    if (box && ![box.x, box.y, box.w, box.h].every(Number.isFinite))
      throw new InvalidBoxError("The selection box is not a set of numbers");
    await readImageHeader(imageBytes, limits);
    const busy = slots.every((s) => s.task);
    if (busy && queue.length >= queueLimit) throw new RecognizerBusyError(1);
    return new Promise<DetailedAnalysis>((resolve, reject) => {
      // A copy, so the caller's buffer is never detached or shared with the worker.
      queue.push({ id: nextId++, bytes: new Uint8Array(imageBytes), ...(box ? { box } : {}), resolve, reject });
      dispatch();
      grow();
    });
  };

  return {
    workers: size,
    queueLimit,
    get queued() {
      return queue.length;
    },
    analyzeDetailed,
    async analyze(imageBytes, box) {
      return (await analyzeDetailed(imageBytes, box)).analysis;
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const t of queue.splice(0)) t.reject(new RecognizerClosedError("The font recognizer is closed"));
      for (const s of slots) s.task?.reject(new RecognizerClosedError("The font recognizer is closed"));
      await Promise.all(slots.map((s) => s.worker.terminate()));
      slots.length = 0;
    },
  };
}
