// Design sketches of the Nawat bowl, drawn as SVG and rasterised with sharp:
// sketch-1.png (rough concept), sketch-2.png (developing, exploded), sketch-3.png
// (refined ink drawing) and sketch-technical.png (orthographic with dimensions), each also in
// Arabic (sketch-1-ar.png ...): the same drawing with native Arabic labels, set with
// @napi-rs/canvas (Skia shapes and orders Arabic; librsvg here cannot) in the site's own Arabic
// faces: Markazi Text for the hand-written notes, IBM Plex Sans Arabic for the technical drawing.
// Every label must stay inside the sheet (and the technical drawing's frame): the script fails
// otherwise. Run from the repository root: node media/scenes/sketches.mjs
import sharp from "sharp";
import { createCanvas, GlobalFonts, loadImage } from "@napi-rs/canvas";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const media = path.resolve(here, "..");
const W = 1200, H = 900;
const fonts = path.resolve(here, "../../node_modules/@fontsource");
for (const [dir, family, files] of [
  ["markazi-text", "Markazi Text", ["markazi-text-arabic-500-normal", "markazi-text-latin-500-normal"]],
  ["ibm-plex-sans-arabic", "IBM Plex Sans Arabic", ["ibm-plex-sans-arabic-arabic-400-normal", "ibm-plex-sans-arabic-latin-400-normal"]],
  ["ibm-plex-sans-arabic", "IBM Plex Sans Arabic Bold", ["ibm-plex-sans-arabic-arabic-700-normal", "ibm-plex-sans-arabic-latin-700-normal"]],
]) {
  for (const f of files) GlobalFonts.registerFromPath(path.join(fonts, dir, "files", f + ".woff2"), family);
}
for (const f of ["DejaVuSans", "DejaVuSans-Bold", "DejaVuSerif-Italic"]) {
  const file = `/usr/share/fonts/truetype/dejavu/${f}.ttf`;
  GlobalFonts.registerFromPath(file, f);
}

// the language being drawn, and the labels of the Arabic sheet (drawn on a canvas afterwards)
let LANG = "en";
let labels = [];
/** A label in both languages. */
const L = (en, ar) => (LANG === "ar" ? ar : en);
/** The sheet's frame (labels must stay inside it). */
let frame = [8, 8, W - 8, H - 8];

// the same lathe profiles as studio_common.py (metres)
const BASE = [[0.09, 0.0196], [0.0898, 0.017], [0.087, 0.01], [0.08, 0.0035], [0.07, 0.0004], [0.062, 0]];
const DATES = [[0.0901, 0.0222], [0.0903, 0.028], [0.0893, 0.034], [0.0872, 0.0378], [0.0845, 0.0392]];
const DIP = [[0.0305, 0.0262], [0.0355, 0.031], [0.038, 0.042], [0.0378, 0.0488], [0.0362, 0.05]];

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 4294967296);
}

const paper = (tone = "#f2e8d5") => `
  <defs>
    <filter id="grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="4" result="n"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0.45  0 0 0 0 0.36  0 0 0 0 0.25  0 0 0 0.09 0"/>
    </filter>
    <filter id="fibre" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.012 0.05" numOctaves="3" seed="9"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0.55  0 0 0 0 0.42  0 0 0 0 0.28  0 0 0 0.10 0"/>
    </filter>
    <radialGradient id="vign" cx="50%" cy="50%" r="75%">
      <stop offset="60%" stop-color="#000" stop-opacity="0"/>
      <stop offset="100%" stop-color="#5a4023" stop-opacity="0.16"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="${tone}"/>
  <rect width="${W}" height="${H}" filter="url(#fibre)"/>
  <rect width="${W}" height="${H}" fill="url(#vign)"/>`;

// polyline with a hand-drawn wobble
function wobbly(pts, r, amp, close = false) {
  const ph1 = r() * 6.28, ph2 = r() * 6.28, f1 = 1 + r() * 2, f2 = 3 + r() * 4;
  const n = pts.length;
  const out = pts.map(([x, y], i) => {
    const t = i / Math.max(1, n - 1);
    return [x + amp * (Math.sin(t * f1 * 6.28 + ph1) + 0.4 * Math.sin(t * f2 * 6.28 + ph2)),
            y + amp * (Math.cos(t * f1 * 6.28 + ph2) + 0.4 * Math.cos(t * f2 * 6.28 + ph1))];
  });
  return "M" + out.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" L") + (close ? " Z" : "");
}

