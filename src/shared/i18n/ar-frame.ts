import type { EnglishFrame } from "./en-frame.ts";
import type { Catalog } from "./types.ts";
import { studio } from "#content/studio.ts";
import { productName } from "#content/catalog.ts";
import { showcase } from "#content/showcase.ts";

/** The Arabic frame: it must have every key of the English one (checked by tsc). */
export const arFrame: Catalog<EnglishFrame> = {
  brand: {
    name: studio.name.ar,
    tagline: "تصميم منتجات مستلهم من التراث، من الرياض",
  },
  nav: {
    home: "الرئيسية",
    products: "المنتجات",
    services: "الخدمات",
    sustainability: "الاستدامة",
    about: "من نحن",
    contact: "تواصل معنا",
    main: "القائمة الرئيسية",
    skipToContent: "انتقل إلى المحتوى",
  },
  header: {
    toggleLanguage: "EN",
    toggleLanguageLabel: "View the site in English",
    account: "الحساب",
    wishlist: "المفضلة",
    signIn: "تسجيل الدخول",
    openMenu: "افتح القائمة",
    closeMenu: "أغلق القائمة",
    menuTitle: "القائمة",
    homeLink: `${studio.name.ar}، الصفحة الرئيسية`,
  },
  footer: {
    description:
      "استوديو في الرياض يصمّم بأيدٍ حرفية قطعًا مستلهمة من التراث، تحمل كرم المجلس السعودي إلى تفاصيل الحياة اليومية.",
    follow: "تابع الاستوديو",
    instagram: "إنستغرام",
    tiktok: "تيك توك",
    explore: "تصفّح",
    fontTool: "التعرّف على الخطوط",
    contactHeading: "تواصل معنا",
    location: "الرياض، المملكة العربية السعودية",
    copyright: `© ٢٠٢٥ ${studio.name.ar}. جميع الحقوق محفوظة.`,
    emailLabel: "البريد الإلكتروني",
    phoneLabel: "الهاتف",
  },
  close: "إغلاق",
  scrollToTop: "العودة إلى الأعلى",
  notifications: "الإشعارات",
  notFound: {
    code: "٤٠٤",
    title: "الصفحة غير موجودة",
    body: "الصفحة التي تبحث عنها نُقلت إلى مكان آخر، أو لم تكن موجودة أصلًا.",
    hint: "لا يوجد مسار يطابق هذا العنوان.",
    home: "العودة إلى الرئيسية",
  },
  meta: {
    home: {
      title: `${studio.name.ar} | تصميم حرفي مستلهم من التراث، من الرياض`,
      description:
        "صحون تمر ومباخر من خشب الجوز، مصنوعة يدويًا في الرياض. تصميم منتجات مستلهم من التراث، وعروض خاصة، وهدايا للشركات.",
    },
    products: {
      title: `${productName(showcase.id, "ar")} | ${studio.name.ar}`,
      description: showcase.metaDescription.ar,
    },
    services: {
      title: `الخدمات | ${studio.name.ar}`,
      description:
        "تصميم المنتجات وتطويرها، وتجارب ثقافية تفاعلية، وطباعة ثلاثية الأبعاد، ونماذج أولية، وتنفيذ المنتجات، من استوديو في الرياض.",
    },
    sustainability: {
      title: `الاستدامة | ${studio.name.ar}`,
      description: "استدامة ثقافية وبيئية: خشب جوز من مصادر مسؤولة، وزيوت طبيعية، وتصاميم تعيش أجيالًا.",
    },
    about: {
      title: `عن الاستوديو | ${studio.name.ar}`,
      description: "استوديو تصميم منتجات في الرياض يحوّل التراث السعودي إلى قطع تلفت النظر، وتُستعمل كل يوم، وتبقى.",
    },
    contact: {
      title: `تواصل معنا | ${studio.name.ar}`,
      description: `تحدّث إلى ${studio.name.ar} عن منتجاتنا والطلبات الخاصة وخدمات التصميم.`,
    },
    proposal: {
      title: `طلب عرض خاص | ${studio.name.ar}`,
      description: "اطلب عرضًا خاصًا للطلبات بالجملة، أو هدايا الشركات، أو المناسبات، أو تصميم خاص بك.",
    },
    checkout: {
      title: `إتمام الطلب | ${studio.name.ar}`,
      description: "أكمل طلبك عبر Apple Pay أو البطاقة أو تمارا أو تابي.",
    },
    orders: {
      title: `تتبّع طلبك | ${studio.name.ar}`,
      description: `اعرض طلبك من ${studio.name.ar} برقمه وبريدك الإلكتروني: حالته وفاتورته ومراحله.`,
    },
    fontRecognition: {
      title: `التعرّف على الخطوط | ${studio.name.ar}`,
      description: "ارفع صورة، ويتعرّف نموذجنا على الخط، عربيًا كان أو لاتينيًا، مع وزنه ونمطه وحجمه.",
    },
    auth: {
      title: `تسجيل الدخول | ${studio.name.ar}`,
      description: `سجّل دخولك أو أنشئ حسابك في ${studio.name.ar}.`,
    },
    verifyEmail: {
      title: `تأكيد بريدك الإلكتروني | ${studio.name.ar}`,
      description: `أكّد البريد الإلكتروني لحسابك في ${studio.name.ar}.`,
    },
    resetPassword: {
      title: `اختر كلمة مرور جديدة | ${studio.name.ar}`,
      description: `عيّن كلمة مرور جديدة لحسابك في ${studio.name.ar}.`,
    },
    wishlist: {
      title: `المفضلة | ${studio.name.ar}`,
      description: `القطع التي حفظتها في ${studio.name.ar}.`,
    },
    account: {
      title: `حسابي | ${studio.name.ar}`,
      description: `بياناتك وكلمة مرورك ومفضلتك في ${studio.name.ar}.`,
    },
    terms: {
      title: `شروط الاستخدام | ${studio.name.ar}`,
      description: `شروط استخدام موقع ${studio.name.ar} وحسابك وطلباتك.`,
    },
    privacy: {
      title: `سياسة الخصوصية | ${studio.name.ar}`,
      description: `ما يجمعه ${studio.name.ar} من بياناتك، ولماذا، ومدة الاحتفاظ بها، وكيف تتواصل معنا.`,
    },
    admin: {
      title: `لوحة الإدارة | ${studio.name.ar}`,
      description: "لوحة إدارة الاستوديو.",
    },
    orderInvoice: {
      title: `الفاتورة الضريبية | ${studio.name.ar}`,
      description: `الفاتورة الضريبية المبسطة لطلبك من ${studio.name.ar}، جاهزة للطباعة والتنزيل.`,
    },
    orderCreditNote: {
      title: `الإشعار الدائن | ${studio.name.ar}`,
      description: `الإشعار الدائن المبسط لاسترداد مبلغ من طلبك من ${studio.name.ar}، جاهز للطباعة والتنزيل.`,
    },
    notFound: {
      title: `الصفحة غير موجودة | ${studio.name.ar}`,
      description: "هذه الصفحة غير موجودة.",
    },
  },
};
