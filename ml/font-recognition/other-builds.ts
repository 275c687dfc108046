// Other builds of library families, from Debian font packages: full TTF/OTF files of the same design,
// usually of another version than the @fontsource subset the model was trained on. The evaluation's
// FreeType set (eval-data-v2.ts `pillowLines`) draws a family from these files when its package is
// installed, and from the training file otherwise. Each file's family was checked in its name table
// (`fc-query --format='%{family}|%{style}|%{weight}\n' FILE`) and by eye beside the @fontsource file;
// `note` says where the name table or the weight needed judgement.
// Install them all (Debian 12): see OTHER_BUILD_PACKAGES, or the README's "Evaluate the committed model".
// The families whose library files already are Debian files (KACST, Arabeyes, FarsiWeb, PakType,
// Thabit, UKIJ) have no other build; no held-out family (held-out-fonts.ts) may appear here.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import type { LibraryVariant } from "#shared/schemas/font-library.ts";

interface OtherBuild {
  /** The Debian package that ships each variant's file (Noto splits a family over two packages). */
  variants: Record<string, { file: string; package: string }>;
  /** The name table's family when it is not the library's name. */
  nameTableFamily?: string;
  note?: string;
}

/** "400" for upright 400, "400i" for italic 400: the keys of `OtherBuild.variants`. */
export const variantKey = (v: Pick<LibraryVariant, "weight" | "italic">) => `${v.weight}${v.italic ? "i" : ""}`;

/** The variants of one package's directory: key → file name in it. */
function fromDir(pkg: string, dir: string, files: Record<string, string>): OtherBuild["variants"] {
  return Object.fromEntries(Object.entries(files).map(([k, f]) => [k, { file: `${dir}/${f}`, package: pkg }]));
}

/** Static weights named the usual way (Thin … Black), upright and italic, as `${prefix}${Name}${suffix}`. */
function weightsNamed(
  weights: number[],
  italics: boolean,
  prefix: string,
  suffix: string,
  names: Partial<Record<number, string>> = {},
): Record<string, string> {
  const name: Record<number, string> = {
    100: "Thin",
    200: "ExtraLight",
    300: "Light",
    400: "Regular",
    500: "Medium",
    600: "SemiBold",
    700: "Bold",
    800: "ExtraBold",
    900: "Black",
    ...names,
  };
  const out: Record<string, string> = {};
  for (const w of weights) {
    out[`${w}`] = `${prefix}${name[w]}${suffix}`;
    if (italics) out[`${w}i`] = `${prefix}${w === 400 ? "" : name[w]}Italic${suffix}`;
  }
  return out;
}

const NOTO = "/usr/share/fonts/truetype/noto";
/** A Noto family: Regular and Bold in fonts-noto-core, the other weights in fonts-noto-extra. */
function noto(prefix: string, weights: number[]): OtherBuild["variants"] {
  const files = weightsNamed(weights, false, `${prefix}-`, ".ttf");
  return Object.fromEntries(
    Object.entries(files).map(([k, f]) => [
      k,
      { file: `${NOTO}/${f}`, package: k === "400" || k === "700" ? "fonts-noto-core" : "fonts-noto-extra" },
    ]),
  );
}

