import type { Catalog } from "#shared/i18n/types.ts";
import pictures from "#content/pictures.ar.ts";
import collection from "#content/collection.ar.ts";
import products from "#content/products.ar.ts";
import type en from "./home.en.ts";

const ar: Catalog<typeof en> = {
  hero: {
    eyebrow: "صُنع يدويًا في الرياض",
    title: "تراثٌ تصوغه الأيدي",
    body: "قطعٌ للمجلس السعودي، نخرطها من خشب الجوز ونستلهم تصميمها من تفاصيل الضيافة الصغيرة؛ لتلفت النظر، وتُستعمل كل يوم، وتتوارثها الأجيال.",
    explore: "تصفّح المجموعة",
    story: "حكايتنا",
    poster: pictures.homeHero,
  },
  handcrafted: {
    eyebrow: "صناعة يدوية",
    title: collection.title,
    body: "كل قطعة تنطلق من عادة يعرفها كل بيت سعودي، ثم تسأل: كيف تصبح أجمل وأيسر؟",
    card: {
      open: "اعرض تفاصيل «{name}»",
      zoom: "كبّر صورة «{name}»",
      cart: "أضف «{name}» إلى السلة",
      moreInfo: "المزيد عن «{name}»",
    },
    products,
  },
  noticing: {
    eyebrow: "فنّ الملاحظة",
    title: "التصميم الجيد يبدأ مما يغفل عنه الآخرون.",
    body: "نوى تتجمّع في الكف، ورماد بخور على سجّاد المجلس؛ لحظات صغيرة لا يصمّم لها أحد، مع أن الجميع يعيشها. شعارنا على هيئة عين، وهو وعدٌ منّا: أن نتأمّل كيف يستقبل الناس ضيوفهم فعلًا، ثم نصمّم التفصيلة التي تجعل تلك اللحظة أيسر.",
    points: [
      { title: "نلاحظ", body: "نراقب العادة قبل أن نلمس الخشب." },
      { title: "نبسّط", body: "حركة واحدة، بلا تعليمات، ولا شيء ينكسر." },
      { title: "نصون", body: "خامات وأشكال وفيّة للأرض التي جاءت منها." },
    ],
    image: pictures.parts,
  },
  behind: {
    eyebrow: "خلف الكواليس",
    title: "من كتلة جوز إلى مجلسك",
    body: "كل قطعة تمرّ بالأيدي نفسها في مشغلنا بالرياض.",
    slides: [
      {
        alt: "رسم توضيحي: نُشارة جوز ملتفّة وإزميل على طاولة العمل",
        caption: "الخراطة: الصحن يأخذ شكله نُشارةً بعد نُشارة.",
      },
      {
        alt: pictures.workbench,
        caption: "التشطيب: الزيوت الطبيعية تُظهر جمال العروق.",
      },
      {
        alt: pictures.assembly,
        caption: "التركيب: ثلاث قطع تلتئم في قطعة واحدة.",
      },
    ],
  },
  closing: {
    title: "لديك مشروع في بالك؟",
    body: "هدايا للشركات، أو قطع لمناسبة، أو تصميم خاص بك: يصمّمه الاستوديو ويصنعه معك.",
    services: "خدماتنا",
    contact: "تحدّث مع الاستوديو",
    fontTool: "أعجبك خطٌّ رأيته؟ أداة التعرّف على الخطوط تدلّك على اسمه، عربيًا كان أو لاتينيًا.",
    fontToolLink: "جرّب أداة الخطوط",
  },
};
export default ar;
