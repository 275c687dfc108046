/** The Arabic font family, self-hosted in weights 300 and 500 (spec §1). */
export const ARABIC_FONT = "IBM Plex Sans Arabic";

/**
 * Loads both Arabic weights at page start; the outcome is only logged (spec §1, §8). It waits for
 * the first idle moment, so two font downloads and their parsing do not compete with the first
 * screen and hydration of a page that may not even show Arabic.
 */
export function logArabicFontLoad(): void {
  if (!("fonts" in document)) return;
  if ("requestIdleCallback" in window) requestIdleCallback(probe, { timeout: 5000 });
  else setTimeout(probe, 1000);
}

function probe(): void {
  Promise.all(["300", "500"].map((weight) => document.fonts.load(`${weight} 16px "${ARABIC_FONT}"`, "نواة")))
    .then((results) => {
      if (results.every((faces) => faces.length > 0)) console.info(`Arabic font loaded: ${ARABIC_FONT} 300, 500`);
      else console.warn(`Arabic font not available: ${ARABIC_FONT}`);
    })
    .catch((error: unknown) => console.warn(`Arabic font failed to load: ${String(error)}`));
}
