import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./services.en.ts";

const ar: Catalog<typeof en> = {
  hero: {
    eyebrow: "ما نقدّمه",
    title: "خدماتنا",
    subtitle:
      "من أول رسمة إلى القطعة المكتملة: تصميم ونماذج أولية وتصنيع للعلامات التجارية والمؤسسات وروّاد الأعمال الذين يريدون لتراثهم أن يُحمل في قطعة تُقتنى.",
  },
  cards: {
    label: "خدماتنا",
    learnMore: "اعرف المزيد",
    learnMoreAbout: "عن {title}",
  },
  details: {
    eyebrow: "بالتفصيل",
    title: "كيف نعمل معك",
    request: "اطلب هذه الخدمة",
  },
  detail: {
    close: "إغلاق",
    request: "اطلب الخدمة",
    whatsapp: "راسلنا مباشرة عبر واتساب",
    newTab: "(يفتح واتساب في تبويب جديد)",
    whatsappMessage: "مرحبًا! أودّ الاستفسار عن خدمة «{service}» لديكم. هل يمكنكم تزويدي بمزيد من المعلومات؟",
  },
  form: {
    title: "طلب خدمة",
    intro: "اترك بياناتك وسيتواصل معك فريق الاستوديو خلال ٢٤ ساعة.",
    close: "إغلاق",
    name: "الاسم",
    namePlaceholder: "اسمك الكامل",
    firmName: "اسم الشركة",
    firmNamePlaceholder: "الشركة أو المؤسسة",
    email: "البريد الإلكتروني",
    emailPlaceholder: "name@company.com",
    contactNumber: "رقم التواصل",
    contactNumberPlaceholder: "+966 5X XXX XXXX",
    serviceName: "الخدمة",
    submit: "إرسال الطلب",
    pending: "جارٍ إرسال الطلب…",
  },
  toasts: {
    successTitle: "وصلنا طلبك بنجاح!",
    successBody: "سنتواصل معك خلال ٢٤ ساعة.",
    errorTitle: "تعذّر إرسال الطلب",
    errorBody: "يُرجى المحاولة مرة أخرى لاحقًا.",
  },
};

export default ar;
