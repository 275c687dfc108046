import making from "#client/features/showcase/making-of.en.ts";
import record from "#content/showcase.en.ts";

export default {
  record,
  hero: {
    label: "Luxury Collection",
    tagline: "Handcrafted with precision.",
    image: "Illustration: Nawat, the walnut date bowl, with dates in low raking light on a dark set",
  },
  heritage: { eyebrow: "Heritage", image: "Illustration: Nawat with dates around its dip bowl, and a pit beside it" },
  riyadh: {
    title: "Made by Hand in the Heart of Riyadh, for the World",
    line: "We honor people, craftsmanship, identity, and meaning.",
  },
  making,
  loop: { video: "Nawat turning slowly, the lid lifting to reveal the base" },
  everyPit: {
    title: "Nawat for Every Pit!",
    body: "Designed for dates, but happy to serve anything with a pit or a shell: olives, cherries, apricots, pistachios and the nuts of a long evening. Whatever you offer, the table stays clean.",
    price: "Price",
    buyNow: "Buy Now",
    newTab: "(opens the store in a new tab)",
    wishlist: "Add to Wishlist",
    wishlisted: "In Your Wishlist",
    added: "Added to your wishlist",
    addedBody: "Nawat is saved on this device.",
    addedAccountBody: "Nawat is saved to your account.",
    wishlistFailed: "Your wishlist could not be updated. Please try again.",
    removed: "Removed from your wishlist",
  },
  sanam: {
    title: "Sanam Al-Oud: Incense Sticks, Upside Down",
    soon: "Coming Soon",
    orderNow: "Its showcase page is on its way, but Sanam is already made to order:",
    orderLink: "Order Sanam Now",
    line: "A new experience in the world of incense and fragrances",
    image: "Sanam, the walnut incense holder, with a stick of oud burning downward",
  },
} as const;
