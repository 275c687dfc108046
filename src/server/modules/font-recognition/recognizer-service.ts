import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { FontAnalysisBox } from "#shared/schemas/analyze-font-request.ts";

/** What the routes use: the model, created on first use or warmed up in the background. */
export type FontRecognizerService = {
  analyze(imageBytes: Buffer, box?: FontAnalysisBox): Promise<FontAnalysis>;
  /** Starts loading the model now (if not yet) and resolves when it is ready. */
  warmUp(): Promise<void>;
  readonly state: "idle" | "loading" | "ready" | "failed" | "closed";
};

/** The model could not be loaded (missing files, a broken runtime): the route answers 503. */
export class FontModelUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The font recognition model could not be loaded", { cause });
    this.name = "FontModelUnavailableError";
  }
}