function ellipsePts(cx, cy, rx, ry, a0 = 0, a1 = Math.PI * 2, n = 90) {
  const p = [];
  for (let i = 0; i <= n; i++) {
    const a = a0 + (a1 - a0) * i / n;
    p.push([cx + rx * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return p;
}

// oblique view of a solid of revolution: scale s (px per metre), elevation e
function view(cx, cy, s, e) {
  const se = Math.sin(e), ce = Math.cos(e);
  return {
    ring: (r, z, a0, a1) => ellipsePts(cx, cy - z * s * ce, r * s, r * s * se, a0, a1),
    side: (prof, sign) => prof.map(([r, z]) => [cx + sign * r * s, cy - z * s * ce]),
    pt: (x, y, z) => [cx + x * s, cy + y * s * se - z * s * ce],
  };
}

function strokes(d, { w = 2, color = "#2b2118", op = 0.85, passes = 1, r, amp = 0, mk }) {
  let out = "";
  for (let k = 0; k < passes; k++) {
    out += `<path d="${mk(amp * (1 + k * 0.6))}" fill="none" stroke="${color}" stroke-width="${(w * (0.7 + 0.5 * r())).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round" opacity="${op}"/>`;
  }
  return out;
}

function bowlDrawing(v, r, { amp = 0, passes = 1, w = 2.2, color = "#2b2118", explode = 0, slots = true,
  hatch = 0, dates = 0 }) {
  let g = "";
  const line = (pts, opts = {}) => {
    g += strokes(null, { w, color, passes, r, amp, ...opts, mk: (a) => wobbly(pts, r, a) });
  };
  const ez = [0, explode, explode * 2.05];
  // base
  line(v.ring(0.09, 0.0196 + ez[0], 0, Math.PI));
  line(v.ring(0.062, 0, 0, Math.PI));
  line(v.side(BASE, 1)); line(v.side(BASE, -1));
  if (explode) line(v.ring(0.09, 0.0196, Math.PI, 2 * Math.PI), { op: 0.7 });
  if (explode) line(v.ring(0.08, 0.0196, 0, 2 * Math.PI), { op: 0.6, w: w * 0.7 });
  // dates bowl
  const dz = ez[1];
  line(v.ring(0.09, 0.0212 + dz, 0, Math.PI));
  line(v.side(DATES.map(([a, b]) => [a, b + dz]), 1)); line(v.side(DATES.map(([a, b]) => [a, b + dz]), -1));
  line(v.ring(0.0845, 0.0392 + dz, 0, 2 * Math.PI));
  line(v.ring(0.0815, 0.0382 + dz, Math.PI * 1.05, Math.PI * 1.95), { op: 0.5, w: w * 0.6 });
  if (explode) line(v.ring(0.0395, 0.0268 + dz, 0, 2 * Math.PI), { op: 0.6, w: w * 0.7 });
  if (slots) {
    for (let i = 0; i < 12; i++) {
      const a = Math.PI * 2 * (i + 0.5) / 12;
      const [x, y] = v.pt(0.0495 * Math.cos(a), 0.0495 * Math.sin(a), 0.0272 + dz);
      const hidden = !explode && Math.sin(a) < -0.2;
      if (hidden) continue;
      const rot = Math.atan2(Math.sin(a) * 0.42, Math.cos(a)) * 180 / Math.PI;
      g += `<rect x="${(x - 9).toFixed(1)}" y="${(y - 3.5).toFixed(1)}" width="18" height="7" rx="3.5" transform="rotate(${(rot + 90).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${color}" opacity="0.75"/>`;
    }
  }
  // dip bowl
  const pz = ez[2];
  line(v.ring(0.0362, 0.05 + pz, 0, 2 * Math.PI));
  line(v.ring(0.034, 0.0492 + pz, Math.PI * 1.05, Math.PI * 1.95), { op: 0.5, w: w * 0.6 });
  line(v.side(DIP.map(([a, b]) => [a, b + pz]), 1)); line(v.side(DIP.map(([a, b]) => [a, b + pz]), -1));
  if (explode) line(v.ring(0.0305, 0.0262 + pz, 0, Math.PI));
  // hatching on the shaded right flank
  for (let i = 0; i < hatch; i++) {
    const t = i / hatch;
    const a = 0.15 + t * 1.1;
    const [x0, y0] = v.pt(0.09 * Math.cos(a), 0.09 * Math.sin(a), 0.0372 + dz);
    const [x1, y1] = v.pt(0.09 * Math.cos(a), 0.09 * Math.sin(a), 0.004);
    g += strokes(null, { w: w * 0.45, color, r, amp: amp * 0.5, op: 0.45 * (1 - t * 0.5),
      mk: (am) => wobbly([[x0, y0 + 6], [x1 + 2, y1 - 4]], r, am) });
  }
  // dates resting on the dish
  for (let i = 0; i < dates; i++) {
    const a = Math.PI * 2 * i / dates + 0.2;
    const [x, y] = v.pt(0.066 * Math.cos(a), 0.066 * Math.sin(a), 0.041 + dz);
    if (Math.sin(a) < -0.35) continue;
    const rot = Math.atan2(Math.cos(a) * 0.42, -Math.sin(a)) * 180 / Math.PI;
    g += `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="${(0.019 * 1).toFixed(3) * 0 + 26}" ry="12" transform="rotate(${rot.toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none" stroke="${color}" stroke-width="${w * 0.8}" opacity="0.8"/>`;
  }
  return g;
}

function text(x, y, s, { size = 22, anchor = "start", color = "#3a2d20", style = "italic", weight = 400, family = "DejaVu Serif, serif", op = 0.85 } = {}) {
  labels.push({ x, y, s, size, anchor, color, style, weight, family, op });
  if (LANG === "ar") return "";
  return `<text x="${x}" y="${y}" font-family="${family}" font-size="${size}" font-style="${style}" font-weight="${weight}" text-anchor="${anchor}" fill="${color}" opacity="${op}">${s}</text>`;
}

/** The canvas font of a label: Arabic labels in the site's Arabic faces, slightly larger. */
function canvasFont(l) {
  if (LANG === "ar") {
    const technical = l.family.includes("Sans");
    const face = technical ? (l.weight >= 700 ? "IBM Plex Sans Arabic Bold" : "IBM Plex Sans Arabic") : "Markazi Text";
    return `${Math.round(l.size * (technical ? 1.05 : 1.2))}px "${face}"`;
  }
  const face = l.family.includes("Sans") ? (l.weight >= 700 ? "DejaVuSans-Bold" : "DejaVuSans") : "DejaVuSerif-Italic";
  return `${l.size}px "${face}"`;
}

async function write(name, body) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  const file = LANG === "ar" ? name.replace(/\.png$/, "-ar.png") : name;
  let png = await sharp(Buffer.from(svg)).png().toBuffer();
  const canvas = createCanvas(W, H);
  const g = canvas.getContext("2d");
  if (LANG === "ar") g.drawImage(await loadImage(png), 0, 0);
  // every label inside the frame, in both languages
  const [fx0, , fx1] = frame;
  for (const l of labels) {
    g.font = canvasFont(l);
    g.direction = LANG === "ar" ? "rtl" : "ltr";
    const w = g.measureText(l.s).width;
    const x0 = l.anchor === "start" ? l.x : l.anchor === "end" ? l.x - w : l.x - w / 2;
    if (x0 < fx0 + 4 || x0 + w > fx1 - 4) {
      throw new Error(`${file}: "${l.s}" runs outside the frame (${Math.round(x0)}-${Math.round(x0 + w)})`);
    }
    if (LANG === "ar") {
      g.globalAlpha = l.op;
      g.fillStyle = l.color;
      g.textAlign = l.anchor === "start" ? "left" : l.anchor === "end" ? "right" : "center";
      g.fillText(l.s, l.x, l.y);
    }
  }
  g.globalAlpha = 1;
  if (LANG === "ar") png = canvas.toBuffer("image/png");
  await sharp(png).png({ compressionLevel: 9, palette: true, colors: 64, dither: 0.6, effort: 10 }).toFile(path.join(media, file));
  labels = [];
  console.log("wrote", file);
}

async function sketches() {
// 1: rough concept, loose graphite, ideas around it
{
  const r = rng(11);
  const v = view(560, 520, 2600, 0.5);
  let b = paper("#f1e6d2");
  b += bowlDrawing(v, r, { amp: 3.2, passes: 3, w: 1.8, color: "#4a4440", slots: false, hatch: 14 });
  // the idea: pits fall through
  const pit = (x, y, rot) => `<ellipse cx="${x}" cy="${y}" rx="14" ry="6" transform="rotate(${rot} ${x} ${y})" fill="none" stroke="#4a4440" stroke-width="1.6" opacity="0.8"/>`;
  b += pit(930, 250, 20) + pit(955, 330, -10);
  b += strokes(null, { w: 1.6, color: "#4a4440", r, amp: 2, op: 0.8, mk: (a) => wobbly([[940, 270], [950, 312]], r, a) });
  b += strokes(null, { w: 1.6, color: "#4a4440", r, amp: 1, op: 0.8, mk: (a) => wobbly([[940, 300], [950, 312], [958, 298]], r, a) });
  b += text(880, 200, L("the pit drops through —", "تسقط النواة من الفتحة —"), { size: 24, color: "#4a4440" });
  b += text(880, 392, L("no plate of pits on the table", "فلا طبق للنوى على المائدة"), { size: 22, color: "#4a4440" });
  b += strokes(null, { w: 1.4, color: "#4a4440", r, amp: 4, op: 0.55, mk: (a) => wobbly(ellipsePts(190, 200, 90, 40), r, a) });
  b += strokes(null, { w: 1.4, color: "#4a4440", r, amp: 3, op: 0.55, mk: (a) => wobbly(ellipsePts(190, 235, 70, 26, 0, Math.PI), r, a) });
  b += text(120, 310, L("stacked? 2 or 3 parts", "طبقات؟ قطعتان أو ثلاث"), { size: 22, color: "#4a4440" });
  b += text(LANG === "ar" ? 1110 : 90, 830, L("Nawat — first idea", "نواة — الفكرة الأولى"), { size: 30, color: "#3a3530", anchor: LANG === "ar" ? "end" : "start" });
  b += text(LANG === "ar" ? 90 : 1110, 830, L("i", "١"), { size: 26, color: "#3a3530", anchor: LANG === "ar" ? "start" : "end" });
  await write("sketch-1.png", b);
}

// 2: developing: the three parts exploded, firmer lines, notes
{
  const r = rng(23);
  const v = view(600, 640, 2700, 0.55);
  let b = paper("#f2e7d4");
  b += bowlDrawing(v, r, { amp: 1.6, passes: 2, w: 2.0, color: "#3b3029", explode: 0.05, hatch: 10 });
  b += text(905, 280, L("cover / dip bowl", "الغطاء / وعاء الغموس"), { size: 24, color: "#3b3029" });
  b += text(935, 440, L("dates bowl — ring of", "صحن التمر وحوله حلقة من"), { size: 24, color: "#3b3029" });
  b += text(935, 470, L("12 slots for the pits", "١٢ فتحة للنوى"), { size: 24, color: "#3b3029" });
  b += text(935, 620, L("pit-collecting base", "قاعدة تجمع النوى"), { size: 24, color: "#3b3029" });
  for (const [y0, y1] of [[290, 300], [450, 440], [630, 600]]) {
    b += strokes(null, { w: 1.4, color: "#3b3029", r, amp: 1.5, op: 0.7, mk: (a) => wobbly([[925, y0 - 8], [840, y1 - 8]], r, a) });
  }
  b += text(LANG === "ar" ? 1110 : 90, 830, L("Nawat — three parts", "نواة — ثلاث قطع"), { size: 30, color: "#2f2620", anchor: LANG === "ar" ? "end" : "start" });
  b += text(LANG === "ar" ? 90 : 1110, 830, L("ii", "٢"), { size: 26, color: "#2f2620", anchor: LANG === "ar" ? "start" : "end" });
  await write("sketch-2.png", b);
}

// 3: refined ink drawing of the assembled bowl with dates
{
  const r = rng(37);
  const v = view(600, 560, 3600, 0.5);
  let b = paper("#f4ead8");
  // soft wash shadow
  b += `<ellipse cx="640" cy="575" rx="360" ry="70" fill="#8a6a48" opacity="0.12"/>`;
  b += bowlDrawing(v, r, { amp: 0.3, passes: 1, w: 2.6, color: "#2a1d14", hatch: 22, dates: 9 });
  b += text(600, 760, L("Nawat", "نواة"), { size: 46, color: "#2a1d14", anchor: "middle", style: "normal", family: "DejaVu Serif, serif" });
  b += text(600, 800, L("walnut · oil finish · Ø 18 cm × 5 cm", "خشب الجوز · مشطّب بالزيت · القطر ١٨ سم × الارتفاع ٥ سم"), { size: 22, color: "#5a4a3a", anchor: "middle" });
  b += text(LANG === "ar" ? 90 : 1110, 830, L("iii", "٣"), { size: 26, color: "#2f2620", anchor: LANG === "ar" ? "start" : "end" });
  await write("sketch-3.png", b);
}

// technical: orthographic top view and half section with dimensions
{
  const ink = "#1f2a33";
  const s = 2200; // px per metre
  frame = [40, 40, 1160, 860];
  // the title block's text from its right edge in Arabic
  const tb = LANG === "ar" ? { x: 1145, anchor: "end" } : { x: 775, anchor: "start" };
  let b = paper("#f3ecdf");
  // border and title block
  b += `<rect x="40" y="40" width="1120" height="820" fill="none" stroke="${ink}" stroke-width="2"/>`;
  b += `<rect x="760" y="760" width="400" height="100" fill="none" stroke="${ink}" stroke-width="1.5"/>`;
  b += `<line x1="760" y1="800" x2="1160" y2="800" stroke="${ink}" stroke-width="1"/>`;
  b += text(tb.x, 790, L("NAWAT DATE BOWL", "صحن التمر «نواة»"), { size: 22, style: "normal", weight: 700, color: ink, family: "DejaVu Sans, sans-serif", anchor: tb.anchor });
  b += text(tb.x, 828, L("Walnut, oil finish · dimensions in mm", "خشب الجوز، مشطّب بالزيت · الأبعاد بالمليمتر"), { size: 16, style: "normal", color: ink, family: "DejaVu Sans, sans-serif", anchor: tb.anchor });
  b += text(tb.x, 850, L("Sheet 1/1 · Riyadh studio", "اللوحة ١/١ · استوديو الرياض"), { size: 16, style: "normal", color: ink, family: "DejaVu Sans, sans-serif", anchor: tb.anchor });
  // top view (left)
  const cx = 300, cy = 330;
  b += `<g fill="none" stroke="${ink}">`;
  b += `<circle cx="${cx}" cy="${cy}" r="${0.09 * s}" stroke-width="2.2"/>`;
  b += `<circle cx="${cx}" cy="${cy}" r="${0.0845 * s}" stroke-width="1"/>`;
  b += `<circle cx="${cx}" cy="${cy}" r="${0.0395 * s}" stroke-width="1.4"/>`;
  b += `<circle cx="${cx}" cy="${cy}" r="${0.0362 * s}" stroke-width="1"/>`;
  b += `<circle cx="${cx}" cy="${cy}" r="${0.0495 * s}" stroke-width="0.8" stroke-dasharray="12 4 2 4"/>`;
  b += `<line x1="${cx - 220}" y1="${cy}" x2="${cx + 220}" y2="${cy}" stroke-width="0.8" stroke-dasharray="14 4 2 4"/>`;
  b += `<line x1="${cx}" y1="${cy - 220}" x2="${cx}" y2="${cy + 220}" stroke-width="0.8" stroke-dasharray="14 4 2 4"/>`;
  b += `</g>`;
  for (let i = 0; i < 12; i++) {
    const a = Math.PI * 2 * (i + 0.5) / 12;
    const x = cx + 0.0495 * s * Math.cos(a), y = cy + 0.0495 * s * Math.sin(a);
    b += `<rect x="${(x - 11.5).toFixed(1)}" y="${(y - 4.6).toFixed(1)}" width="23" height="9.2" rx="4.6" transform="rotate(${(a * 180 / Math.PI).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none" stroke="${ink}" stroke-width="1.3"/>`;
  }
  // diameter dimension
  const dimY = cy + 0.09 * s + 55;
  const arrow = (x, y, dir) => `<path d="M${x},${y} l${-14 * dir},-5 l0,10 z" fill="${ink}"/>`;
  b += `<line x1="${cx - 0.09 * s}" y1="${cy + 20}" x2="${cx - 0.09 * s}" y2="${dimY + 12}" stroke="${ink}" stroke-width="0.8"/>`;
  b += `<line x1="${cx + 0.09 * s}" y1="${cy + 20}" x2="${cx + 0.09 * s}" y2="${dimY + 12}" stroke="${ink}" stroke-width="0.8"/>`;
  b += `<line x1="${cx - 0.09 * s}" y1="${dimY}" x2="${cx + 0.09 * s}" y2="${dimY}" stroke="${ink}" stroke-width="1"/>`;
  b += arrow(cx - 0.09 * s, dimY, -1) + arrow(cx + 0.09 * s, dimY, 1);
  b += text(cx, dimY - 10, L("Ø 180 (18 cm)", "Ø ١٨٠ (١٨ سم)"), { size: 22, style: "normal", anchor: "middle", color: ink, family: "DejaVu Sans, sans-serif" });
  b += text(cx, 80, L("TOP VIEW", "مسقط علوي"), { size: 18, style: "normal", anchor: "middle", color: ink, weight: 700, family: "DejaVu Sans, sans-serif" });
  b += text(cx + 0.0495 * s * 0.72 + 80, cy - 0.0495 * s * 0.72 - 60, L("12 slots 10 × 4", "١٢ فتحة ١٠ × ٤"), { size: 16, style: "normal", color: ink, family: "DejaVu Sans, sans-serif" });
  b += `<line x1="${cx + 0.0495 * s * 0.7}" y1="${cy - 0.0495 * s * 0.7}" x2="${cx + 0.0495 * s * 0.72 + 78}" y2="${cy - 0.0495 * s * 0.72 - 66}" stroke="${ink}" stroke-width="0.8"/>`;
  // section view (right): full section through the axis, hatched walnut
  const sx = 815, sy = 560, ss = 2200;
  const P = (r, z) => `${(sx + r * ss).toFixed(1)},${(sy - z * ss).toFixed(1)}`;
  const full = {
    base: [[0, 0.006], [0.076, 0.006], [0.0815, 0.011], [0.0838, 0.0195], [0.085, 0.0205], [0.0893, 0.0205], [0.09, 0.0196], [0.0898, 0.017], [0.087, 0.01], [0.08, 0.0035], [0.07, 0.0004], [0.062, 0], [0.056, 0], [0.055, 0.0015], [0, 0.0015]],
    dates: [[0, 0.0212], [0.0895, 0.0212], [0.0901, 0.0222], [0.0903, 0.028], [0.0893, 0.034], [0.0872, 0.0378], [0.0845, 0.0392], [0.0815, 0.0382], [0.074, 0.0345], [0.064, 0.0305], [0.054, 0.0278], [0.0445, 0.0268], [0.041, 0.0272], [0.0395, 0.0248], [0, 0.0248]],
    dip: [[0, 0.0252], [0.024, 0.0252], [0.0305, 0.0262], [0.0355, 0.031], [0.038, 0.042], [0.0378, 0.0488], [0.0362, 0.05], [0.034, 0.0492], [0.032, 0.042], [0.027, 0.0355], [0.018, 0.0318], [0, 0.0312]],
  };
  b += `<defs><pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" stroke="${ink}" stroke-width="0.9" opacity="0.55"/></pattern></defs>`;
  for (const prof of Object.values(full)) {
    for (const sign of [1, -1]) {
      const pts = prof.map(([r, z]) => P(sign * r * 0.0 + sign * r, z));
      b += `<path d="M${pts.join(" L")} Z" fill="url(#hatch)" stroke="${ink}" stroke-width="1.8" stroke-linejoin="round"/>`;
    }
  }
  b += `<line x1="${sx}" y1="${sy + 30}" x2="${sx}" y2="${sy - 0.05 * ss - 40}" stroke="${ink}" stroke-width="0.8" stroke-dasharray="14 4 2 4"/>`;
  // height dimension
  const hx = sx + 0.09 * ss + 50;
  b += `<line x1="${sx + 0.09 * ss + 8}" y1="${sy}" x2="${hx + 12}" y2="${sy}" stroke="${ink}" stroke-width="0.8"/>`;
  b += `<line x1="${sx + 0.04 * ss}" y1="${sy - 0.05 * ss}" x2="${hx + 12}" y2="${sy - 0.05 * ss}" stroke="${ink}" stroke-width="0.8"/>`;
  b += `<line x1="${hx}" y1="${sy}" x2="${hx}" y2="${sy - 0.05 * ss}" stroke="${ink}" stroke-width="1"/>`;
  b += `<path d="M${hx},${sy} l-5,-14 l10,0 z M${hx},${sy - 0.05 * ss} l-5,14 l10,0 z" fill="${ink}"/>`;
  b += text(hx + 14, sy - 0.025 * ss - 4, L("50", "٥٠"), { size: 20, style: "normal", color: ink, family: "DejaVu Sans, sans-serif" });
  b += text(hx + 14, sy - 0.025 * ss + 20, L("(5 cm)", "(٥ سم)"), { size: 16, style: "normal", color: ink, family: "DejaVu Sans, sans-serif" });
  // diameter again on the section
  const dy = sy + 60;
  b += `<line x1="${sx - 0.09 * ss}" y1="${dy}" x2="${sx + 0.09 * ss}" y2="${dy}" stroke="${ink}" stroke-width="1"/>`;
  b += `<line x1="${sx - 0.09 * ss}" y1="${sy - 0.02 * ss}" x2="${sx - 0.09 * ss}" y2="${dy + 12}" stroke="${ink}" stroke-width="0.8"/>`;
  b += `<line x1="${sx + 0.09 * ss}" y1="${sy - 0.02 * ss}" x2="${sx + 0.09 * ss}" y2="${dy + 12}" stroke="${ink}" stroke-width="0.8"/>`;
  b += arrow(sx - 0.09 * ss, dy, -1) + arrow(sx + 0.09 * ss, dy, 1);
  b += text(sx, dy - 10, L("Ø 180", "Ø ١٨٠"), { size: 20, style: "normal", anchor: "middle", color: ink, family: "DejaVu Sans, sans-serif" });
  b += text(sx, 80, L("SECTION A–A", "مقطع أ–أ"), { size: 18, style: "normal", anchor: "middle", color: ink, weight: 700, family: "DejaVu Sans, sans-serif" });
  // part call-outs
  const call = (r, z, lx, ly, label) => {
    b += `<line x1="${sx + r * ss}" y1="${sy - z * ss}" x2="${lx}" y2="${ly}" stroke="${ink}" stroke-width="0.8"/><circle cx="${sx + r * ss}" cy="${sy - z * ss}" r="3" fill="${ink}"/>`;
    b += text(lx + (lx < sx ? -6 : 6), ly + 6, label, { size: 16, style: "normal", anchor: lx < sx ? "end" : "start", color: ink, family: "DejaVu Sans, sans-serif" });
  };
  call(-0.034, 0.045, 700, 300, L("1 cover / dip bowl", "١ الغطاء / وعاء الغموس"));
  call(-0.07, 0.033, 690, 360, L("2 dates bowl", "٢ صحن التمر"));
  call(-0.05, 0.01, 690, 660, L("3 pit-collecting base", "٣ قاعدة تجمع النوى"));
  b += text(sx, 740, L("Turned from one walnut blank, three nesting parts.", "ثلاث قطع متداخلة، مخروطة من قطعة جوز واحدة."), { size: 16, anchor: "middle", color: ink, family: "DejaVu Serif, serif" });
  await write("sketch-technical.png", b);
}
}

for (const lang of ["en", "ar"]) {
  LANG = lang;
  frame = [8, 8, W - 8, H - 8];
  await sketches();
}
