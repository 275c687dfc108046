import { describe, expect, it } from "vitest";
import { NoTextFoundError } from "./errors.ts";
import { findTextLines, measureHeights } from "./find-text-lines.ts";
import { drawScene } from "./test-fixtures.ts";

describe("findTextLines", () => {
  it("finds one dark line on a light ground, with its box and height in image pixels", async () => {
    const img = await drawScene({
      width: 600,
      height: 200,
      background: "#f4efe6",
      lines: [{ text: "Handmade in Riyadh", x: 40, y: 110, size: 40, colour: "#222" }],
    });
    const [line, ...rest] = findTextLines(img);
    expect(rest).toHaveLength(0);
    expect(line!.box.x).toBeGreaterThanOrEqual(35);
    expect(line!.box.x).toBeLessThan(50);
    expect(line!.box.y + line!.box.h).toBeGreaterThan(110);
    expect(line!.box.y + line!.box.h).toBeLessThan(125);
    // "Handmade in Riyadh" spans ascender to descender: close to the font size.
    expect(line!.lineHeight).toBeGreaterThan(0.7 * 40);
    expect(line!.lineHeight).toBeLessThan(1.3 * 40);
    expect(line!.coreHeight).toBeLessThan(line!.lineHeight);
  });

  it("treats light text on a dark ground like dark text on a light one", async () => {
    const text = { text: "Heritage", x: 30, y: 90, size: 48 };
    const dark = findTextLines(
      await drawScene({ width: 320, height: 140, background: "#fff", lines: [{ ...text, colour: "#000" }] }),
    )[0]!;
    const light = findTextLines(
      await drawScene({ width: 320, height: 140, background: "#101820", lines: [{ ...text, colour: "#f0f0f0" }] }),
    )[0]!;
    expect(light.box).toEqual(dark.box);
    // Ink is bright text on black in both cases.
    const mean = (a: Float32Array) => a.reduce((s, v) => s + v, 0) / a.length;
    expect(Math.abs(mean(light.ink) - mean(dark.ink))).toBeLessThan(0.03);
    expect(mean(dark.ink)).toBeLessThan(0.5);
  });

  it("reads a heavy face set large either way round, where its letters fill whole tiles", async () => {
    // Anton at 64 px: the background tiles inside its letters are ink, so the deviations from their
    // medians run both ways (the FreeType evaluation's Anton, Bangers and Luckiest Guy lines).
    const text = { text: "PATTERN RARE", x: 24, y: 76, size: 64, font: "anton/files/anton-latin-400-normal.woff2" };
    for (const [background, colour] of [
      ["#fff", "#111"],
      ["#1f2229", "#eee9e0"],
    ] as const) {
      const [line] = findTextLines(
        await drawScene({ width: 340, height: 93, background, lines: [{ ...text, colour }] }),
      );
      // The letters are the ink, not the ground around them: the box is the words', and the padding
      // above the capitals is black.
      expect(line!.box.x, background).toBeGreaterThanOrEqual(20);
      expect(line!.box.h, background).toBeLessThan(70);
      const topRow = line!.ink.subarray(0, line!.inkWidth);
      expect(Math.max(...topRow), background).toBeLessThan(0.2);
    }
  });

  it("is not fooled by a strong lighting gradient", async () => {
    const img = await drawScene({
      width: 800,
      height: 400,
      background: (ctx) => {
        const g = ctx.createLinearGradient(0, 0, 800, 400);
        g.addColorStop(0, "#f8f8f8");
        g.addColorStop(1, "#7a7a7a");
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, 800, 400);
      },
      lines: [{ text: "Palm and clay", x: 200, y: 230, size: 44, colour: "#1a1a1a" }],
    });
    const [line] = findTextLines(img);
    expect(line!.box.h).toBeLessThan(80);
    expect(line!.box.w).toBeLessThan(450);
  });

  it("separates two lines and orders them by amount of ink", async () => {
    const img = await drawScene({
      width: 700,
      height: 300,
      background: "#fff",
      lines: [
        { text: "a second line of text", x: 40, y: 60, size: 34, colour: "#000" },
        { text: "A Large Headline", x: 40, y: 200, size: 56, colour: "#000" },
      ],
    });
    const lines = findTextLines(img);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.box.y).toBeGreaterThan(120);
    expect(lines[1]!.box.y).toBeLessThan(70);
  });

  it("does not take a solid button for a line of text", async () => {
    const img = await drawScene({
      width: 900,
      height: 360,
      background: (ctx) => {
        ctx.fillStyle = "#ffffff";
        ctx.fillRect(0, 0, 900, 360);
        // A dark button below the text, with its label in white: more "ink" than the text line.
        ctx.fillStyle = "#7a2a44";
        ctx.fillRect(40, 220, 260, 90);
        ctx.fillStyle = "#ffffff";
        ctx.font = "18px PreTestLora";
        ctx.fillText("Order now", 120, 272);
      },
      lines: [{ text: "Handmade in Riyadh", x: 40, y: 120, size: 44, colour: "#222" }],
    });
    const lines = findTextLines(img);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.box.y).toBeLessThan(130);
  });

  it("uses only the region inside a caller's box, reporting image coordinates", async () => {
    const img = await drawScene({
      width: 700,
      height: 300,
      background: "#fff",
      lines: [
        { text: "ignore this", x: 40, y: 60, size: 30, colour: "#000" },
        { text: "analyse this", x: 300, y: 220, size: 30, colour: "#000" },
      ],
    });
    const lines = findTextLines(img, { box: { x: 280, y: 150, w: 400, h: 120 } });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.box.x).toBeGreaterThanOrEqual(295);
    expect(lines[0]!.box.y).toBeGreaterThan(180);
  });

  it("reports no text for a blank or nearly uniform image", async () => {
    const blank = await drawScene({ width: 300, height: 200, background: "#ddd", lines: [] });
    expect(() => findTextLines(blank)).toThrow(NoTextFoundError);
  });
});

describe("measureHeights", () => {
  it("measures the ink extent and the dense core", () => {
    const w = 20;
    const h = 40;
    const ink = new Float32Array(w * h);
    // A 10-row dense band (rows 15..24) and a thin stroke rising to row 5 and falling to row 34.
    for (let y = 15; y < 25; y++) for (let x = 0; x < w; x++) ink[y * w + x] = 1;
    for (let y = 5; y < 35; y++) for (let x = 2; x < 5; x++) ink[y * w + x] = 1;
    const m = measureHeights(ink, w, h);
    expect(m.lineHeight).toBe(30);
    expect(m.coreHeight).toBe(10);
  });
});
