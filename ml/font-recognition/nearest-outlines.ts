// Is a candidate font a design of its own, or a family already in the library under another name?
// Draws the same line in the candidate and in every library family of its script (regular upright
// variant) and in every held-out family, and prints the families whose ink overlaps it most
// (intersection over union of the ink masks, both lines scaled to one box). Used before a family joins
// the library or a held-out group: a held-out family that is a library family's twin measures nothing,
// and an exposure family that is a measuring family's twin would flatter the measure.
//   node --import tsx ml/font-recognition/nearest-outlines.ts --script arabic path/a.ttf path/b.woff2 …
import path from "node:path";
import { parseArgs } from "node:util";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { rgbaToGray } from "#server/modules/font-recognition/image-input.ts";
import { cropGray, resampleGray } from "#server/modules/font-recognition/image-ops.ts";
import { defaultModelDir } from "#server/modules/font-recognition/recognize-font.ts";
import { asLibraryFamily, openSetCalibrationGroup, openSetMeasureGroup } from "./held-out-fonts.ts";
import { repoRoot } from "./render-sample.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    script: { type: "string", default: "latin" },
    library: { type: "string", default: path.join(defaultModelDir, "library.json") },
    top: { type: "string", default: "3" },
  },
});
const script = values.script === "arabic" ? "arabic" : "latin";
const line =
  script === "arabic"
    ? "صف خلق خود كمثل الشمس إذ بزغت يحظى الضجيع بها نجلاء معطار"
    : "Sphinx of black quartz, judge my vow. Hamburgefonstiv";
const W = 720;
const H = 48;

const CW = 2400;
const CH = 160;

/** The line's ink in `alias`, cropped to its bounding box and scaled to a W x H box, as a 0/1 mask. */
async function inkMask(alias: string): Promise<Uint8Array> {
  const canvas = createCanvas(CW, CH);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, CW, CH);
  ctx.fillStyle = "#000";
  ctx.font = `64px "${alias}"`;
  ctx.direction = script === "arabic" ? "rtl" : "ltr";
  ctx.textAlign = "left";
  ctx.fillText(line, 20, 110);
  const gray = await rgbaToGray(new Uint8Array(ctx.getImageData(0, 0, CW, CH).data.buffer), CW, CH);
  const box = { x: CW, y: CH, w: 0, h: 0 };
  let x1 = -1;
  let y1 = -1;
  gray.data.forEach((v, i) => {
    if (v >= 128) return;
    const x = i % CW;
    const y = Math.floor(i / CW);
    box.x = Math.min(box.x, x);
    box.y = Math.min(box.y, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  });
  if (x1 < 0) return new Uint8Array(W * H);
  box.w = x1 - box.x + 1;
  box.h = y1 - box.y + 1;
  return resampleGray(cropGray(gray, box), W, H).data.map((v) => (v < 128 ? 1 : 0));
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

const library = loadFontLibrary(values.library);
// The held-out groups too: a candidate for another group must not be one of their twins either.
const heldOut = [...openSetCalibrationGroup, ...openSetMeasureGroup].map(asLibraryFamily);
const known = await Promise.all(
  [...library.families, ...heldOut]
    .filter(
      (f) =>
        f.script === script ||
        (script === "latin" && f.variants.some((v) => v.files.some((p) => p.includes("-latin-")))),
    )
    .map(async (f) => {
      const v = f.variants.find((v) => v.weight === 400 && !v.italic) ?? f.variants[0]!;
      const alias = `nn-${f.id}`;
      for (const file of v.files) GlobalFonts.registerFromPath(path.join(repoRoot, file), alias);
      return { id: f.id, mask: await inkMask(alias) };
    }),
);
for (const file of positionals) {
  const alias = `nn-candidate-${path.basename(file)}`;
  GlobalFonts.registerFromPath(path.resolve(file), alias);
  const mask = await inkMask(alias);
  const nearest = known
    .map((k) => ({ id: k.id, iou: iou(mask, k.mask) }))
    .sort((a, b) => b.iou - a.iou)
    .slice(0, Number(values.top));
  console.log(`${path.basename(file)}\t${nearest.map((n) => `${n.id} ${n.iou.toFixed(2)}`).join("\t")}`);
}
