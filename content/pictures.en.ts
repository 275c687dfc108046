/**
 * The words (alt texts, captions) of the studio's pictures that show a product, wherever a page
 * shows them: the home page's hero loop, parts and workshop pictures, the about and contact
 * pictures, and the /products hero, heritage still and loop. Arabic: pictures.ar.ts, same shape.
 */
export default {
  homeHero: "Illustration: the Nawat walnut date bowl filled with dates, in low warm light on a dark set",
  parts: "Nawat in three parts: dates bowl, pit-collecting base and cover",
  workbench: "Illustration: the three walnut parts of Nawat laid out on the workbench with a chisel",
  workbenchSketch: "Illustration: the three walnut parts of Nawat laid out on the workbench with a chisel and a sketch",
  assembly: "Animation: the three walnut parts of Nawat close into one piece and open again",
  top: "Nawat, the walnut date bowl, seen from above",
  showcaseHero: "Illustration: Nawat, the walnut date bowl, with dates in low raking light on a dark set",
  heritage: "Illustration: Nawat with dates around its dip bowl, and a pit beside it",
  loop: "Nawat turning slowly, the lid lifting to reveal the base",
  gallery: ["Nawat seen from above", "Nawat in profile", "The three parts of Nawat, apart"],
} as const;
