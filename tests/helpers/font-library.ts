import type { LibraryFamily } from "#shared/schemas/font-library.ts";

/** A library family for tests: a Latin sans in 300, 400 and 700, with the given fields changed. */
export const libraryFamily = (id: string, overrides: Partial<LibraryFamily> = {}): LibraryFamily => ({
  id,
  name: `Name ${id}`,
  nameAr: `اسم ${id}`,
  script: "latin",
  classification: "Sans",
  classificationAr: "غير مذيّل",
  weights: [300, 400, 700],
  italic: false,
  characteristics: ["Open forms"],
  characteristicsAr: ["أشكال مفتوحة"],
  variants: [],
  source: "npm",
  licence: "OFL-1.1",
  licenceFile: "LICENSE",
  ...overrides,
});
