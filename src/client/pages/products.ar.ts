import type { Catalog } from "#shared/i18n/types.ts";
import making from "#client/features/showcase/making-of.ar.ts";
import record from "#content/showcase.ar.ts";
import type en from "./products.en.ts";

const ar: Catalog<typeof en> = {
  record,
  hero: {
    label: "المجموعة الفاخرة",
    tagline: "صُنع يدويًا بإتقان.",
    image: "«نواة»، صحن التمر من خشب الجوز، على قاعدة حجرية دافئة",
  },
  heritage: { eyebrow: "إرث", video: "تمر وقهوة عربية تُقدَّم في «نواة» داخل المجلس" },
  riyadh: {
    title: "صُنع يدويًا في قلب الرياض، إلى العالم كله",
    line: "نحتفي بالإنسان، وبالحِرفة، وبالهوية، وبالمعنى.",
  },
  making,
  loop: { video: "«نواة» تدور ببطء، ويرتفع غطاؤها ليكشف القاعدة" },
  everyPit: {
    title: "«نواة» لكل نواة!",
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
    title: "سنام العود: أعواد البخور، مقلوبة",
    soon: "قريبًا",
    line: "تجربة جديدة في عالم البخور والعطور",
    image: "«سنام»، مبخرة من خشب الجوز، وعود البخور يشتعل متجهًا إلى الأسفل",
  },
};
export default ar;
