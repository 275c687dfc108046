import { describe, expect, it } from "vitest";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import {
  fontToolReducer,
  initialFontTool,
  lineOf,
  resultOf,
  type FontToolAction,
  type FontToolState,
} from "./font-tool-state.ts";
import type { LoadedImage } from "./read-image-file.ts";

const image = (name: string): LoadedImage => ({
  name,
  bytes: 10,
  dataUrl: "data:image/png;base64,AA==",
  width: 40,
  height: 20,
});
const analysis = {
  fontFamily: "Amiri",
  fontFamilyAr: "الأميري",
  confidence: 0.9,
  inLibrary: true,
  characteristics: [],
  characteristicsAr: [],
  similarFonts: [],
  lines: [],
} satisfies FontAnalysis;
const run = (...actions: FontToolAction[]): FontToolState => actions.reduce(fontToolReducer, initialFontTool);

describe("the font tool's state machine", () => {
  it("goes no image -> image loaded -> analysing -> result", () => {
    expect(initialFontTool.phase).toBe("empty");
    expect(run({ type: "loaded", image: image("a") }).phase).toBe("ready");
    expect(run({ type: "loaded", image: image("a") }, { type: "analyze" }).phase).toBe("analyzing");
    const done = run(
      { type: "loaded", image: image("a") },
      { type: "analyze" },
      { type: "succeeded", result: analysis },
    );
    expect(done.phase).toBe("done");
    expect(resultOf(done)).toBe(analysis);
  });

  it("cannot analyse without an image, and an answer outside an analysis is ignored", () => {
    expect(run({ type: "analyze" })).toEqual(initialFontTool);
    expect(run({ type: "loaded", image: image("a") }, { type: "succeeded", result: analysis }).phase).toBe("ready");
  });

  it("a new image clears the previous result and box", () => {
    const state = run(
      { type: "loaded", image: image("a") },
      { type: "box", box: { x: 1, y: 1, w: 10, h: 10 } },
      { type: "analyze" },
      { type: "succeeded", result: analysis },
      { type: "loaded", image: image("b") },
    );
    expect(state).toEqual({ phase: "ready", image: image("b"), box: null, problem: null });
  });

  it("a failed analysis returns to the loaded image; Clear empties everything", () => {
    expect(run({ type: "loaded", image: image("a") }, { type: "analyze" }, { type: "failed" }).phase).toBe("ready");
    expect(
      run({ type: "loaded", image: image("a") }, { type: "refused", problem: { kind: "notImage" } }, { type: "clear" }),
    ).toEqual(initialFontTool);
  });

  it("a refused file keeps what is shown and reports the problem; an unreadable one drops the image", () => {
    const refused = run({ type: "loaded", image: image("a") }, { type: "refused", problem: { kind: "notImage" } });
    expect(refused).toMatchObject({ phase: "ready", image: image("a"), problem: { kind: "notImage" } });
    expect(run({ type: "loaded", image: image("a") }, { type: "unreadable" })).toEqual({
      phase: "empty",
      problem: { kind: "unreadable" },
    });
  });

  it("the box cannot change while the image is being analysed", () => {
    const state = run(
      { type: "loaded", image: image("a") },
      { type: "analyze" },
      { type: "box", box: { x: 0, y: 0, w: 9, h: 9 } },
    );
    expect(state).toMatchObject({ phase: "analyzing", box: null });
  });

  it("shows the most prominent line first, then the line the visitor picks, and only a line that exists", () => {
    const line = { ...analysis, script: "arabic" as const, box: { x: 0, y: 0, width: 10, height: 5 } };
    const twoLines = { ...analysis, lines: [line, { ...line, script: "latin" as const }] };
    const done = run(
      { type: "loaded", image: image("a") },
      { type: "analyze" },
      { type: "succeeded", result: twoLines },
    );
    expect(lineOf(done)).toBe(0);
    expect(lineOf(fontToolReducer(done, { type: "pickLine", line: 1 }))).toBe(1);
    for (const missing of [2, -1, 0.5]) expect(fontToolReducer(done, { type: "pickLine", line: missing })).toBe(done);
    // Nothing to pick before a result; a new analysis starts again from the first line.
    expect(run({ type: "loaded", image: image("a") }, { type: "pickLine", line: 1 })).toMatchObject({ phase: "ready" });
    const again = [
      { type: "pickLine", line: 1 },
      { type: "analyze" },
      { type: "succeeded", result: twoLines },
    ] as const;
    expect(lineOf(again.reduce<FontToolState>(fontToolReducer, done))).toBe(0);
  });
});
