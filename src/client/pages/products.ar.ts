import type { Catalog } from "#shared/i18n/types.ts";
import making from "#client/features/showcase/making-of.ar.ts";
import record from "#content/showcase.ar.ts";
import type en from "./products.en.ts";

const ar: Catalog<typeof en> = {
  record,
  hero: {
    label: "المجموعة الفاخرة",
    tagline: "صُنع يدويًا بإتقان.",
    image: "رسم توضيحي: «نواة»، صحن التمر من خشب الجوز، والتمر فيه تحت ضوء جانبي خافت على خلفية داكنة",
  },
  heritage: { eyebrow: "إرث", image: "رسم توضيحي: «نواة» والتمر حول وعاء الغموس، وبجانبها نواة تمرة" },
  riyadh: {
    title: "صناعة يدوية من قلب الرياض إلى العالم",
    line: "نحتفي بالإنسان، وبالحِرفة، وبالهوية، وبالمعنى.",
  },
  making,
  loop: { video: "«نواة» تدور ببطء، ويرتفع غطاؤها ليكشف القاعدة" },
  everyPit: {
    title: "لكلّ نواةٍ مكانُها",
    body: "صمّمناه للتمر، لكنه يرحّب بكل ما له نواة أو قشر: الزيتون والكرز والمشمش والفستق ومكسّرات السهرات الطويلة. مهما قدّمت فيه، تبقى السفرة نظيفة.",
    price: "السعر",
    buyNow: "اشترِ الآن",
    newTab: "(يفتح المتجر في تبويب جديد)",
    wishlist: "أضف إلى المفضلة",
    wishlisted: "في قائمة مفضلتك",
    added: "أُضيف إلى المفضلة",
    addedBody: "حفظنا «نواة» على هذا الجهاز.",
    addedAccountBody: "حفظنا «نواة» في حسابك.",
    wishlistFailed: "تعذّر تحديث مفضلتك، حاول مرة أخرى.",
    removed: "أُزيل من المفضلة",
  },
  sanam: {
    title: "سنام العود: البخور رأسًا على عقب",
    soon: "قريبًا",
    orderNow: "صفحة «سنام» قادمة قريبًا، لكنه متاح للطلب الآن بسعر",
    orderLink: "اطلب «سنام» الآن",
    line: "تجربة جديدة في عالم البخور والعطور",
    image: "«سنام»، مبخرة من خشب الجوز، وعود البخور يشتعل متجهًا إلى الأسفل",
  },
};
export default ar;
