import making from "#client/features/showcase/making-of.en.ts";
import pictures from "#content/pictures.en.ts";
import products from "#content/products.en.ts";
import record from "#content/showcase.en.ts";

/**
 * /products: the showcase product's page. What is about that product (its record, its pictures'
 * words) comes from content/; `{name}` is a product's short name (content/catalog.ts).
 */
export default {
  record,
  products,
  hero: {
    label: "Luxury Collection",
    tagline: "Handcrafted with precision.",
    image: pictures.showcaseHero,
  },
  heritage: { eyebrow: "Heritage", image: pictures.heritage },
  riyadh: {
    // The spec's headline and line, word for word (spec §2, Products).
    title: "Handcrafted in the Heart of Riyadh, to the Whole World",
    line: "We honor people, craftsmanship, identity, and meaning.",
  },
  making,
  loop: { video: pictures.loop, pause: "Pause the video", play: "Play the video" },
  everyPit: {
    title: record.pitch.title,
    body: record.pitch.body,
    price: "Price",
    buyNow: "Buy Now",
    newTab: "(opens the store in a new tab)",
    wishlist: "Add to Wishlist",
    wishlisted: "In Your Wishlist",
    added: "Added to your wishlist",
    addedBody: `${record.name} is saved on this device.`,
    addedAccountBody: `${record.name} is saved to your account.`,
    wishlistFailed: "Your wishlist could not be updated. Please try again.",
    removed: "Removed from your wishlist",
  },
  /** The teaser of every other catalog product; its title, line and picture's words are the product's. */
  teaser: {
    soon: "Coming Soon",
    orderNow: "Its showcase page is on its way, but {name} is already made to order:",
    orderLink: "Order {name} Now",
  },
} as const;
