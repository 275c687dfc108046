// Openly licensed families kept OUT of the library on purpose, to calibrate and measure the "not in
// our library" decision. Two disjoint groups: the decision's threshold is fitted on `calibration` only
// (calibrate-open-set.ts) and measured on `measure` only (evaluate.ts). Neither group is ever trained on.
// Files and licences: ml/font-recognition/fonts/heldout/<id>/ (woff2 from npm @fontsource packages,
// TTF from Debian fonts-liberation and fonts-dejavu-core).
import type { LibraryFamily, LibraryVariant } from "#shared/schemas/font-library.ts";

interface HeldOut {
  id: string;
  name: string;
  script: "arabic" | "latin";
  files: string[];
  licence: string;
}

const dir = "ml/font-recognition/fonts/heldout";
const fs = (id: string, subsets: string[]) => subsets.map((s) => `${dir}/${id}/${id}-${s}-400-normal.woff2`);

export const openSetCalibrationGroup: HeldOut[] = [
  {
    id: "liberation-serif",
    name: "Liberation Serif",
    script: "latin",
    files: [`${dir}/liberation-serif/LiberationSerif-Regular.ttf`],
    licence: "OFL-1.1",
  },
  {
    id: "dejavu-sans",
    name: "DejaVu Sans",
    script: "latin",
    files: [`${dir}/dejavu-sans/DejaVuSans.ttf`],
    licence: "Bitstream Vera",
  },
  { id: "manrope", name: "Manrope", script: "latin", files: fs("manrope", ["latin"]), licence: "OFL-1.1" },
  {
    id: "source-serif-4",
    name: "Source Serif 4",
    script: "latin",
    files: fs("source-serif-4", ["latin"]),
    licence: "OFL-1.1",
  },
  {
    id: "markazi-text",
    name: "Markazi Text",
    script: "arabic",
    files: fs("markazi-text", ["arabic", "latin"]),
    licence: "OFL-1.1",
  },
  { id: "mada", name: "Mada", script: "arabic", files: fs("mada", ["arabic", "latin"]), licence: "OFL-1.1" },
  { id: "kufam", name: "Kufam", script: "arabic", files: fs("kufam", ["arabic", "latin"]), licence: "OFL-1.1" },
];

export const openSetMeasureGroup: HeldOut[] = [
  {
    id: "dejavu-serif",
    name: "DejaVu Serif",
    script: "latin",
    files: [`${dir}/dejavu-serif/DejaVuSerif.ttf`],
    licence: "Bitstream Vera",
  },
  {
    id: "liberation-sans",
    name: "Liberation Sans",
    script: "latin",
    files: [`${dir}/liberation-sans/LiberationSans-Regular.ttf`],
    licence: "OFL-1.1",
  },
  {
    id: "liberation-mono",
    name: "Liberation Mono",
    script: "latin",
    files: [`${dir}/liberation-mono/LiberationMono-Regular.ttf`],
    licence: "OFL-1.1",
  },
  { id: "noto-serif", name: "Noto Serif", script: "latin", files: fs("noto-serif", ["latin"]), licence: "OFL-1.1" },
  { id: "work-sans", name: "Work Sans", script: "latin", files: fs("work-sans", ["latin"]), licence: "OFL-1.1" },
  { id: "mirza", name: "Mirza", script: "arabic", files: fs("mirza", ["arabic", "latin"]), licence: "OFL-1.1" },
  {
    id: "baloo-bhaijaan-2",
    name: "Baloo Bhaijaan 2",
    script: "arabic",
    files: fs("baloo-bhaijaan-2", ["arabic", "latin"]),
    licence: "OFL-1.1",
  },
  { id: "marhey", name: "Marhey", script: "arabic", files: fs("marhey", ["arabic", "latin"]), licence: "OFL-1.1" },
];

/** A held-out family in the library's shape, so the renderers can draw it; it has one regular variant. */
export function asLibraryFamily(h: HeldOut): LibraryFamily {
  const variant: LibraryVariant = { weight: 400, italic: false, files: h.files };
  return {
    id: `heldout-${h.id}`,
    name: h.name,
    nameAr: h.name,
    script: h.script,
    classification: "held out",
    classificationAr: "held out",
    weights: [400],
    italic: false,
    characteristics: [],
    characteristicsAr: [],
    variants: [variant],
    source: "held out of the library",
    licence: h.licence,
    licenceFile: h.files[0]!,
  } as unknown as LibraryFamily;
}
