import pictures from "#content/pictures.en.ts";
import products from "#content/products.en.ts";
import { studio } from "#content/studio.ts";

/** The about page. The studio's name, its products' words and their pictures' are in content/. */
export default {
  hero: {
    eyebrow: "About the studio",
    title: "We design the objects that hold Saudi hospitality.",
    body: `${studio.name.en} is a product design studio in Riyadh. We study the small rituals of Saudi life, the dates offered to a guest, the oud lit before a gathering, and design objects that honor them: crafted by hand in walnut, made to be used daily and kept for generations.`,
    explore: "Explore Products",
    services: "View Services",
    image: pictures.workbenchSketch,
  },
  eye: {
    eyebrow: "Our mark",
    statement: "An eye, because everything we make begins with noticing.",
    body: "Look closely at a majlis and you will see the pit held awkwardly in a palm, the ash that falls beside the burner. The eye in our logo stands for that attention. Its pupil is a date pit: the small detail that started the studio.",
    logo: "The studio's eye logo",
  },
  products: {
    eyebrow: "Our products",
    title: "Pieces That Start Conversations",
    /** Each catalog product's `about` line and `imageAlt`. */
    items: products,
    link: "See the Collection",
  },
  values: {
    items: [
      { value: "Riyadh", label: "Designed and made in our own workshop" },
      { value: "100%", label: "Natural walnut, finished with natural oils" },
      { value: "7-10", label: "Days of handwork for every piece" },
    ],
  },
  team: {
    title: "Connect with Our Team",
    body: "Corporate gifts, hospitality for an event, a product of your own: tell us what you have in mind and we will answer within 24 hours.",
    start: "Start a Project",
    services: "View Services",
  },
} as const;
