// Whether an Arabic font covers the whole alphabet in its four contextual forms (build-library.ts
// checks every library family with it; survey-fontsource-arabic.ts checks candidate packages).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import type { LibraryFamily } from "#shared/schemas/font-library.ts";
import { repoRoot } from "./render-sample.ts";

// Hamza forms, the 28 letters and teh marbuta / alef maksura.
const arabicLetters = [..."ءآأؤإئابةتثجحخدذرزسشصضطظعغفقكلمنهوىي"];
const nonJoining = new Set([..."ءآأؤإادذرزوةى"]);
const TATWEEL = "\u0640";

/** The code points a font file maps (fontconfig's fc-query). */
export function charset(file: string): Set<number> {
  const ranges = execFileSync("fc-query", ["--format=%{charset}", file], { encoding: "utf8" }).trim().split(/\s+/);
  const out = new Set<number>();
  for (const r of ranges) {
    const [a, b] = r.split("-").map((h) => parseInt(h, 16));
    if (a === undefined || Number.isNaN(a)) continue;
    for (let c = a; c <= (b ?? a); c++) out.add(c);
  }
  return out;
}

/**
 * Whether every variant of the family draws the Latin digits itself. Some Arabic fonts (KacstBook,
 * Blaka, …) have only the Arabic-Indic ones; Latin digits would come from a fallback font, so their
 * lines get Arabic-Indic digits instead.
 */
export function hasLatinDigits(family: LibraryFamily): boolean {
  return family.variants.every((v) => {
    const codes = new Set(v.files.flatMap((f) => [...charset(path.join(repoRoot, f))]));
    return [..."0123456789"].every((d) => codes.has(d.codePointAt(0)!));
  });
}

function renderSignature(family: string, text: string): string {
  const canvas = createCanvas(160, 100);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, 160, 100);
  ctx.fillStyle = "#000";
  ctx.font = `48px "${family}"`;
  ctx.direction = "rtl";
  ctx.fillText(text, 140, 70);
  const { data } = ctx.getImageData(0, 0, 160, 100);
  let sig = "";
  for (let i = 0; i < data.length; i += 16) sig += data[i]! < 128 ? "1" : "0";
  return sig;
}

/** Every letter present, and every joining letter changes shape in initial, medial and final position. */
export function checkArabicCoverage(file: string, alias: string): { ok: boolean; missing: string[] } {
  const cs = charset(file);
  const missing = arabicLetters.filter((l) => !cs.has(l.codePointAt(0)!));
  GlobalFonts.registerFromPath(file, alias);
  for (const l of arabicLetters) {
    if (missing.includes(l)) continue;
    const iso = renderSignature(alias, l);
    const forms = nonJoining.has(l) ? [TATWEEL + l] : [l + TATWEEL, TATWEEL + l + TATWEEL, TATWEEL + l];
    for (const f of forms) {
      // A joined form drawn with the isolated glyph plus a detached tatweel would still differ from the
      // bare letter, so compare against the isolated letter drawn next to a separate tatweel as well.
      const unjoined = renderSignature(alias, f.replaceAll(TATWEEL, "\u200C" + TATWEEL + "\u200C"));
      if (renderSignature(alias, f) === iso || renderSignature(alias, f) === unjoined) {
        // Many designs draw initial tah/zah with the isolated glyph, whose tail already meets the next letter.
        const sameByDesign = (l === "ط" || l === "ظ") && f === l + TATWEEL;
        if (!nonJoining.has(l) && !sameByDesign)
          missing.push(`${l}:${f === l + TATWEEL ? "init" : f.endsWith(TATWEEL) ? "medi" : "fina"}`);
      }
    }
  }
  return { ok: missing.length === 0, missing };
}
