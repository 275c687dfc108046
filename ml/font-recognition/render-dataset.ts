// Renders the training, validation and held-out-string test sets through the server's preprocessing
// and writes them as flat binary shards for train.py.
//   node --import tsx ml/font-recognition/render-dataset.ts [--train 800] [--val 60] [--test 40] [--jobs 2]
//     [--out DIR] [--seed 1] [--families id1,id2] [--latin-share 0.28] [--short-share 0.12] [--digit-share 0.1]
//   node --import tsx ml/font-recognition/render-dataset.ts --exposure --train 300 --val 0 --test 0 --out DIR
//     (the outlier-exposure group of held-out-fonts.ts instead of the library: train.py's negatives)
//
// One unit per split and family: <split>-<family>.u8 (N x H x W ink bytes), <split>-<family>.f32
// (N x LABEL_COLUMNS) and <split>-<family>.json (its manifest). Resumable: a unit whose manifest holds
// the same fingerprint (recipe version, split, line count, seed, shares and the family's own
// definition: script, style, variants and files, source version) is kept; any other is rendered
// again. Files are written under a temporary name and renamed, the manifest last, so a killed run
// leaves no half unit behind. The family column holds the family's index at render time; train.py
// takes the label from the unit's family id (meta.json), so adding or removing families keeps every
// other family's units. meta.json lists the units once all of them are done.
import { fork } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadFontLibrary } from "#server/modules/font-recognition/font-library.ts";
import { arabicStyles, type LibraryFamily } from "#shared/schemas/font-library.ts";
import { findTextLines } from "#server/modules/font-recognition/find-text-lines.ts";
import {
  lineToModelInputs,
  MODEL_INPUT_HEIGHT,
  MODEL_INPUT_WIDTH,
} from "#server/modules/font-recognition/model-inputs.ts";
import { hasLatinDigits } from "./arabic-coverage.ts";
import { isBilingual } from "./bilingual.ts";
import { asLibraryFamily, openSetExposureGroup } from "./held-out-fonts.ts";
import { photoBackground, wallpaperFiles } from "./photo-backgrounds.ts";
import { renderSample, repoRoot } from "./render-sample.ts";
import { digitLine, makeLine, makeRng, shortWord, toArabicIndic } from "./text-corpus.ts";

export const LABEL_COLUMNS = [
  "family",
  "weight",
  "italic",
  /** Index in arabicStyles; -1 for Latin families and for the Latin lines of bilingual families. */
  "arabicStyle",
  "fontSizePx",
  "lineHeight",
  "coreHeight",
  /** The script of the line's text: 1 Arabic, 0 Latin (a bilingual Arabic family has both). */
  "script",
  /** Index in LINE_KINDS. */
  "kind",
] as const;
export const LINE_KINDS = ["line", "shortWord", "digits"] as const;

/** Bump when the way a line is made or drawn changes: every unit of another recipe is rendered again. */
const RECIPE = 2;

const { values } = parseArgs({
  options: {
    train: { type: "string", default: "800" },
    val: { type: "string", default: "60" },
    test: { type: "string", default: "40" },
    jobs: { type: "string", default: "2" },
    out: { type: "string", default: path.join(repoRoot, "ml/font-recognition/work/data") },
    seed: { type: "string", default: "1" },
    /** Only these family ids (comma-separated), for quick experiments. */
    families: { type: "string" },
    /** Share of a bilingual Arabic family's lines set in Latin from its Latin file. */
    "latin-share": { type: "string", default: "0.28" },
    /** Share of short words (3-5 letters). */
    "short-share": { type: "string", default: "0.12" },
    /** Share of digit-heavy lines (not in the held-out-string test split, which is about words). */
    "digit-share": { type: "string", default: "0.1" },
    /**
     * Share of lines set on a photograph, a wallpaper or a product shot (photo-backgrounds.ts) instead
     * of the painted plain, graded and blotched backgrounds (issue 38: the independent sets' photographs).
     */
    "photo-share": { type: "string", default: "0" },
    /** Render the outlier-exposure group (held-out-fonts.ts) instead of the library. */
    exposure: { type: "boolean", default: false },
    /** Internal: this process renders the units its parent sends it. */
    worker: { type: "boolean", default: false },
  },
});

