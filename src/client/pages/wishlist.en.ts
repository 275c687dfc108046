import accounts from "#client/features/accounts/accounts.en.ts";

export default {
  title: "Your Wishlist",
  lead: "The pieces you have saved. Signed in, your wishlist follows you to every device.",
  signIn: "Sign in to keep it on every device",
  wishlist: accounts.account.wishlist,
} as const;
