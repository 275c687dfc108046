import pictures from "#content/pictures.en.ts";
import collection from "#content/collection.en.ts";
import products from "#content/products.en.ts";

/** The home page. The words of its products and of the pictures that show them are in content/. */
export default {
  hero: {
    eyebrow: "Handcrafted in Riyadh",
    title: "Heritage, shaped by hand.",
    body: "Objects for the Saudi majlis, turned from walnut and designed around the small rituals of hospitality: made to be noticed, used every day and handed down.",
    explore: "Explore the Collection",
    story: "Our Story",
    poster: pictures.homeHero,
  },
  handcrafted: {
    eyebrow: "Handcrafted",
    title: collection.title,
    body: "Each piece starts from a gesture every Saudi home knows, and asks how it could be more graceful.",
    /** A product card's labels; `{name}` is the product's short name, the card's words are the product's. */
    card: {
      open: "View {name} details",
      zoom: "Zoom into {name}",
      cart: "Add {name} to cart",
      moreInfo: "More about {name}",
    },
    products,
  },
  noticing: {
    eyebrow: "The art of noticing",
    title: "Good design begins with what everyone else overlooks.",
    body: "Pits gathered in a palm. Ash on the majlis carpet. Small moments that nobody designs for, yet everybody lives with. Our eye-shaped mark is a promise: we look closely at how people really host, and then design the detail that makes the moment easier.",
    points: [
      { title: "Notice", body: "We watch the ritual before we touch the wood." },
      { title: "Simplify", body: "One gesture, no instructions, nothing to break." },
      { title: "Honor", body: "Materials and forms that respect where they come from." },
    ],
    image: pictures.parts,
  },
  behind: {
    eyebrow: "Behind the scenes",
    title: "From a Walnut Block to Your Majlis",
    body: "Every piece passes through the same hands in our Riyadh workshop.",
    slides: [
      {
        alt: "Illustration: curled walnut shavings and a chisel on the workbench",
        caption: "Turning: the bowl takes its shape, one shaving at a time.",
      },
      {
        alt: pictures.workbench,
        caption: "Finishing: natural oils bring the grain to life.",
      },
      {
        alt: pictures.assembly,
        caption: "Assembly: three parts that close into one piece.",
      },
    ],
  },
  closing: {
    title: "Have a project in mind?",
    body: "Corporate gifts, events, a piece of your own: the studio designs and makes it with you.",
    services: "Our Services",
    contact: "Talk to the Studio",
    fontTool: "Spotted a typeface you like? Our font recognition tool names it, in Arabic and Latin.",
    fontToolLink: "Try the font tool",
  },
} as const;
