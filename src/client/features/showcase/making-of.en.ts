/** The "making of" section's English copy (the products page shows it; the Arabic module mirrors it). */
const copy = {
  eyebrow: "The making of Nawat",
  title: "Seven to Ten Days, One Pair of Hands",
  gallery: ["Nawat seen from above", "Nawat in profile", "The three parts of Nawat, apart"],
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
