/**
 * Pictures of the showcase product that pages other than /products show. A module of its own, so
 * the home and contact pages' chunks do not carry the showcase data; their words are in
 * pictures.{en,ar}.ts.
 *
 * `heroUpright`: the stills the two heroes (home and /products) draw on upright screens: the set of
 * the home loop and of the showcase hero framed upright with the product in the upper part, a 9:16
 * for phones and a 3:4 for tablets (media/README.md).
 */
export const heroUpright = { phone: "hero-portrait.jpg", tablet: "hero-tablet.jpg" };

/** The home page's picture of the product's parts, and the contact page's view from above. */
export const showcaseStills = { parts: "nawat-exploded.jpg", top: "nawat-top.jpg" };
