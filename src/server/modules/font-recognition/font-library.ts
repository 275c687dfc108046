// The shape of models/font-recognition/library.json (written by ml/font-recognition/build-library.ts).
import { readFileSync } from 'node:fs';

export type ArabicStyle = 'naskh' | 'kufi' | 'thuluth' | 'diwani' | 'ruqah' | 'nastaliq' | 'sans' | 'display';
export const arabicStyles: readonly ArabicStyle[] = ['naskh', 'kufi', 'thuluth', 'diwani', 'ruqah', 'nastaliq', 'sans', 'display'];

export interface CulturalContext {
  origin: string;
  originAr: string;
  usage: string;
  usageAr: string;
}

export interface LibraryVariant {
  weight: number;
  italic: boolean;
  /** Repository-relative font files; the first holds the family's own script. */
  files: string[];
}

export interface LibraryFamily {
  id: string;
  name: string;
  nameAr: string;
  script: 'arabic' | 'latin';
  classification: string;
  classificationAr: string;
  arabicStyle?: ArabicStyle;
  latinClass?: string;
  weights: number[];
  italic: boolean;
  characteristics: string[];
  characteristicsAr: string[];
  culturalContext?: CulturalContext;
  variants: LibraryVariant[];
  source: string;
  licence: string;
  licenceFile: string;
}

export interface FontLibrary {
  version: number;
  families: LibraryFamily[];
}

export function loadFontLibrary(file: string): FontLibrary {
  return JSON.parse(readFileSync(file, 'utf8')) as FontLibrary;
}
