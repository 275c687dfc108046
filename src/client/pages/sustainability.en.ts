import { catalogProduct } from "#content/catalog.ts";
import { showcase } from "#content/showcase.ts";

/** The showcase product's short name (content/): the closing link goes to its page. */
const showcased = catalogProduct(showcase.id).shortName;

export default {
  hero: {
    eyebrow: "Sustainability",
    title: "Made to last as long as the desert remembers.",
    body: "We design for generations, not seasons: honest materials, slow craft and objects worth keeping.",
    image: "Illustration: the crest of a dune at golden hour, its slip face in shadow, far ridges under an evening sky",
    discover: "Discover More",
  },
  main: {
    eyebrow: "Our commitment",
    title: "Cultural & Environmental Sustainability",
    philosophy:
      "Our design philosophy is simple: an object should carry a culture forward without costing the earth. Every piece keeps a Saudi ritual alive, the welcome of dates and coffee, the warmth of oud, and is made to be used for decades, repaired rather than replaced, and passed on.",
    wood: "We work in premium natural walnut wood from eco-friendly sources: forests managed for regrowth, boards bought with their origin known. The wood is treated only with natural oils and beeswax, never plastic lacquers, so it stays food-safe, ages beautifully and can be renewed at home.",
    image: "Illustration: curled walnut shavings and offcuts on the workbench, a chisel beside them",
  },
  pillars: {
    title: "Four Promises Behind Every Piece",
    items: [
      {
        title: "Responsible Walnut",
        body: "Solid walnut from managed forests. Offcuts become smaller pieces, shavings warm the workshop's smokers.",
      },
      {
        title: "Natural Finishes",
        body: "Plant oils and beeswax only: no lacquer, no solvents, nothing between your hands and the wood.",
      },
      {
        title: "Made to Be Kept",
        body: "Simple joinery with nothing to break, and a re-oiling guide with every piece, so it outlives trends.",
      },
      {
        title: "Living Heritage",
        body: "We work with Saudi craftspeople and keep their skills in use, so the crafts stay part of daily life.",
      },
    ],
  },
  closing: {
    quote: "The most sustainable object is the one a family refuses to throw away.",
    cta: `See How ${showcased.en} Is Made`,
  },
} as const;