const library = loadFontLibrary(path.join(repoRoot, "models/font-recognition/library.json"));
let families: LibraryFamily[] = values.exposure ? openSetExposureGroup.map(asLibraryFamily) : library.families;
if (values.families) {
  const wanted = values.families.split(",").map((s) => s.trim());
  const unknown = wanted.filter((id) => !families.some((f) => f.id === id));
  if (unknown.length) throw new Error(`not among the families to render: ${unknown.join(", ")}`);
  families = families.filter((f) => wanted.includes(f.id));
}
const shares = {
  latin: Number(values["latin-share"]),
  short: Number(values["short-share"]),
  digits: Number(values["digit-share"]),
  photo: Number(values["photo-share"]),
};
const seed = Number(values.seed);
const splits = [
  { name: "train", perFamily: Number(values.train), strings: "train" as const },
  { name: "val", perFamily: Number(values.val), strings: "train" as const },
  { name: "test", perFamily: Number(values.test), strings: "heldOut" as const },
];
type Split = (typeof splits)[number];
const outDir = path.resolve(values.out!);
const windowBytes = MODEL_INPUT_HEIGHT * MODEL_INPUT_WIDTH;

interface Unit {
  split: Split;
  family: LibraryFamily;
  stem: string;
  fingerprint: string;
}

interface Manifest {
  recipe: number;
  fingerprint: string;
  split: string;
  family: string;
  lines: number;
  samples: number;
  failed: number;
  seed: number;
  shares: typeof shares;
  labelColumns: readonly string[];
  seconds: number;
}

const units: Unit[] = splits.flatMap((split) =>
  split.perFamily <= 0
    ? []
    : families.map((family) => {
        const definition = {
          recipe: RECIPE,
          split: split.name,
          strings: split.strings,
          lines: split.perFamily,
          seed,
          shares: { ...shares, latin: isBilingual(family) ? shares.latin : 0 },
          input: [MODEL_INPUT_HEIGHT, MODEL_INPUT_WIDTH],
          family: {
            id: family.id,
            script: family.script,
            arabicStyle: family.arabicStyle ?? null,
            variants: family.variants,
            source: family.source,
          },
        };
        const fingerprint = createHash("sha1").update(JSON.stringify(definition)).digest("hex");
        return { split, family, stem: `${split.name}-${family.id}`, fingerprint };
      }),
);

const file = (stem: string, ext: string) => path.join(outDir, `${stem}.${ext}`);

function readManifest(stem: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(file(stem, "json"), "utf8")) as Manifest;
  } catch {
    return undefined;
  }
}

function isComplete(unit: Unit): boolean {
  const m = readManifest(unit.stem);
  if (!m || m.fingerprint !== unit.fingerprint) return false;
  try {
    return (
      statSync(file(unit.stem, "u8")).size === m.samples * windowBytes &&
      statSync(file(unit.stem, "f32")).size === m.samples * LABEL_COLUMNS.length * 4
    );
  } catch {
    return false;
  }
}

/** Writes atomically: a temporary file in the same folder, then a rename. */
function writeAtomic(target: string, data: Uint8Array | string): void {
  const tmp = `${target}.tmp-${process.pid}`;
  writeFileSync(tmp, data);
  renameSync(tmp, target);
}

let wallList: string[] | undefined;
const walls = () => (wallList ??= wallpaperFiles());

function hash32(s: string): number {
  return createHash("sha1").update(s).digest().readUInt32LE(0);
}

