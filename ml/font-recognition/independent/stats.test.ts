import { describe, expect, it } from "vitest";
import { bootstrapMixedEce, caught, measures, mixedEce, reliability, wilson, type Row } from "./stats.ts";

describe("wilson", () => {
  it("gives the textbook 95% interval", () => {
    // 8 of 10: 80%, 49.0-94.3% (Wilson 1927; Newcombe 1998, table I).
    expect(wilson(8, 10)).toEqual({ k: 8, n: 10, pct: 80, lo: 49, hi: 94.3 });
    // None of 10 still leaves up to 27.8%.
    expect(wilson(0, 10)).toMatchObject({ pct: 0, lo: 0, hi: 27.8 });
    expect(wilson(0, 0).pct).toBeNaN();
  });
});

const row = (o: Partial<Row>): Row => ({ id: "x", kind: "line", inLibrary: true, familyScript: "latin", ...o });

describe("calibration error", () => {
  it("weighs in- and out-of-library answers half each, whatever their numbers", () => {
    const inLib = Array.from({ length: 90 }, () => ({ confidence: 0.9, correct: true }));
    const outLib = Array.from({ length: 10 }, () => ({ confidence: 0.9, correct: false }));
    // Pooled as they come the bin would be 90% right; weighed half and half it is 50% right at 0.9.
    expect(mixedEce(inLib, outLib)).toBeCloseTo(0.4);
    expect(mixedEce(inLib, [])).toBeCloseTo(0.1);
  });

  it("brackets the figure with a bootstrap interval that is the same from run to run", () => {
    const rows = Array.from({ length: 200 }, (_, i) =>
      row({ id: `r${i}`, family: "a", predicted: i % 4 === 0 ? "b" : "a", confidence: 0.75 }),
    );
    const e = bootstrapMixedEce(rows, [], 200);
    expect(e.value).toBe(0);
    expect(e.lo).toBeLessThanOrEqual(e.value);
    expect(e.hi).toBeGreaterThan(0);
    expect(bootstrapMixedEce(rows, [], 200)).toEqual(e);
  });

  it("tells how often each stated tenth was right", () => {
    const rows = [
      row({ family: "a", predicted: "a", confidence: 0.95 }),
      row({ family: "a", predicted: "b", confidence: 0.91 }),
      row({ family: "a", predicted: "a", confidence: 1 }),
      row({ family: "a", predicted: "a", confidence: 0.05 }),
    ];
    expect(reliability(rows)).toEqual([
      { bin: "0-0.1", n: 1, stated: 5, right: 100 },
      { bin: "0.9-1", n: 3, stated: 95.3, right: 66.7 },
    ]);
  });
});

describe("measures", () => {
  it("counts an out-of-library line as caught when refused, flagged or stated under one half", () => {
    expect(caught(row({ error: "NoTextFoundError" }))).toBe(true);
    expect(caught(row({ predicted: "a", flagged: true, confidence: 0.9 }))).toBe(true);
    expect(caught(row({ predicted: "a", flagged: false, confidence: 0.4 }))).toBe(true);
    expect(caught(row({ predicted: "a", flagged: false, confidence: 0.6 }))).toBe(false);
    expect(caught(row({ error: "ImageDecodeError" }))).toBe(false);
  });

  it("reports every target from the rows, refusals counted against the text sets", () => {
    const rows: Row[] = [
      row({ id: "1", family: "a", predicted: "a", confidence: 0.9, sizePx: 20 }),
      row({ id: "2", kind: "short", family: "a", error: "NoTextFoundError", sizePx: 30 }),
      row({
        id: "3",
        kind: "digits",
        digits: "arabic-indic",
        familyScript: "arabic",
        family: "c",
        predicted: "c",
        flagged: true,
        confidence: 0.3,
        sizePx: 50,
      }),
      row({
        id: "4",
        kind: "frame",
        family: "a",
        error: "NoTextFoundError",
        coverage: 0.003,
        boxed: { predicted: "a" },
      }),
      row({
        id: "5",
        kind: "ool",
        inLibrary: false,
        familyScript: "arabic",
        family: "z",
        predicted: "c",
        confidence: 0.8,
      }),
      row({
        id: "6",
        kind: "ool",
        inLibrary: false,
        familyScript: "latin",
        family: "y",
        predicted: "a",
        flagged: true,
        confidence: 0.1,
      }),
      { id: "7", kind: "texture", error: "NoTextFoundError" },
      { id: "8", kind: "photo-crop", predicted: "a", confidence: 0.4 },
    ];
    const m = measures(rows);
    expect(m.top1.lines).toMatchObject({ k: 1, n: 1 });
    expect(m.top1.shortWords).toMatchObject({ k: 0, n: 1 });
    expect(m.top1.digitsArabicIndic).toMatchObject({ k: 1, n: 1 });
    expect(m.frames.noBox).toMatchObject({ k: 0, n: 1 });
    expect(m.frames.withBox).toMatchObject({ k: 1, n: 1 });
    expect(m.openSet.inLibraryFlagged).toMatchObject({ k: 1, n: 3 });
    expect(m.openSet.outOfLibraryCaught.arabic).toMatchObject({ k: 0, n: 1 });
    expect(m.openSet.outOfLibraryCaught.latin).toMatchObject({ k: 1, n: 1 });
    expect(m.noText.answeredNoText).toMatchObject({ k: 1, n: 2 });
    expect(m.noText.realTextRefused).toMatchObject({ k: 1, n: 3 });
  });
});
