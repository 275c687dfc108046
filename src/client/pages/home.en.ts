export default {
  hero: {
    eyebrow: "Handcrafted in Riyadh",
    title: "Heritage, shaped by hand.",
    body: "Objects for the Saudi majlis, turned from walnut and designed around the small rituals of hospitality: made to be noticed, used every day and handed down.",
    explore: "Explore the Collection",
    story: "Our Story",
    poster: "Illustration: the Nawat walnut date bowl filled with dates, in low warm light on a dark set",
  },
  handcrafted: {
    eyebrow: "Handcrafted",
    title: "Two Pieces, One Idea of Hospitality",
    body: "Each piece starts from a gesture every Saudi home knows, and asks how it could be more graceful.",
    nawat: {
      name: "Nawat",
      line: "The date bowl that hides the pits",
      info: ["Natural walnut, three nesting parts", "18 × 5 cm", "7-10 days of handwork"],
      open: "View Nawat details",
      zoom: "Zoom into Nawat",
      cart: "Add Nawat to cart",
      moreInfo: "More about Nawat",
    },
    sanam: {
      name: "Sanam",
      line: "Incense sticks, upside down",
      info: ["Walnut with an ash-catching base", "Burns the stick pointing down", "Made in small batches"],
      open: "View Sanam details",
      zoom: "Zoom into Sanam",
      cart: "Add Sanam to cart",
      moreInfo: "More about Sanam",
    },
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
    image: "Nawat in three parts: dates bowl, pit-collecting base and cover",
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
        alt: "Illustration: the three walnut parts of Nawat laid out on the workbench with a chisel",
        caption: "Finishing: natural oils bring the grain to life.",
      },
      {
        alt: "Animation: the three walnut parts of Nawat close into one piece and open again",
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