async function renderUnit(unit: Unit): Promise<Manifest> {
  const started = Date.now();
  const { split, family } = unit;
  const familyIndex = families.indexOf(family);
  const bilingual = isBilingual(family);
  const latinDigits = family.script === "latin" || hasLatinDigits(family);
  const style = family.arabicStyle ? arabicStyles.indexOf(family.arabicStyle) : -1;
  const base = hash32(`${seed}:${split.name}:${family.id}`);
  const digitShare = split.name === "test" ? 0 : shares.digits;
  const images: Uint8Array[] = [];
  const labels: number[] = [];
  let failed = 0;
  for (let i = 0; i < split.perFamily; i++) {
    const rng = makeRng((base + Math.imul(i + 1, 0x9e3779b1)) >>> 0);
    const variant = family.variants[Math.floor(rng() * family.variants.length)]!;
    // A bilingual Arabic family sets a share of its lines in Latin, from its Latin file.
    const script = bilingual && rng() < shares.latin ? "latin" : family.script;
    const r = rng();
    let kind: number;
    let text: string;
    if (r < digitShare) {
      kind = LINE_KINDS.indexOf("digits");
      text = digitLine(rng, script);
    } else if (r < digitShare + shares.short) {
      kind = LINE_KINDS.indexOf("shortWord");
      text = shortWord(rng, script, split.strings);
    } else {
      kind = LINE_KINDS.indexOf("line");
      text = makeLine(rng, script, split.strings);
      // Training lines are short: the model sees a window about four line-heights wide anyway.
      if (split.name === "train")
        text = text
          .split(" ")
          .slice(0, 1 + Math.floor(rng() * 4))
          .join(" ");
    }
    if (!latinDigits && script === "arabic") text = toArabicIndic(text);
    const fontSize = Math.round(Math.exp(Math.log(12) + rng() * (Math.log(72) - Math.log(12))));
    try {
      const onPhoto = shares.photo > 0 && rng() < shares.photo;
      const background = onPhoto ? (w: number, h: number) => photoBackground(rng, w, h, walls()) : undefined;
      const sample = await renderSample(rng, family, variant, text, { fontSize, augment: true, script, background });
      const [line] = findTextLines(sample.gray, { maxLines: 1 });
      // On a photograph the layout can take an edge of it for the line: such a sample would teach the
      // photograph, so it is dropped (the text is drawn in the middle, at most half the height).
      if (onPhoto) {
        const middle = (line!.box.y + line!.box.h / 2) / sample.gray.height;
        if (Math.abs(middle - 0.5) > 0.15 || line!.box.h > 0.7 * sample.gray.height) throw new Error("off the text");
      }
      const [input] = lineToModelInputs(line!, 1, rng);
      const bytes = new Uint8Array(input!.length);
      for (let k = 0; k < bytes.length; k++) bytes[k] = Math.round(input![k]! * 255);
      images.push(bytes);
      labels.push(
        familyIndex,
        variant.weight,
        variant.italic ? 1 : 0,
        script === "arabic" ? style : -1,
        sample.fontSizePx,
        line!.lineHeight,
        line!.coreHeight,
        script === "arabic" ? 1 : 0,
        kind,
      );
    } catch {
      failed++;
    }
  }
  const u8 = new Uint8Array(images.length * windowBytes);
  images.forEach((im, k) => u8.set(im, k * windowBytes));
  const f32 = new Float32Array(labels);
  const manifest: Manifest = {
    recipe: RECIPE,
    fingerprint: unit.fingerprint,
    split: split.name,
    family: family.id,
    lines: split.perFamily,
    samples: images.length,
    failed,
    seed,
    shares,
    labelColumns: LABEL_COLUMNS,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
  // A manifest that no longer matches goes first, so the unit never looks finished half-written.
  if (existsSync(file(unit.stem, "json"))) unlinkSync(file(unit.stem, "json"));
  writeAtomic(file(unit.stem, "u8"), u8);
  writeAtomic(file(unit.stem, "f32"), new Uint8Array(f32.buffer));
  writeAtomic(file(unit.stem, "json"), JSON.stringify(manifest, null, 1));
  return manifest;
}

if (values.worker) {
  // Renders the units the parent sends, one at a time; exits when the parent goes away.
  const byStem = new Map(units.map((u) => [u.stem, u]));
  process.on("disconnect", () => process.exit(0));
  process.on("message", (msg: { stem: string }) => {
    void renderUnit(byStem.get(msg.stem)!).then(
      (m) => process.send!({ stem: msg.stem, manifest: m }),
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  });
  process.send!({ ready: true });
} else {
  mkdirSync(outDir, { recursive: true });
  for (const f of readdirSync(outDir)) if (/\.tmp-\d+$/.test(f)) unlinkSync(path.join(outDir, f));
  const started = Date.now();
  const pending = units.filter((u) => !isComplete(u));
  // The longest units first, so the workers finish together.
  pending.sort((a, b) => b.split.perFamily - a.split.perFamily);
  const linesTotal = pending.reduce((n, u) => n + u.split.perFamily, 0);
  console.log(
    `${families.length} families, ${units.length} units: ${units.length - pending.length} already rendered, ${pending.length} to render (${linesTotal} lines)`,
  );
  let linesDone = 0;
  let unitsDone = 0;
  const queue = [...pending];
  const jobs = Math.max(1, Math.min(Number(values.jobs), pending.length));
  await Promise.all(
    Array.from(
      { length: pending.length ? jobs : 0 },
      (_, k) =>
        new Promise<void>((resolve, reject) => {
          const child = fork(import.meta.filename, [...process.argv.slice(2), "--worker"], {
            execArgv: process.execArgv,
          });
          const next = () => {
            const unit = queue.shift();
            if (unit) child.send({ stem: unit.stem });
            else child.disconnect();
          };
          child.on("message", (msg: { ready?: boolean; stem?: string; manifest?: Manifest }) => {
            if (msg.manifest) {
              const m = msg.manifest;
              linesDone += m.lines;
              unitsDone++;
              const elapsed = (Date.now() - started) / 1000;
              const eta = (elapsed / linesDone) * (linesTotal - linesDone);
              console.log(
                `[${k}] ${msg.stem}: ${m.samples} samples (${m.failed} without a detectable line) in ${m.seconds} s; ` +
                  `${unitsDone}/${pending.length} units, ~${Math.round(eta / 60)} min to go`,
              );
            }
            next();
          });
          child.on("exit", (code) =>
            code === 0 || queue.length === 0 ? resolve() : reject(new Error(`worker ${k} exited with ${code}`)),
          );
        }),
    ),
  );
  const incomplete = units.filter((u) => !isComplete(u));
  if (incomplete.length) throw new Error(`${incomplete.length} units did not finish: ${incomplete[0]!.stem}, …`);
  const meta = {
    inputHeight: MODEL_INPUT_HEIGHT,
    inputWidth: MODEL_INPUT_WIDTH,
    labelColumns: LABEL_COLUMNS,
    lineKinds: LINE_KINDS,
    families: families.map((f) => f.id),
    bilingual: families.filter(isBilingual).map((f) => f.id),
    arabicStyles,
    recipe: RECIPE,
    seed,
    shares,
    perFamily: Object.fromEntries(splits.map((s) => [s.name, s.perFamily])),
    units: units.map((u) => ({
      split: u.split.name,
      family: u.family.id,
      stem: u.stem,
      samples: readManifest(u.stem)!.samples,
    })),
  };
  // Deterministic content: the same data gives the same meta.json (train.sh keys its later steps on it).
  writeAtomic(path.join(outDir, "meta.json"), JSON.stringify(meta, null, 1));
  const n = meta.units.reduce((s, u) => s + u.samples, 0);
  console.log(`${n} samples in ${outDir}; this run took ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
