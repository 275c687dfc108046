import pictures from "#content/pictures.en.ts";
import record from "#content/showcase.en.ts";

/**
 * The "making of" section's English copy (the products page shows it; the Arabic module mirrors
 * it). The showcase product's name and its gallery's words come from content/.
 */
const copy = {
  eyebrow: `The making of ${record.name}`,
  title: "Seven to Ten Days, One Pair of Hands",
  gallery: pictures.gallery,
  artisanLabel: "The artisan",
  sketchesLabel: "From Sketch to Object",
  technicalLabel: "Technical drawing",
  filmLabel: "Behind the Scenes",
  chapters: "Clips",
  materialsLabel: "Materials",
  craftLabel: "Craftsmanship",
  daysValue: "7-10",
  daysUnit: "days of handwork per piece",
  playChapter: "Play: {title}",
} as const;

export type MakingOfCopy = typeof copy;
export default copy;
