import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./invoices.en.ts";

/** كلمات صفحة الفاتورة بالعربية (انظر invoices.en.ts). */
const ar: Catalog<typeof en> = {
  eyebrow: "طلبك",
  loading: "جارٍ تحميل فاتورتك…",
  noLink: {
    title: "الرابط ناقص",
    body: "افتح الفاتورة من رسالة تأكيد الطلب في بريدك، أو ابحث عن طلبك برقمه وبريدك الإلكتروني.",
    action: "ابحث عن طلبي",
  },
  notFoundTitle: "لم نجد الفاتورة",
  failed: "تعذّر تحميل الفاتورة. تحقّق من اتصالك ثم حاول مجددًا.",
  retry: "أعد المحاولة",
  download: "تنزيل الفاتورة (PDF)",
  downloadOther: "نسخة PDF بالإنجليزية أولًا",
  print: "طباعة",
  qr: "رمز الاستجابة السريعة للفاتورة الضريبية (هيئة الزكاة والضريبة والجمارك)",
};

export default ar;
