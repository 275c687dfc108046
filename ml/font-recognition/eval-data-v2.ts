// The evaluation sets added for issue 14: text-free images, lines drawn by FreeType through Pillow
// (from other builds of the families where their Debian packages are installed), short words and
// digit-heavy lines. None of them is used by training or by any calibration.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import type { GrayImage } from "#server/modules/font-recognition/image-input.ts";
import { hasLatinDigits } from "./arabic-coverage.ts";
import type { Case, TextOf } from "./eval-data.ts";
import { GATE_EVAL_PHOTOS, NEGATIVE_KINDS, negativeImage } from "./gate-data.ts";
import { OTHER_BUILDS, OTHER_BUILD_PACKAGES, installedOtherBuild } from "./other-builds.ts";
import { repoRoot } from "./render-sample.ts";
import { digitLine, makeLine, shortWord, toArabicIndic, type Rng } from "./text-corpus.ts";

const png = (g: GrayImage) =>
  sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } })
    .png()
    .toBuffer();

/** Short words of 3-5 letters from the held-out word list. */
export const shortWords: TextOf = (rng, family) => shortWord(rng, family.script, "heldOut");
const drawsLatinDigits = new Map<string, boolean>();
/**
 * Lines that are mostly digits: Latin digits for Latin families, mostly Arabic-Indic for Arabic ones,
 * and only Arabic-Indic for the Arabic fonts that lack Latin digits (training does the same): Chromium
 * would draw their Latin digits in a fallback font, a line that shows another font than the one named.
 */
export const digitLines: TextOf = (rng, family) => {
  const line = digitLine(rng, family.script);
  if (family.script === "latin") return line;
  if (!drawsLatinDigits.has(family.id)) drawsLatinDigits.set(family.id, hasLatinDigits(family));
  return drawsLatinDigits.get(family.id) ? line : toArabicIndic(line);
};

/**
 * Text-free images: the evaluation's photographs (never trained on) whole and cropped, and every
 * generated kind (product shots, textures, scribbles, shapes, gradients, noise) from seeds of its own.
 */
export async function noTextImages(rng: Rng, perKind: number): Promise<{ kind: string; image: Buffer }[]> {
  const out: { kind: string; image: Buffer }[] = [];
  for (const file of GATE_EVAL_PHOTOS)
    out.push({
      kind: "photo-whole",
      image: await sharp(path.join(repoRoot, "media", file))
        .jpeg()
        .toBuffer(),
    });
  for (const kind of NEGATIVE_KINDS)
    for (let i = 0; i < perKind; i++)
      out.push({ kind, image: await png(await negativeImage(rng, kind, GATE_EVAL_PHOTOS)) });
  return out;
}

/** Whether Debian's Pillow is there to draw with FreeType. */
export function hasPillow(): boolean {
  try {
    execFileSync("/usr/bin/python3", ["-c", "import PIL"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A FreeType line and the file it was drawn from: another build of the family, or the training file. */
export interface PillowCase extends Case {
  file: string;
  /** The Debian package of the other build; absent when the line comes from the training file. */
  otherBuildPackage?: string;
}

/**
 * Lines of held-out words drawn by FreeType through Pillow (libraqm shaping). A family with another
 * build on this machine (other-builds.ts: Debian packages) is drawn from it, in the variants it has;
 * the others from the library's own files, as are all families where those packages are missing.
 */
export async function pillowLines(
  families: LibraryFamily[],
  perFamily: number,
  rng: Rng,
  workDir: string,
): Promise<PillowCase[]> {
  const dir = path.join(workDir, "pillow");
  mkdirSync(dir, { recursive: true });
  const jobs: { c: Omit<PillowCase, "image">; job: Record<string, unknown> }[] = [];
  for (const family of families) {
    const other = installedOtherBuild(family.id, family.variants);
    for (let i = 0; i < perFamily; i++) {
      const pick = other.length
        ? other[Math.floor(rng() * other.length)]!
        : { variant: family.variants[Math.floor(rng() * family.variants.length)]! };
      const file = "file" in pick ? pick.file : path.join(repoRoot, pick.variant.files[0]!);
      const size = Math.round(16 + rng() * 48);
      const text = makeLine(rng, family.script, "heldOut");
      const dark = rng() < 0.2;
      const out = path.join(dir, `${family.id}-${i}.png`);
      jobs.push({
        c: {
          family,
          variant: pick.variant,
          text,
          fontSizePx: size,
          file,
          ...("package" in pick ? { otherBuildPackage: pick.package } : {}),
        },
        job: {
          file,
          text,
          size,
          rtl: family.script === "arabic",
          fg: dark ? [235, 232, 225] : [20, 20, 20],
          bg: dark ? [30, 34, 40] : [255, 255, 255],
          out,
        },
      });
    }
  }
  const missing = OTHER_BUILD_PACKAGES.filter(
    (p) =>
      !Object.values(OTHER_BUILDS).some((b) =>
        Object.values(b.variants).some((v) => v.package === p && existsSync(v.file)),
      ),
  );
  const otherFamilies = new Set(jobs.filter((j) => j.c.otherBuildPackage).map((j) => j.c.family.id));
  console.log(
    `pillow: other builds for ${otherFamilies.size} families, the library's own files for ${families.length - otherFamilies.size}` +
      (missing.length ? `; packages not installed: ${missing.join(" ")}` : ""),
  );
  writeFileSync(
    path.join(dir, "cases.json"),
    JSON.stringify(
      jobs.map((j) => ({
        familyId: j.c.family.id,
        weight: j.c.variant.weight,
        italic: j.c.variant.italic,
        file: path.relative(repoRoot, j.c.file).startsWith("..") ? j.c.file : path.relative(repoRoot, j.c.file),
        package: j.c.otherBuildPackage ?? null,
        out: path.basename(j.job.out as string),
      })),
      null,
      1,
    ) + "\n",
  );
  const log = execFileSync("/usr/bin/python3", [path.join(repoRoot, "ml/font-recognition/render_pillow.py")], {
    input: JSON.stringify(jobs.map((j) => j.job)),
  }).toString();
  console.log(`pillow: ${log.trim()}`);
  return jobs
    .filter((j) => existsSync(j.job.out as string))
    .map((j) => ({ ...j.c, image: readFileSync(j.job.out as string) }));
}
