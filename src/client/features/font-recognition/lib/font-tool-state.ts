import type { FontAnalysisBox } from "#shared/schemas/analyze-font-request.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { ImageFileProblem, LoadedImage } from "./read-image-file.ts";

/**
 * The font tool's state machine (spec §4): no image -> image loaded -> analysing -> result.
 * A new image or Clear starts over; an answer for an older image never arrives here (the hook
 * drops it), so every state below is one the visitor can see.
 */
type Problem = { problem: ImageFileProblem | null };
type WithImage = Problem & { image: LoadedImage; box: FontAnalysisBox | null };

export type FontToolState =
  | ({ phase: "empty" } & Problem)
  | ({ phase: "ready" } & WithImage)
  | ({ phase: "analyzing" } & WithImage)
  /** `line`: the line of the result whose analysis is shown (its index in result.lines; 0, the most prominent, first). */
  | ({ phase: "done"; result: FontAnalysis; line: number } & WithImage);

export type FontToolAction =
  /** A file the page refused (not an image, too large): what is shown stays. */
  | { type: "refused"; problem: ImageFileProblem }
  /** A checked file was read: it replaces the image, the box and the result. */
  | { type: "loaded"; image: LoadedImage }
  /** A checked file could not be decoded. */
  | { type: "unreadable" }
  | { type: "box"; box: FontAnalysisBox | null }
  | { type: "analyze" }
  | { type: "succeeded"; result: FontAnalysis }
  /** The visitor picked a line of the result, on the image or in the list. */
  | { type: "pickLine"; line: number }
  | { type: "failed" }
  | { type: "clear" };

export const initialFontTool: FontToolState = { phase: "empty", problem: null };

export function fontToolReducer(state: FontToolState, action: FontToolAction): FontToolState {
  switch (action.type) {
    case "refused":
      return { ...state, problem: action.problem };
    case "loaded":
      return { phase: "ready", image: action.image, box: null, problem: null };
    case "unreadable":
      return { phase: "empty", problem: { kind: "unreadable" } };
    case "box":
      // Drawn on a loaded image; it cannot change while that image is being analysed.
      return state.phase === "ready" || state.phase === "done" ? { ...state, box: action.box } : state;
    case "analyze":
      return state.phase === "ready" || state.phase === "done"
        ? { phase: "analyzing", image: state.image, box: state.box, problem: state.problem }
        : state;
    case "succeeded":
      return state.phase === "analyzing" ? { ...state, phase: "done", result: action.result, line: 0 } : state;
    case "pickLine":
      return state.phase === "done" && Number.isInteger(action.line) && state.result.lines[action.line]
        ? { ...state, line: action.line }
        : state;
    case "failed":
      return state.phase === "analyzing" ? { ...state, phase: "ready" } : state;
    case "clear":
      return initialFontTool;
  }
}

export const imageOf = (state: FontToolState): LoadedImage | null => (state.phase === "empty" ? null : state.image);
export const boxOf = (state: FontToolState): FontAnalysisBox | null => (state.phase === "empty" ? null : state.box);
export const resultOf = (state: FontToolState): FontAnalysis | null => (state.phase === "done" ? state.result : null);
export const lineOf = (state: FontToolState): number => (state.phase === "done" ? state.line : 0);
