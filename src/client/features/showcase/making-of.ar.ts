import type { Catalog } from "#shared/i18n/types.ts";
import pictures from "#content/pictures.ar.ts";
import record from "#content/showcase.ar.ts";
import type { MakingOfCopy } from "./making-of.en.ts";

/** نصوص قسم «حكاية الصناعة» بالعربية. */
const copy: Catalog<MakingOfCopy> = {
  eyebrow: `حكاية صناعة «${record.name}»`,
  title: "من سبعة إلى عشرة أيام، بين يدَي حِرفي واحد",
  gallery: pictures.gallery,
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
