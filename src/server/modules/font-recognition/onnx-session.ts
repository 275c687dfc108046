// How a font-analysis worker opens an ONNX model: the pool supplies the parallelism, so each session
// runs on one thread, and the scripts that time or measure a model open it the same way.
import { InferenceSession } from "onnxruntime-node";

export function openWorkerSession(file: string): Promise<InferenceSession> {
  return InferenceSession.create(file, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: "sequential",
    graphOptimizationLevel: "all",
  });
}