export const OTHER_BUILDS: Record<string, OtherBuild> = {
  // Arabic
  amiri: {
    variants: fromDir("fonts-hosny-amiri", "/usr/share/fonts/opentype/fonts-hosny-amiri", {
      "400": "Amiri-Regular.ttf",
      "400i": "Amiri-Slanted.ttf",
      "700": "Amiri-Bold.ttf",
      "700i": "Amiri-BoldSlanted.ttf",
    }),
  },
  "scheherazade-new": {
    variants: fromDir("fonts-sil-scheherazade", "/usr/share/fonts/truetype/scheherazade", {
      "400": "Scheherazade-Regular.ttf",
      "700": "Scheherazade-Bold.ttf",
    }),
    nameTableFamily: "Scheherazade",
    note: "Scheherazade 2.100, SIL's same design before version 3 renamed it Scheherazade New (new line metrics: its letters come out smaller at the same font size)",
  },
  lateef: {
    variants: fromDir(
      "fonts-sil-lateef",
      "/usr/share/fonts/opentype/lateef",
      weightsNamed([200, 300, 400, 500, 600, 700, 800], false, "Lateef-", ".ttf"),
    ),
  },
  harmattan: {
    variants: fromDir("fonts-sil-harmattan", "/usr/share/fonts/truetype/harmattan", {
      "400": "Harmattan-Regular.ttf",
      "700": "Harmattan-Bold.ttf",
    }),
  },
  alkalami: {
    variants: fromDir("fonts-sil-alkalami", "/usr/share/fonts/truetype/alkalami", { "400": "Alkalami-Regular.ttf" }),
  },
  lemonada: {
    variants: fromDir(
      "fonts-lemonada",
      "/usr/share/fonts/opentype/lemonada",
      weightsNamed([300, 400, 600, 700], false, "Lemonada-", ".otf"),
    ),
  },
  "noto-naskh-arabic": { variants: noto("NotoNaskhArabic", [400, 500, 600, 700]) },
  "noto-kufi-arabic": { variants: noto("NotoKufiArabic", [100, 200, 300, 400, 500, 600, 700, 800, 900]) },
  "noto-sans-arabic": { variants: noto("NotoSansArabic", [100, 200, 300, 400, 500, 600, 700, 800, 900]) },
  "noto-nastaliq-urdu": {
    variants: noto("NotoNastaliqUrdu", [400, 700]),
    note: "the Bold file's OS/2 weight class says 400; its name table and strokes say bold",
  },
  // Latin
  "pt-serif": {
    variants: fromDir("fonts-paratype", "/usr/share/fonts/truetype/paratype", {
      "400": "PTF55F.ttf",
      "400i": "PTF56F.ttf",
      "700": "PTF75F.ttf",
      "700i": "PTF76F.ttf",
    }),
  },
  "pt-sans": {
    variants: fromDir("fonts-paratype", "/usr/share/fonts/truetype/paratype", {
      "400": "PTS55F.ttf",
      "400i": "PTS56F.ttf",
      "700": "PTS75F.ttf",
      "700i": "PTS76F.ttf",
    }),
  },
  "pt-mono": { variants: fromDir("fonts-paratype", "/usr/share/fonts/truetype/paratype", { "400": "PTM55F.ttf" }) },
  roboto: {
    variants: fromDir(
      "fonts-roboto-unhinted",
      "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF",
      weightsNamed([100, 300, 400, 500, 700, 900], true, "Roboto-", ".ttf"),
    ),
  },
  "roboto-slab": {
    variants: fromDir(
      "fonts-roboto-slab",
      "/usr/share/fonts/opentype/roboto/slab",
      weightsNamed([100, 300, 400, 700], false, "RobotoSlab-", ".otf"),
    ),
  },
  inter: {
    variants: fromDir(
      "fonts-inter",
      "/usr/share/fonts/opentype/inter",
      weightsNamed([100, 200, 300, 400, 500, 600, 700, 800, 900], true, "Inter-", ".otf"),
    ),
  },
  lato: {
    variants: fromDir(
      "fonts-lato",
      "/usr/share/fonts/truetype/lato",
      weightsNamed([100, 300, 400, 700, 900], true, "Lato-", ".ttf", { 100: "Hairline" }),
    ),
    note: "Lato 2.0; the library's 100 (Lato 1's thinnest) is Lato 2's Hairline (its Thin is 200)",
  },
  "open-sans": {
    variants: fromDir(
      "fonts-open-sans",
      "/usr/share/fonts/truetype/open-sans",
      weightsNamed([300, 400, 600, 700, 800], true, "OpenSans-", ".ttf", { 600: "Semibold" }),
    ),
  },
  cardo: {
    variants: fromDir("fonts-cardo", "/usr/share/fonts/truetype/cardo", {
      "400": "Cardo104s.ttf",
      "400i": "Cardoi99.ttf",
      "700": "Cardob101.ttf",
    }),
  },
  "anonymous-pro": {
    variants: fromDir("fonts-anonymous-pro", "/usr/share/fonts/truetype/anonymous-pro", {
      "400": "Anonymous Pro.ttf",
      "400i": "Anonymous Pro I.ttf",
      "700": "Anonymous Pro B.ttf",
      "700i": "Anonymous Pro BI.ttf",
    }),
  },
  "bebas-neue": {
    variants: fromDir("fonts-bebas-neue", "/usr/share/fonts/opentype/bebas-neue", { "400": "BebasNeue-Bold.otf" }),
    note: "Dharma Type's 2014 family: its Bold is the one weight Google Fonts ships as Bebas Neue 400 (its Regular is lighter)",
  },
  cabin: {
    variants: fromDir(
      "fonts-cabin",
      "/usr/share/fonts/opentype/cabin",
      weightsNamed([400, 500, 600, 700], true, "Cabin-", ".otf"),
    ),
  },
  comfortaa: {
    variants: fromDir(
      "fonts-comfortaa",
      "/usr/share/fonts/truetype/comfortaa",
      weightsNamed([300, 400, 700], false, "Comfortaa-", ".ttf"),
    ),
  },
  "courier-prime": {
    variants: fromDir("fonts-courier-prime", "/usr/share/fonts/opentype/courier-prime", {
      "400": "Courier Prime.otf",
      "400i": "Courier Prime Italic.otf",
      "700": "Courier Prime Bold.otf",
      "700i": "Courier Prime Bold Italic.otf",
    }),
    note: "the name tables of all four files say Regular; the weight and slant are the file names', checked by eye",
  },
  "dancing-script": {
    variants: fromDir("fonts-dancingscript", "/usr/share/fonts/opentype/dancingscript", {
      "400": "DancingScript-Regular.otf",
      "700": "DancingScript-Bold.otf",
    }),
    note: "version 1 (Google Fonts' version 2 redrew the letters a little)",
  },
  "eb-garamond": {
    variants: fromDir("fonts-ebgaramond", "/usr/share/fonts/opentype/ebgaramond", {
      "400": "EBGaramond12-Regular.otf",
      "400i": "EBGaramond12-Italic.otf",
      "700": "EBGaramond12-Bold.otf",
    }),
    note: "Georg Duffner's original 12 pt cut, old-style figures by default",
  },
  "fira-code": {
    variants: fromDir(
      "fonts-firacode",
      "/usr/share/fonts/truetype/firacode",
      weightsNamed([300, 400, 500, 600, 700], false, "FiraCode-", ".ttf"),
    ),
  },
  inconsolata: {
    variants: fromDir("fonts-inconsolata", "/usr/share/fonts/truetype/inconsolata", { "400": "Inconsolata.otf" }),
    note: "Raph Levien's original single weight (version 1.010, OS/2 weight class 500), the design of Inconsolata 3's 400",
  },
  "jetbrains-mono": {
    variants: fromDir(
      "fonts-jetbrains-mono",
      "/usr/share/fonts/truetype/jetbrains-mono",
      weightsNamed([100, 200, 300, 400, 500, 600, 700, 800], true, "JetBrainsMono-", ".ttf"),
    ),
  },
  karla: {
    variants: fromDir(
      "fonts-karla",
      "/usr/share/fonts/truetype/karla",
      weightsNamed([200, 300, 400, 500, 700, 800], true, "Karla-", ".otf"),
    ),
  },
  "kaushan-script": {
    variants: fromDir("fonts-kaushanscript", "/usr/share/fonts/opentype/kaushanscript", {
      "400": "KaushanScript-Regular.otf",
    }),
  },
  "old-standard-tt": {
    variants: fromDir("fonts-oldstandard", "/usr/share/fonts/truetype/fonts-oldstandard", {
      "400": "OldStandard-Regular.ttf",
      "400i": "OldStandard-Italic.ttf",
      "700": "OldStandard-Bold.ttf",
    }),
  },
  quicksand: {
    variants: fromDir(
      "fonts-quicksand",
      "/usr/share/fonts/truetype/quicksand",
      weightsNamed([300, 400, 500, 700], false, "Quicksand-", ".ttf"),
    ),
  },
  sora: {
    variants: fromDir(
      "fonts-sora",
      "/usr/share/fonts/opentype/sora",
      weightsNamed([100, 200, 300, 400, 600, 700, 800], false, "Sora-", ".otf"),
    ),
  },
  vollkorn: {
    variants: fromDir(
      "fonts-vollkorn",
      "/usr/share/fonts/truetype/vollkorn",
      weightsNamed([400, 500, 600, 700, 800, 900], true, "Vollkorn-", ".ttf"),
    ),
  },
};

/** Every Debian package the mapping uses, for one `apt-get install`. */
export const OTHER_BUILD_PACKAGES = [
  ...new Set(Object.values(OTHER_BUILDS).flatMap((b) => Object.values(b.variants).map((v) => v.package))),
].sort();

/** The variants of a family whose other build is on this machine, with their files. */
export function installedOtherBuild<V extends Pick<LibraryVariant, "weight" | "italic">>(
  familyId: string,
  variants: V[],
): { variant: V; file: string; package: string }[] {
  const build = OTHER_BUILDS[familyId];
  if (!build) return [];
  return variants.flatMap((variant) => {
    const v = build.variants[variantKey(variant)];
    return v && existsSync(v.file) ? [{ variant, ...v }] : [];
  });
}

/** The installed Debian version of each package (dpkg-query), or "unknown" off Debian. */
export function packageVersions(packages: string[]): Record<string, string> {
  return Object.fromEntries(
    packages.map((p) => {
      try {
        const v = execFileSync("dpkg-query", ["-W", "-f=${Version}", p], { stdio: ["ignore", "pipe", "ignore"] });
        return [p, v.toString().trim() || "unknown"];
      } catch {
        return [p, "unknown"];
      }
    }),
  );
}
