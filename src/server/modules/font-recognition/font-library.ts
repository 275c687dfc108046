// Reads the model's font library (models/font-recognition/library.json). Its shape is declared
// once, in src/shared/schemas/font-library.ts, and checked here when the file is read.
import { readFileSync } from "node:fs";
import { fontLibrarySchema, type FontLibrary } from "#shared/schemas/font-library.ts";

export function loadFontLibrary(file: string): FontLibrary {
  return fontLibrarySchema.parse(JSON.parse(readFileSync(file, "utf8")));
}
