import type { Catalog } from "#shared/i18n/types.ts";
import type { MakingOfCopy } from "./making-of.en.ts";

/** نصوص قسم «حكاية الصناعة» بالعربية. */
const copy: Catalog<MakingOfCopy> = {
  eyebrow: "حكاية صناعة «نواة»",
  title: "من سبعة إلى عشرة أيام، بين يدَي حِرفي واحد",
  gallery: ["«نواة» من الأعلى", "«نواة» من الجانب", "قطع «نواة» الثلاث منفصلة"],
  artisanLabel: "الحِرفي",
  sketchesLabel: "من الرسم إلى القطعة",
  technicalLabel: "الرسم الفني",
  filmLabel: "خلف الكواليس",
  chapters: "المقاطع",
  materialsLabel: "الخامات",
  craftLabel: "الحِرفية",
  daysValue: "٧-١٠",
  daysUnit: "أيام من العمل اليدوي لكل قطعة",
  playChapter: "تشغيل: {title}",
};

export default copy;
