// The evaluation sets added for issue 14: text-free images, lines drawn by FreeType through Pillow,
// short words and digit-heavy lines. None of them is used by training or by any calibration.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import type { GrayImage } from "#server/modules/font-recognition/image-input.ts";
import type { Case, TextOf } from "./eval-data.ts";
import { GATE_EVAL_PHOTOS, NEGATIVE_KINDS, negativeImage } from "./gate-data.ts";
import { repoRoot } from "./render-sample.ts";
import { digitLine, makeLine, shortWord, type Rng } from "./text-corpus.ts";

const png = (g: GrayImage) =>
  sharp(g.data, { raw: { width: g.width, height: g.height, channels: 1 } })
    .png()
    .toBuffer();

/** Short words of 3-5 letters from the held-out word list. */
export const shortWords: TextOf = (rng, family) => shortWord(rng, family.script, "heldOut");
/** Lines that are mostly digits: Latin digits for Latin families, mostly Arabic-Indic for Arabic ones. */
export const digitLines: TextOf = (rng, family) => digitLine(rng, family.script);

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

/** Lines of held-out words drawn by FreeType through Pillow (libraqm shaping), from the library's files. */
export async function pillowLines(
  families: LibraryFamily[],
  perFamily: number,
  rng: Rng,
  workDir: string,
): Promise<Case[]> {
  const dir = path.join(workDir, "pillow");
  mkdirSync(dir, { recursive: true });
  const jobs: { c: Omit<Case, "image">; job: Record<string, unknown> }[] = [];
  for (const family of families)
    for (let i = 0; i < perFamily; i++) {
      const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
      const size = Math.round(16 + rng() * 48);
      const text = makeLine(rng, family.script, "heldOut");
      const dark = rng() < 0.2;
      const out = path.join(dir, `${family.id}-${i}.png`);
      jobs.push({
        c: { family, variant, text, fontSizePx: size },
        job: {
          file: path.join(repoRoot, variant.files[0]!),
          text,
          size,
          rtl: family.script === "arabic",
          fg: dark ? [235, 232, 225] : [20, 20, 20],
          bg: dark ? [30, 34, 40] : [255, 255, 255],
          out,
        },
      });
    }
  const log = execFileSync("/usr/bin/python3", [path.join(repoRoot, "ml/font-recognition/render_pillow.py")], {
    input: JSON.stringify(jobs.map((j) => j.job)),
  }).toString();
  console.log(`pillow: ${log.trim()}`);
  return jobs
    .filter((j) => existsSync(j.job.out as string))
    .map((j) => ({ ...j.c, image: readFileSync(j.job.out as string) }));
}
