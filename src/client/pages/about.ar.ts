import type { Catalog } from "#shared/i18n/types.ts";
import pictures from "#content/pictures.ar.ts";
import products from "#content/products.ar.ts";
import { studio } from "#content/studio.ts";
import type en from "./about.en.ts";

const ar: Catalog<typeof en> = {
  hero: {
    eyebrow: "عن الاستوديو",
    title: "نصمّم القطع التي تحتضن الضيافة السعودية.",
    body: `${studio.name.ar} لتصميم المنتجات، ومقرّه الرياض. نتأمّل تفاصيل الحياة السعودية الصغيرة، من التمر الذي يُقدَّم للضيف إلى العود الذي يُشعل قبل اللقاء، ثم نصمّم قطعًا تليق بها: تُصنع يدويًا من خشب الجوز، وتُستعمل كل يوم، وتبقى للأجيال.`,
    explore: "تصفّح المنتجات",
    services: "اطّلع على خدماتنا",
    image: pictures.workbenchSketch,
  },
  eye: {
    eyebrow: "شعارنا",
    statement: "عين؛ لأن كل ما نصنعه يبدأ بالملاحظة.",
    body: "تأمّل أي مجلس، وسترى النواة في كف الضيف لا يدري أين يضعها، والرماد يتساقط بجوار المبخرة. العين في شعارنا ترمز إلى هذا الانتباه، وبؤبؤها نواة تمرة: التفصيلة الصغيرة التي وُلد منها الاستوديو.",
    logo: "شعار الاستوديو على هيئة عين",
  },
  products: {
    eyebrow: "منتجاتنا",
    title: "قطعٌ تفتح باب الحديث",
    items: products,
    link: "شاهد المجموعة",
  },
  values: {
    items: [
      { value: "الرياض", label: "نصمّم ونصنع في مشغلنا الخاص" },
      { value: "١٠٠٪", label: "خشب جوز طبيعي بتشطيب من الزيوت الطبيعية" },
      { value: "٧-١٠", label: "أيام من العمل اليدوي لكل قطعة" },
    ],
  },
  team: {
    title: "تواصل مع فريقنا",
    body: "هدايا للشركات، أو ضيافة لمناسبة، أو منتج يحمل اسمك: أخبرنا بما في بالك، وسنتواصل معك خلال ٢٤ ساعة.",
    start: "ابدأ مشروعك",
    services: "اطّلع على خدماتنا",
  },
};
export default ar;
