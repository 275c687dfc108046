import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { FontAnalysisBox } from "#shared/schemas/analyze-font-request.ts";

/** What the routes use: the model, created on first use or warmed up in the background. */
export type FontRecognizerService = {
  analyze(imageBytes: Buffer, box?: FontAnalysisBox): Promise<FontAnalysis>;
  /** Starts loading the model now (if not yet) and resolves when it is ready. */
  warmUp(): Promise<void>;
  readonly state: "idle" | "loading" | "ready" | "failed" | "closed";
  /**
   * Analyses waiting for a worker and the most that may wait, and those waiting or running here;
   * undefined until the model has loaded (monitoring).
   */
  queue(): { waiting: number; limit: number; inFlight: number } | undefined;
};

/**
 * Told each analysis's time (its wait for a worker included) and how it ended: `busy` refused
 * with the queue full, `refused` the image (no text, unreadable, too large…), `error` anything else.
 */
export type FontAnalysisObserver = (seconds: number, outcome: "ok" | "busy" | "refused" | "error") => void;

/** The model could not be loaded (missing files, a broken runtime): the route answers 503. */
export class FontModelUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The font recognition model could not be loaded", { cause });
    this.name = "FontModelUnavailableError";
  }
}
