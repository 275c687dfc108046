/** The Nawat showcase record in English (spec §3 Product showcase record). */
export default {
  name: "Nawat",
  subtitle: "The date bowl that keeps the pits out of sight",
  description: "",
  heritage: {
    title: "An Experience Designed for the Five Senses",
    content: [
      "In a Saudi home, hospitality begins before a word is spoken: the scent of oud drifting from the majlis, the pour of cardamom coffee, a plate of dates offered with the right hand. Nawat was designed for that moment.",
      "Feel the warm grain of walnut under your fingers. Hear the soft click as the lid settles. See the dates glowing against the dark wood. Taste the first date with coffee, and notice that the table stays clean, because every pit slips quietly into the hidden base below.",
      "Nothing about the ritual changes, except that it becomes more graceful.",
    ],
    quote: "We did not set out to design a bowl. We set out to design the moment a guest is welcomed.",
  },
  // The studio's artisan, as the spec's record has it: left empty until the studio fills it in with
  // a real person's words (a page never quotes an invented craftsman; the figure shows once filled).
  artisan: { name: "", years: "", specialty: "", quote: "" },
  materials: [
    {
      name: "Natural walnut",
      detail: "Solid, kiln-dried walnut from responsibly managed forests, chosen board by board for its grain.",
    },
    {
      name: "Natural oils",
      detail: "Food-safe plant oils and beeswax: no lacquer, no plastic coating, easy to renew at home.",
    },
    {
      name: "Hidden joinery",
      detail: "Three parts that nest by friction alone: no screws, no glue lines, nothing to break.",
    },
  ],
  /** The /products page's closing section beside the price. */
  pitch: {
    title: "Nawat for Every Pit!",
    body: "Designed for dates, but happy to serve anything with a pit or a shell: olives, cherries, apricots, pistachios and the nuts of a long evening. Whatever you offer, the table stays clean.",
  },
  craftsmanship:
    "Every piece is turned, carved and finished by hand in our Riyadh workshop. It takes 7-10 days of patient work to make a single Nawat, from the rough walnut block to the final coat of oil.",
  clips: {
    main: "Inside the workshop: the making of Nawat",
    items: ["Three parts, one gesture", "Light on the finished walnut"],
  },
  sketches: {
    evolution: [
      "First idea: a bowl that hides the pits",
      "Second study: the base becomes a drawer of air",
      "Final form: three parts, one gesture",
    ],
    technical: "Technical drawing: section through the three nesting parts",
  },
} as const;
