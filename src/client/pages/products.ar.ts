import type { Catalog } from "#shared/i18n/types.ts";
import making from "#client/features/showcase/making-of.ar.ts";
import pictures from "#content/pictures.ar.ts";
import products from "#content/products.ar.ts";
import record from "#content/showcase.ar.ts";
import type en from "./products.en.ts";

const ar: Catalog<typeof en> = {
  record,
  products,
  hero: {
    label: "المجموعة الفاخرة",
    tagline: "صُنع يدويًا بإتقان.",
    image: pictures.showcaseHero,
  },
  heritage: { eyebrow: "إرث", image: pictures.heritage },
  riyadh: {
    title: "صناعة يدوية من قلب الرياض إلى العالم أجمع",
    line: "نحتفي بالإنسان، وبالحِرفة، وبالهوية، وبالمعنى.",
  },
  making,
  loop: { video: pictures.loop, pause: "إيقاف الفيديو مؤقتًا", play: "تشغيل الفيديو" },
  everyPit: {
    title: record.pitch.title,
    body: record.pitch.body,
    price: "السعر",
    buyNow: "اشترِ الآن",
    newTab: "(يفتح المتجر في تبويب جديد)",
    wishlist: "أضف إلى المفضلة",
    wishlisted: "في مفضلتك",
    added: "أُضيف إلى المفضلة",
    addedBody: `حفظنا «${record.name}» على هذا الجهاز.`,
    addedAccountBody: `حفظنا «${record.name}» في حسابك.`,
    wishlistFailed: "تعذّر تحديث مفضلتك، حاول مرة أخرى.",
    removed: "أُزيل من المفضلة",
  },
  teaser: {
    soon: "قريبًا",
    orderNow: "صفحة «{name}» قادمة قريبًا، لكنه متاح للطلب الآن بسعر",
    orderLink: "اطلب «{name}» الآن",
  },
};
export default ar;
