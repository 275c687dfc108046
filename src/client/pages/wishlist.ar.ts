import type { Catalog } from "#shared/i18n/types.ts";
import accounts from "#client/features/accounts/accounts.ar.ts";
import type en from "./wishlist.en.ts";

const ar: Catalog<typeof en> = {
  title: "مفضلتك",
  lead: "القطع التي حفظتها. وحين تسجّل دخولك، ترافقك مفضلتك على كل أجهزتك.",
  signIn: "سجّل دخولك لتحفظها على كل أجهزتك",
  wishlist: accounts.account.wishlist,
};
export default ar;
