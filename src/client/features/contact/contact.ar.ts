import type { Catalog } from "#shared/i18n/types.ts";
import { catalog } from "#content/catalog.ts";
import { formatList } from "#shared/i18n/format.ts";
import pictures from "#content/pictures.ar.ts";
import type en from "./contact.en.ts";

/** «أ» أو «ب»: كل منتجات الكتالوج بأسمائها المختصرة. */
const products = formatList(
  catalog.map((p) => `«${p.shortName.ar}»`),
  "ar",
  "disjunction",
);

const ar: Catalog<typeof en> = {
  hero: {
    eyebrow: "تواصل معنا",
    title: "لنتحدث عن منتجاتنا.",
    lead: `سؤال عن ${products}، أو طلب لفريق عملك، أو فكرة لقطعة تحمل اسمك: اكتب لنا وسيردّ عليك فريق الاستوديو خلال ٢٤ ساعة.`,
    image: pictures.top,
  },
  form: {
    title: "أرسل لنا رسالة",
    name: "الاسم",
    namePlaceholder: "اسمك الكامل",
    email: "البريد الإلكتروني",
    emailPlaceholder: "name@example.com",
    message: "رسالتك",
    messagePlaceholder: "أخبرنا بما يدور في ذهنك",
    submit: "أرسل الرسالة",
    pending: "جارٍ الإرسال…",
  },
  channels: {
    title: "أو تواصل معنا مباشرة",
    instagram: "إنستغرام",
    tiktok: "تيك توك",
    whatsapp: "محادثة واتساب",
    call: "اتصل بالاستوديو",
    email: "البريد الإلكتروني",
    newTab: "(يفتح في تبويب جديد)",
  },
  toasts: {
    successTitle: "وصلتنا رسالتك بنجاح!",
    errorTitle: "تعذّر إرسال الرسالة",
    errorBody: "يُرجى المحاولة مرة أخرى لاحقًا.",
  },
};

export default ar;
