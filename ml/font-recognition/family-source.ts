// The shape of one family's hand-written facts: declared apart from library-source.ts, which
// gathers the two lists, so the lists can name it without importing the file that imports them.

import type { ArabicStyle } from "#shared/schemas/font-library.ts";

export type Script = "arabic" | "latin";
export type LatinClass = "serif" | "sans" | "slab" | "script" | "monospace" | "display";

export interface FamilySource {
  id: string;
  name: string;
  nameAr: string;
  script: Script;
  /** Arabic families: their calligraphic style; Latin families: their classification. */
  kind: ArabicStyle | LatinClass;
  characteristics: string[];
  characteristicsAr: string[];
  /** npm @fontsource package name (without scope) or files under ml/font-recognition/fonts/. */
  source:
    | { npm: string }
    | { files: { weight: number; italic: boolean; path: string }[]; licence: string; licenceFile: string };
}
