/**
 * The stills the two heroes (home and /products) draw on upright screens: the set of the home
 * loop and of nawat-hero.jpg framed upright with the bowl in the upper part, a 9:16 for phones and
 * a 3:4 for tablets (media/README.md). A module of its own, so the home page's chunk does not
 * carry the showcase data.
 */
export const heroUpright = { phone: "hero-portrait.jpg", tablet: "hero-tablet.jpg" };
