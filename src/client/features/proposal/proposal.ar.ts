import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./proposal.en.ts";

const ar: Catalog<typeof en> = {
  hero: {
    eyebrow: "عرض مخصّص",
    title: "حدّثنا عن مشروعك",
    lead: "طلبات بالجملة، أو هدايا للشركات، أو منتجات لفعالية، أو تصميم خاص بك: ثلاث خطوات قصيرة، ويُعِدّ لك الاستوديو عرضًا يناسبك.",
  },
  steps: {
    label: "مراحل الطلب",
    counter: "الخطوة {current} من {total}",
    personal: "بياناتك",
    project: "تفاصيل المشروع",
    requirements: "متطلباتك الخاصة",
  },
  fields: {
    name: "الاسم الكامل",
    namePlaceholder: "اسمك الكامل",
    email: "البريد الإلكتروني",
    emailPlaceholder: "name@company.com",
    phone: "رقم الجوال",
    phonePlaceholder: "+966 5X XXX XXXX",
    company: "الجهة (اختياري)",
    companyPlaceholder: "الشركة أو المؤسسة",
    productInterest: "المنتج الذي يهمّك",
    projectType: "نوع المشروع",
    quantity: "الكمية",
    quantityPlaceholder: "مثلًا: ١٥٠ قطعة",
    budget: "نطاق الميزانية",
    timeline: "المدة الزمنية",
    customRequirements: "متطلباتك الخاصة",
    customRequirementsPlaceholder: "النقش، والألوان، والتغليف، والتوصيل: أخبرنا بكل ما تحتاجه القطع.",
    additionalNotes: "ملاحظات إضافية (اختياري)",
    choose: "اختر…",
  },
  actions: {
    previous: "السابق",
    next: "التالي",
    send: "إرسال",
    sending: "جارٍ الإرسال…",
  },
  done: {
    title: "شكرًا لك!",
    body: "وصل طلبك إلى الاستوديو، وسنتواصل معك خلال ٢٤ ساعة.",
    reference: "الرقم المرجعي لطلبك",
    home: "العودة إلى الرئيسية",
  },
  toasts: {
    errorTitle: "خطأ",
    errorBody: "حدث خطأ أثناء إرسال طلبك. يُرجى المحاولة مرة أخرى.",
  },
};

export default ar;
