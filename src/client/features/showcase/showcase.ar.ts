import type { Catalog } from "#shared/i18n/types.ts";
import products from "#content/products.ar.ts";
import type en from "./showcase.en.ts";

const ar: Catalog<typeof en> = {
  products,
  modal: {
    close: "إغلاق",
    buyNow: "اشترِ الآن",
    newTab: "(يفتح المتجر في تبويب جديد)",
    proposal: "اطلب عرضًا مخصصًا",
    bulkNote: "للطلبات الخاصة والكميات الكبيرة",
  },
  zoom: {
    title: "{name} عن قرب",
    hint: "استخدم الأزرار أو عجلة الفأرة أو مفتاحي + و−. وبعد التكبير اسحب الصورة لتتنقّل فيها.",
    zoomIn: "تكبير",
    zoomOut: "تصغير",
    reset: "إعادة الحجم الأصلي",
    level: "مستوى التكبير",
    close: "أغلق العارض",
  },
  slideshow: {
    loading: "نجهّز لك لقطات المشغل…",
    slide: "الشريحة {n} من {total}",
    goTo: "اعرض الشريحة {n}",
    pause: "أوقف العرض مؤقتًا",
    play: "شغّل العرض",
  },
};
export default ar;
