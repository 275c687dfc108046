/** The Arabic font family, self-hosted in weights 300 and 500 (spec §1). */
export const ARABIC_FONT = "IBM Plex Sans Arabic";

/** Loads both Arabic weights at page start; the outcome is only logged (spec §1, §8). */
export function logArabicFontLoad(): void {
  if (!("fonts" in document)) return;
  Promise.all(["300", "500"].map((weight) => document.fonts.load(`${weight} 16px "${ARABIC_FONT}"`, "نواة")))
    .then((results) => {
      if (results.every((faces) => faces.length > 0)) console.info(`Arabic font loaded: ${ARABIC_FONT} 300, 500`);
      else console.warn(`Arabic font not available: ${ARABIC_FONT}`);
    })
    .catch((error: unknown) => console.warn(`Arabic font failed to load: ${String(error)}`));
}
