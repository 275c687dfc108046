import type { ArabicCatalog } from "#shared/i18n/types.ts";
import products from "#content/products.ar.ts";
import type en from "./checkout.en.ts";

const ar: ArabicCatalog<typeof en> = {
  back: "العودة إلى الرئيسية",
  testMode: {
    title: "وضع الاختبار: لا تُدفع أموال حقيقية",
    body: "يعمل المتجر الآن على بوابة الدفع التجريبية. لن يُخصم أي مبلغ، والطلبات هنا تجريبية لن تُصنع ولن تُوصَّل.",
  },
  eyebrow: "إتمام الطلب",
  title: "أكمل طلبك",
  lead: "قطعة واحدة، مصنوعة يدويًا في الرياض، وتصلك إلى باب بيتك في أي مكان في المملكة.",
  summary: {
    title: "ملخص الطلب",
    quantity: "الكمية",
    size: "المقاس",
    standard: "قياسي",
    price: "السعر",
    total: "الإجمالي",
    vatIncluded: "شامل ضريبة القيمة المضافة ({vat})",
  },
  buyer: {
    title: "بياناتك",
    lead: "نرسل تأكيد الطلب والفاتورة إلى بريدك، ونتصل بك على جوالك قبل التوصيل.",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
    emailPlaceholder: "name@example.com",
    phone: "رقم الجوال",
    phonePrefix: "+966",
    phonePlaceholder: "5X XXX XXXX",
    address: "عنوان التوصيل",
    city: "المدينة",
    cityPlaceholder: "الرياض",
    district: "الحي",
    street: "الشارع",
    building: "رقم المبنى (اختياري)",
    postalCode: "الرمز البريدي (اختياري)",
  },
  payment: {
    title: "الدفع",
    lead: "اختر طريقة الدفع. تُدخل بيانات بطاقتك في صفحة مزوّد الدفع الآمنة، ولا تمرّ بموقعنا أبدًا.",
    cardMarks: "مدى وفيزا وماستركارد",
    instalments: {
      zero: "ادفع بلا فوائد",
      one: "ادفعها دفعة واحدة بلا فوائد",
      two: "قسّمها على دفعتين شهريتين بلا فوائد",
      few: "قسّمها على {count} دفعات شهرية بلا فوائد",
      many: "قسّمها على {count} دفعة شهرية بلا فوائد",
      other: "قسّمها على {count} دفعة شهرية بلا فوائد",
    },
    instalmentAmount: {
      zero: "ادفع {amount} بلا فوائد",
      one: "ادفعها دفعة واحدة بلا فوائد، قيمتها {amount}",
      two: "قسّمها على دفعتين شهريتين بلا فوائد، قيمة كل دفعة {amount}",
      few: "قسّمها على {count} دفعات شهرية بلا فوائد، قيمة كل دفعة {amount}",
      many: "قسّمها على {count} دفعة شهرية بلا فوائد، قيمة كل دفعة {amount}",
      other: "قسّمها على {count} دفعة شهرية بلا فوائد، قيمة كل دفعة {amount}",
    },
    unavailable: "غير متاحة لهذا الطلب",
    processing: "جارٍ تنفيذ الدفع…",
  },
  confirming: {
    title: "نتحقق الآن من عملية الدفع",
    body: "لن يستغرق ذلك سوى ثوانٍ، يُرجى إبقاء الصفحة مفتوحة.",
    stillWaiting: "لم يصلنا تأكيد مزوّد الدفع بعد. سنرسل لك بريدًا فور وصوله، ويمكنك أيضًا متابعة طلبك لاحقًا.",
    checkAgain: "تحقّق مرة أخرى",
    findOrder: "ابحث عن طلبي",
  },
  success: {
    title: "اكتمل طلبك بنجاح!",
    body: "شكرًا لك، تم تأكيد طلبك رقم {reference}.",
    reference: "رقم الطلب",
    sentTo: "أرسلنا تأكيد الطلب والفاتورة إلى {email}.",
    viewOrder: "اعرض طلبك وفاتورتك",
    backHome: "العودة إلى الرئيسية",
  },
  toasts: {
    failedTitle: "لم تتم عملية الدفع",
    failedBody: "حدث خطأ أثناء تنفيذ الدفع. يُرجى المحاولة مرة أخرى.",
    systemTitle: "خطأ في النظام",
    systemBody: "حدث خطأ في النظام. يُرجى المحاولة مرة أخرى.",
    fieldsTitle: "يُرجى مراجعة بياناتك",
  },
  products,
};

export default ar;
