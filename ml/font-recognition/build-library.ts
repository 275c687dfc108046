// Resolves every family in library-source.ts to font files on disk, checks that each Arabic font
// covers the whole alphabet in its four contextual forms, and writes models/font-recognition/library.json.
// Run: npx tsx ml/font-recognition/build-library.ts
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { checkArabicCoverage } from "./arabic-coverage.ts";
import { classificationText, culturalContexts, families } from "./library-source.ts";
import type { ArabicStyle, FontLibrary, LibraryFamily, LibraryVariant } from "#shared/schemas/font-library.ts";

const root = path.resolve(import.meta.dirname, "../..");
const outFile = path.join(root, "models/font-recognition/library.json");

function npmVariants(pkg: string, script: "arabic" | "latin"): LibraryVariant[] {
  const dir = path.join(root, "node_modules/@fontsource", pkg, "files");
  const re = new RegExp(`^${pkg}-(arabic|latin)-(\\d+)-(normal|italic)\\.woff2$`);
  const byKey = new Map<string, LibraryVariant>();
  for (const f of readdirSync(dir).sort()) {
    const m = re.exec(f);
    if (!m) continue;
    const [, subset, w, style] = m;
    const key = `${w}-${style}`;
    const v = byKey.get(key) ?? { weight: Number(w), italic: style === "italic", files: [] };
    const rel = path.relative(root, path.join(dir, f));
    // The primary subset comes first: it is what the model is trained on.
    if (subset === script) v.files.unshift(rel);
    else v.files.push(rel);
    byKey.set(key, v);
  }
  return [...byKey.values()]
    .filter((v) => v.files.some((f) => f.includes(`-${script}-`)))
    .sort((a, b) => a.weight - b.weight || Number(a.italic) - Number(b.italic));
}

const out: LibraryFamily[] = [];
const rejected: { id: string; missing: string[] }[] = [];
for (const fam of families) {
  let variants: LibraryVariant[];
  let licence: string;
  let licenceFile: string;
  let sourceNote: string;
  if ("npm" in fam.source) {
    variants = npmVariants(fam.source.npm, fam.script);
    const pj = JSON.parse(
      readFileSync(path.join(root, "node_modules/@fontsource", fam.source.npm, "package.json"), "utf8"),
    );
    licence = pj.license;
    licenceFile = `node_modules/@fontsource/${fam.source.npm}/LICENSE`;
    sourceNote = `npm @fontsource/${fam.source.npm}@${pj.version}`;
  } else {
    variants = fam.source.files.map((f) => ({ weight: f.weight, italic: f.italic, files: [f.path] }));
    licence = fam.source.licence;
    licenceFile = fam.source.licenceFile;
    sourceNote = "Debian package, copied into ml/font-recognition/fonts/";
  }
  if (variants.length === 0) throw new Error(`no files for ${fam.id}`);
  for (const v of variants)
    for (const f of v.files) if (!existsSync(path.join(root, f))) throw new Error(`missing ${f}`);
  if (fam.script === "arabic") {
    const regular = variants.find((v) => !v.italic && v.weight === 400) ?? variants[0]!;
    const cov = checkArabicCoverage(path.join(root, regular.files[0]!), `cov-${fam.id}`);
    if (!cov.ok) {
      rejected.push({ id: fam.id, missing: cov.missing });
      console.warn(`rejected ${fam.id}: missing ${cov.missing.join(" ")}`);
      continue;
    }
  }
  const cls = classificationText[fam.script][fam.kind]!;
  out.push({
    id: fam.id,
    name: fam.name,
    nameAr: fam.nameAr,
    script: fam.script,
    classification: cls.en,
    classificationAr: cls.ar,
    ...(fam.script === "arabic"
      ? { arabicStyle: fam.kind as ArabicStyle, culturalContext: culturalContexts[fam.kind as ArabicStyle] }
      : { latinClass: fam.kind }),
    weights: [...new Set(variants.map((v) => v.weight))],
    italic: variants.some((v) => v.italic),
    characteristics: fam.characteristics,
    characteristicsAr: fam.characteristicsAr,
    variants,
    source: sourceNote,
    licence,
    licenceFile,
  } as LibraryFamily);
}

const library: FontLibrary = { version: 1, families: out };
mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(outFile, JSON.stringify(library, null, 1) + "\n");
const arabic = out.filter((f) => f.script === "arabic").length;
console.log(
  `wrote ${outFile}: ${out.length} families (${arabic} Arabic, ${out.length - arabic} Latin), ${out.reduce((n, f) => n + f.variants.length, 0)} variants; rejected ${rejected.length}`,
);
