import type { Catalog } from "#shared/i18n/types.ts";
import type en from "./orders.en.ts";

const ar: Catalog<typeof en> = {
  eyebrow: "طلبك",
  title: "تتبّع طلبك",
  lead: "أدخل رقم الطلب الموجود في رسالة التأكيد، والبريد الإلكتروني الذي طلبت به.",
  form: {
    reference: "رقم الطلب",
    referencePlaceholder: "مثال: NWT-2025-000123",
    email: "البريد الإلكتروني",
    emailPlaceholder: "name@example.com",
    submit: "اعرض طلبي",
    pending: "جاري البحث...",
    notFound: "لم نجد طلبًا بهذا الرقم وهذا البريد. تأكّد منهما وحاول مرة أخرى.",
    failed: "تعذّر علينا عرض طلبك الآن، فضلًا حاول مرة أخرى.",
    tooMany: "محاولات كثيرة في وقت قصير. انتظر بضع دقائق ثم حاول مجددًا.",
  },
  loading: "جاري تحميل طلبك...",
  linkFailed: "رابط الطلب هذا غير صالح أو انتهت صلاحيته. ابحث عن طلبك برقمه وبريدك الإلكتروني أدناه.",
  order: {
    title: "الطلب {reference}",
    status: "الحالة",
    placed: "تاريخ الطلب",
    paid: "تاريخ الدفع",
    product: "المنتج",
    quantity: "الكمية",
    payment: "طريقة الدفع",
    total: "الإجمالي",
    vat: "شامل ضريبة القيمة المضافة (١٥٪)",
    buyer: "بيانات التواصل",
    address: "عنوان التوصيل",
    history: "مراحل الطلب",
    invoice: "اعرض الفاتورة",
    invoiceNumber: "الفاتورة {number}",
    creditNote: "إشعار دائن {number}، استرداد {amount}",
    another: "ابحث عن طلب آخر",
    country: "المملكة العربية السعودية",
    building: "مبنى رقم {number}",
    postalCode: "الرمز البريدي {code}",
  },
  statuses: {
    pending: "بانتظار الدفع",
    awaiting_payment: "بانتظار تأكيد مزوّد الدفع",
    paid: "مدفوع",
    failed: "لم يتم الدفع",
    cancelled: "ملغى",
    expired: "منتهي (لم يُدفع في الوقت المحدد)",
    refunded: "مُسترد",
  },
  instalmentMethod: "{method}، {count} دفعات",
};

export default ar;
