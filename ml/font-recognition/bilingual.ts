// Bilingual families: Arabic families whose every variant also carries a Latin file (the `-latin-`
// woff2 that @fontsource ships beside the Arabic one; build-library.ts puts it after the Arabic file).
// Training draws a share of their lines in Latin from that file (render-dataset.ts) and the evaluation
// sets English in them (eval-data.ts, `englishInBilingual`): both use this one definition.
import type { LibraryFamily } from "#shared/schemas/font-library.ts";

const isLatinFile = (file: string) => /-latin-/.test(file);

/**
 * Arabic families whose Latin letters are another library family's drawing: English set in them
 * is that family's English (rendered side by side, Vazirmatn's Latin differs from Roboto's by
 * less than a tenth of the ink, every other pair by more than a quarter), so they are not trained
 * or measured as bilingual.
 */
export const latinBorrowedFrom: Record<string, string> = { vazirmatn: "roboto" };

export function isBilingual(family: LibraryFamily): boolean {
  return (
    family.script === "arabic" &&
    !(family.id in latinBorrowedFrom) &&
    family.variants.every((v) => v.files.some(isLatinFile))
  );
}

/** The bilingual Arabic families as Latin families (only their Latin files), to set English in them. */
export function latinOfBilingual(families: LibraryFamily[]): LibraryFamily[] {
  return families.filter(isBilingual).map((f) => ({
    ...f,
    script: "latin" as const,
    variants: f.variants.map((v) => ({ ...v, files: [v.files.find(isLatinFile)!] })),
  }));
}
