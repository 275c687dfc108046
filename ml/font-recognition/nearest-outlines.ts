// Is a candidate font a design of its own, or a family already in the library under another name?
// Draws each letter and digit alone in the candidate and in every library family that has that script
// (a bilingual Arabic family's Latin file counts for Latin) and in every held-out family, and prints the
// families whose glyphs overlap it most: the median over the glyphs of the intersection over union of
// their ink masks, each glyph cropped to its ink and scaled to one height. Glyph by glyph, so that one
// drawing with other spacing or metrics (Noto Serif, and the Latin that Noto Naskh Arabic ships, which
// is Noto Serif with other advance widths) is still seen as one drawing; a whole line drifts apart
// along its length and hid that pair (decision 0040). Used before a family joins the library or a
// held-out group: a held-out family that is a library family's twin measures nothing, and an exposure
// family that is a measuring family's twin would flatter the measure.
//   node --import tsx ml/font-recognition/nearest-outlines.ts --script arabic path/a.ttf path/b.woff2 …
//   node --import tsx ml/font-recognition/nearest-outlines.ts --held-out   # every held-out family
import path from "node:path";
import { parseArgs } from "node:util";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { cropGray, resampleGray } from "#server/modules/font-recognition/image-ops.ts";
import { defaultModelDir } from "#server/modules/font-recognition/recognize-font.ts";
import {
  asLibraryFamily,
  openSetCalibrationGroup,
  openSetExposureGroup,
  openSetMeasureGroup,
} from "./held-out-fonts.ts";
import { quantile } from "./eval-scoring.ts";
import { repoRoot } from "./render-sample.ts";

type Script = "arabic" | "latin";

const GLYPHS: Record<Script, string[]> = {
  latin: [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"],
  // Drawn alone, each letter takes its isolated form.
  arabic: [..."ابتثجحخدذرزسشصضطظعغفقكلمنهوي"],
};
const SIZE = 96;
const H = 48;
const W = 96;

const cw = SIZE * 2;
const ch = SIZE * 2;
/** One canvas for every glyph: each is drawn on a fresh white fill. */
const ctx = createCanvas(cw, ch).getContext("2d");

/** One glyph's ink, cropped to its bounding box and scaled to height H (width kept in proportion, at most W), as a 0/1 mask. */
function glyphMask(alias: string, glyph: string): Uint8Array {
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, cw, ch);
  ctx.fillStyle = "#000";
  ctx.font = `${SIZE}px "${alias}"`;
  ctx.textAlign = "left";
  ctx.fillText(glyph, SIZE / 2, SIZE * 1.4);
  // Black on white: the red channel is the grey level.
  const rgba = ctx.getImageData(0, 0, cw, ch).data;
  const gray = { width: cw, height: ch, data: Uint8Array.from({ length: cw * ch }, (_, i) => rgba[i * 4]!) };
  let x0 = cw,
    y0 = ch,
    x1 = -1,
    y1 = -1;
  gray.data.forEach((v, i) => {
    if (v >= 128) return;
    const x = i % cw;
    const y = Math.floor(i / cw);
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  });
  const out = new Uint8Array(W * H);
  if (x1 < 0) return out;
  const crop = cropGray(gray, { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 });
  const w = Math.max(1, Math.min(W, Math.round((crop.width * H) / crop.height)));
  const scaled = resampleGray(crop, w, H);
  for (let y = 0; y < H; y++) for (let x = 0; x < w; x++) out[y * W + x] = scaled.data[y * w + x]! < 128 ? 1 : 0;
  return out;
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let both = 0,
    either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i]! & b[i]!;
    either += a[i]! | b[i]!;
  }
  return either ? both / either : 0;
}

/** The files of a family's regular variant that draw `script`: a bilingual family's Latin file for Latin. */
function filesFor(f: LibraryFamily, script: Script): string[] | undefined {
  const v = f.variants.find((v) => v.weight === 400 && !v.italic) ?? f.variants[0]!;
  if (f.script === script) return v.files.filter((p) => script === "latin" || !p.includes("-latin-"));
  const latin = v.files.filter((p) => p.includes("-latin-"));
  return script === "latin" && latin.length ? latin : undefined;
}

let aliases = 0;
/** The glyph masks of a font (its files registered under one new alias). */
export function glyphMasks(files: string[], script: Script): Uint8Array[] {
  const alias = `nn-${aliases++}`;
  for (const file of files) GlobalFonts.registerFromPath(path.resolve(repoRoot, file), alias);
  return GLYPHS[script].map((g) => glyphMask(alias, g));
}

/** How alike two fonts' drawings are: the median glyph overlap (1 for one drawing). */
export function glyphOverlap(a: Uint8Array[], b: Uint8Array[]): number {
  return quantile(
    a.map((m, i) => iou(m, b[i]!)),
    0.5,
  );
}

/** Every family of the library and of the three held-out groups that draws `script`, with its masks. */
function knownMasks(script: Script, libraryPath = path.join(defaultModelDir, "library.json")) {
  const library = loadFontLibrary(libraryPath);
  const heldOut = [...openSetCalibrationGroup, ...openSetMeasureGroup, ...openSetExposureGroup].map(asLibraryFamily);
  return [...library.families, ...heldOut].flatMap((f) => {
    const files = filesFor(f, script);
    return files ? [{ id: f.id, script: f.script, masks: glyphMasks(files, script) }] : [];
  });
}

if (import.meta.filename === process.argv[1]) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      script: { type: "string", default: "latin" },
      library: { type: "string", default: path.join(defaultModelDir, "library.json") },
      top: { type: "string", default: "3" },
      "held-out": { type: "boolean", default: false },
    },
  });
  const top = Number(values.top);
  const nearest = (masks: Uint8Array[], known: ReturnType<typeof knownMasks>, self?: string) =>
    known
      .filter((k) => k.id !== self)
      .map((k) => ({ id: k.id, overlap: glyphOverlap(masks, k.masks) }))
      .sort((a, b) => b.overlap - a.overlap)
      .slice(0, top)
      .map((n) => `${n.id} ${n.overlap.toFixed(2)}`)
      .join("\t");
  if (values["held-out"]) {
    // Each held-out family (as it is drawn in its own script) against every other known family.
    for (const script of ["latin", "arabic"] as const) {
      const known = knownMasks(script, values.library);
      for (const k of known.filter((k) => k.id.startsWith("heldout-") && k.script === script))
        console.log(`${script}\t${k.id}\t${nearest(k.masks, known, k.id)}`);
    }
  } else {
    const script = values.script === "arabic" ? "arabic" : "latin";
    const known = knownMasks(script, values.library);
    for (const file of positionals)
      console.log(`${path.basename(file)}\t${nearest(glyphMasks([file], script), known)}`);
  }
}
