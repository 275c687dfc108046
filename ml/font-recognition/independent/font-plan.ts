// The fonts of the independent sets (issue 38, decision 0045), written as JSON for generate.py:
// every library family with its files, each variant's other build from a Debian package where one
// is installed (other-builds.ts: the same design, another file than the one training drew), and the
// out-of-library families of each split. The two splits' out-of-library families are disjoint: the
// measuring split takes the generator's measuring group (never fitted on) and Debian fonts of its
// own; the calibration split takes the generator's calibration group (the shipped open-set fit read
// it) and other Debian fonts. No family of either is in the library or a near copy of one (see
// DEBIAN_OUT_OF_LIBRARY).
//   node --import tsx ml/font-recognition/independent/font-plan.ts [--out FILE]
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { defaultModelDir } from "#server/modules/font-recognition/recognize-font.ts";
import { isBilingual } from "../bilingual.ts";
import { openSetCalibrationGroup, openSetExposureGroup, openSetMeasureGroup } from "../held-out-fonts.ts";
import { installedOtherBuild, packageVersions } from "../other-builds.ts";
import { repoRoot } from "../render-sample.ts";

type Split = "measure" | "calibrate";

interface PlanVariant {
  weight: number;
  italic: boolean;
  files: string[];
  source: string;
  otherBuild?: { file: string; package: string; version: string };
}

interface PlanFamily {
  id: string;
  script: "arabic" | "latin";
  bilingual?: boolean;
  variants: PlanVariant[];
}

/**
 * Fonts from Debian packages that are in neither the library nor any held-out group, each in one
 * split. Left out as revivals of a design the library holds: TeX Gyre Cursor (Courier: Courier
 * Prime), Baskervald ADF (Baskerville: Libre Baskerville), League Spartan (Futura: Jost), Carlito
 * (Lato's outlines), Lobster Two (Lobster's), Gentium Plus (the calibration group's Gentium Book Plus).
 */
const DEBIAN_OUT_OF_LIBRARY: {
  id: string;
  script: "arabic" | "latin";
  split: Split;
  package: string;
  files: Record<string, string>;
}[] = [
  // Measuring split
  {
    id: "linux-libertine",
    script: "latin",
    split: "measure",
    package: "fonts-linuxlibertine",
    files: {
      "400": "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf",
      "700": "/usr/share/fonts/opentype/linux-libertine/LinLibertine_RB.otf",
      "400i": "/usr/share/fonts/opentype/linux-libertine/LinLibertine_RI.otf",
    },
  },
  {
    id: "linux-biolinum",
    script: "latin",
    split: "measure",
    package: "fonts-linuxlibertine",
    files: {
      "400": "/usr/share/fonts/opentype/linux-libertine/LinBiolinum_R.otf",
      "700": "/usr/share/fonts/opentype/linux-libertine/LinBiolinum_RB.otf",
    },
  },
  {
    id: "comic-neue",
    script: "latin",
    split: "measure",
    package: "fonts-comic-neue",
    files: {
      "400": "/usr/share/fonts/opentype/comic-neue/ComicNeue-Regular.otf",
      "700": "/usr/share/fonts/opentype/comic-neue/ComicNeue-Bold.otf",
    },
  },
  {
    id: "go",
    script: "latin",
    split: "measure",
    package: "fonts-go",
    files: { "400": "/usr/share/fonts/fonts-go/Go-Regular.ttf", "700": "/usr/share/fonts/fonts-go/Go-Bold.ttf" },
  },
  {
    id: "charis-sil",
    script: "latin",
    split: "measure",
    package: "fonts-sil-charis",
    files: {
      "400": "/usr/share/fonts/truetype/charis/CharisSIL-Regular.ttf",
      "400i": "/usr/share/fonts/truetype/charis/CharisSIL-Italic.ttf",
    },
  },
  {
    id: "tex-gyre-adventor",
    script: "latin",
    split: "measure",
    package: "fonts-texgyre",
    files: { "400": "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreadventor-regular.otf" },
  },
  {
    id: "gillius-adf",
    script: "latin",
    split: "measure",
    package: "fonts-adf-gillius",
    files: { "400": "/usr/share/fonts/truetype/adf/GilliusADF-Regular.otf" },
  },
  {
    id: "hack",
    script: "latin",
    split: "measure",
    package: "fonts-hack",
    files: { "400": "/usr/share/fonts/truetype/hack/Hack-Regular.ttf" },
  },
  {
    id: "yanone-kaffeesatz",
    script: "latin",
    split: "measure",
    package: "fonts-yanone-kaffeesatz",
    files: { "400": "/usr/share/fonts/opentype/yanone-kaffeesatz/YanoneKaffeesatz-Regular.otf" },
  },
  {
    id: "junicode",
    script: "latin",
    split: "measure",
    package: "fonts-junicode",
    files: { "400": "/usr/share/fonts/opentype/junicode/JunicodeTwoBeta-Regular.otf" },
  },
  {
    id: "kacst-one",
    script: "arabic",
    split: "measure",
    package: "fonts-kacst-one",
    files: {
      "400": "/usr/share/fonts/truetype/kacst-one/KacstOne.ttf",
      "700": "/usr/share/fonts/truetype/kacst-one/KacstOne-Bold.ttf",
    },
  },
  // Calibration split
  {
    id: "tex-gyre-schola",
    script: "latin",
    split: "calibrate",
    package: "fonts-texgyre",
    files: { "400": "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyreschola-regular.otf" },
  },
  {
    id: "tex-gyre-pagella",
    script: "latin",
    split: "calibrate",
    package: "fonts-texgyre",
    files: { "400": "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrepagella-regular.otf" },
  },
  {
    id: "tex-gyre-bonum",
    script: "latin",
    split: "calibrate",
    package: "fonts-texgyre",
    files: { "400": "/usr/share/texmf/fonts/opentype/public/tex-gyre/texgyrebonum-regular.otf" },
  },
  {
    id: "andika",
    script: "latin",
    split: "calibrate",
    package: "fonts-sil-andika",
    files: { "400": "/usr/share/fonts/truetype/andika/Andika-Regular.ttf" },
  },
  {
    id: "caladea",
    script: "latin",
    split: "calibrate",
    package: "fonts-crosextra-caladea",
    files: { "400": "/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf" },
  },
  {
    id: "mononoki",
    script: "latin",
    split: "calibrate",
    package: "fonts-mononoki",
    files: { "400": "/usr/share/fonts/truetype/mononoki/mononoki-Regular.ttf" },
  },
  {
    id: "universalis-adf",
    script: "latin",
    split: "calibrate",
    package: "fonts-adf-universalis",
    files: { "400": "/usr/share/fonts/truetype/adf/UniversalisADFStd-Regular.otf" },
  },
  {
    id: "berenis-adf",
    script: "latin",
    split: "calibrate",
    package: "fonts-adf-berenis",
    files: { "400": "/usr/share/fonts/truetype/adf/BerenisADFPro-Regular.otf" },
  },
  {
    id: "romande-adf",
    script: "latin",
    split: "calibrate",
    package: "fonts-adf-romande",
    files: { "400": "/usr/share/fonts/truetype/adf/RomandeADFStd-Regular.otf" },
  },
  {
    id: "accanthis-adf",
    script: "latin",
    split: "calibrate",
    package: "fonts-adf-accanthis",
    files: { "400": "/usr/share/fonts/truetype/adf/AccanthisADFStd-Regular.otf" },
  },
  {
    id: "breip",
    script: "latin",
    split: "calibrate",
    package: "fonts-breip",
    files: { "400": "/usr/share/fonts/truetype/breip/Breip.ttf" },
  },
];

/** Arabic fonts of the exposure group (never trained on by the shipped model), each in one split. */
export const EXPOSURE_OUT_OF_LIBRARY: Record<string, Split> = {
  "ukij-basma": "measure",
  "ukij-teng": "measure",
  "ukij-tuz-g": "measure",
  "ukij-kesme": "calibrate",
  "ukij-kesme-tuz": "calibrate",
  "ukij-title": "calibrate",
};

const abs = (f: string) => (path.isAbsolute(f) ? f : path.join(repoRoot, f));

export function fontPlan() {
  const library = loadFontLibrary(path.join(defaultModelDir, "library.json"));
  const versions = packageVersions([
    ...new Set(library.families.flatMap((f) => installedOtherBuild(f.id, f.variants).map((o) => o.package))),
  ]);
  const libraryFamilies: PlanFamily[] = library.families.map((f) => {
    const other = new Map(installedOtherBuild(f.id, f.variants).map((o) => [o.variant, o]));
    return {
      id: f.id,
      script: f.script,
      ...(isBilingual(f) ? { bilingual: true } : {}),
      variants: f.variants.map((v) => {
        const o = other.get(v);
        return {
          weight: v.weight,
          italic: v.italic,
          files: v.files.map(abs),
          source: "library",
          ...(o ? { otherBuild: { file: o.file, package: o.package, version: versions[o.package] ?? "unknown" } } : {}),
        };
      }),
    };
  });
  const heldOut = (split: Split): PlanFamily[] => [
    ...(split === "measure" ? openSetMeasureGroup : openSetCalibrationGroup).map((h) => ({
      id: `heldout-${h.id}`,
      script: h.script,
      variants: [{ weight: 400, italic: false, files: h.files.map(abs), source: "held-out-fonts.ts" }],
    })),
    ...openSetExposureGroup
      .filter((h) => EXPOSURE_OUT_OF_LIBRARY[h.id] === split)
      .map((h) => ({
        id: `exposure-${h.id}`,
        script: h.script,
        variants: [{ weight: 400, italic: false, files: h.files.map(abs), source: "held-out-fonts.ts (exposure)" }],
      })),
    ...DEBIAN_OUT_OF_LIBRARY.filter((d) => d.split === split && Object.values(d.files).every(existsSync)).map((d) => ({
      id: `debian-${d.id}`,
      script: d.script,
      variants: Object.entries(d.files).map(([k, file]) => ({
        weight: Number.parseInt(k, 10),
        italic: k.endsWith("i"),
        files: [file],
        source: `${d.package} ${packageVersions([d.package])[d.package]}`,
      })),
    })),
  ];
  const missing = DEBIAN_OUT_OF_LIBRARY.filter((d) => !Object.values(d.files).every(existsSync)).map((d) => d.package);
  return {
    library: libraryFamilies,
    outOfLibrary: { measure: heldOut("measure"), calibrate: heldOut("calibrate") },
    missingPackages: [...new Set(missing)],
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const out = values.out ?? path.join(repoRoot, "ml/font-recognition/work/independent/font-plan.json");
  const plan = fontPlan();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(plan, null, 1) + "\n");
  const count = (s: Split, script: string) => plan.outOfLibrary[s].filter((f) => f.script === script).length;
  console.log(
    `font plan: ${plan.library.length} library families (${plan.library.filter((f) => f.variants.some((v) => v.otherBuild)).length} with a Debian build); ` +
      `out of library: measure ${count("measure", "arabic")} Arabic + ${count("measure", "latin")} Latin, ` +
      `calibrate ${count("calibrate", "arabic")} Arabic + ${count("calibrate", "latin")} Latin` +
      (plan.missingPackages.length ? `; packages missing: ${plan.missingPackages.join(" ")}` : ""),
  );
}
