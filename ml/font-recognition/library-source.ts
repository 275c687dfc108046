// Hand-written facts about each family. build-library.ts adds the weights and files found on disk
// and writes models/font-recognition/library.json, which is what the model and the server read.

import type { CulturalContext } from "#shared/schemas/cultural-context.ts";
import type { ArabicStyle } from "#shared/schemas/font-library.ts";
import { arabicFamilies } from "./families-arabic.ts";
import { latinFamilies } from "./families-latin.ts";
import type { FamilySource, Script } from "./family-source.ts";

export const classificationText: Record<Script, Record<string, { en: string; ar: string }>> = {
  arabic: {
    naskh: { en: "Arabic Naskh", ar: "خط النسخ" },
    kufi: { en: "Arabic Kufi", ar: "الخط الكوفي" },
    thuluth: { en: "Arabic Thuluth", ar: "خط الثلث" },
    diwani: { en: "Arabic Diwani", ar: "الخط الديواني" },
    ruqah: { en: "Arabic Ruq'ah", ar: "خط الرقعة" },
    nastaliq: { en: "Arabic Nastaliq", ar: "خط النستعليق" },
    sans: { en: "Modern Arabic sans", ar: "خط عربي حديث بلا زخرفة" },
    display: { en: "Arabic display", ar: "خط عربي للعناوين" },
  },
  latin: {
    serif: { en: "Serif", ar: "خط لاتيني بتذييل (سيريف)" },
    sans: { en: "Sans-serif", ar: "خط لاتيني بلا تذييل (سانس سيريف)" },
    slab: { en: "Slab serif", ar: "خط لاتيني بتذييل كتلي (سلاب سيريف)" },
    script: { en: "Script", ar: "خط لاتيني يدوي متصل" },
    monospace: { en: "Monospace", ar: "خط لاتيني ثابت العرض" },
    display: { en: "Display", ar: "خط لاتيني للعناوين" },
  },
};

export const culturalContexts: Record<ArabicStyle, CulturalContext> = {
  naskh: {
    origin:
      "Codified in Baghdad in the 10th century by the vizier and calligrapher Ibn Muqla, who built it on proportions measured in rhombic dots; refined by Ibn al-Bawwab and later Ottoman masters.",
    originAr:
      "قعّده الوزير الخطاط ابن مقلة في بغداد في القرن العاشر الميلادي على نسبٍ موزونة بالنقطة، ثم جوّده ابن البواب ومن بعده خطاطو الدولة العثمانية.",
    usage:
      "The everyday hand of the printed Quran, books, newspapers and signage; chosen when text must be read easily at length.",
    usageAr:
      "هو خط المصاحف المطبوعة والكتب والصحف واللافتات، ويُختار حين يكون الوضوح وسهولة القراءة الطويلة هما الأساس.",
  },
  kufi: {
    origin:
      "The oldest Arabic calligraphic style, named after Kufa in Iraq; used for the earliest Quran manuscripts and for inscriptions on early Islamic monuments.",
    originAr:
      "أقدم الخطوط العربية المجوّدة، نُسب إلى مدينة الكوفة في العراق، وكُتبت به المصاحف الأولى ونقوش العمائر الإسلامية المبكرة.",
    usage:
      "Architecture, logos and headings: its straight strokes and geometry suit bricks, tiles, metal and modern brand marks.",
    usageAr:
      "يكثر في العمارة والشعارات والعناوين، إذ تلائم خطوطه المستقيمة وهندسته الطوب والبلاط والمعدن والهويات البصرية الحديثة.",
  },
  thuluth: {
    origin:
      'Developed in the Abbasid period and perfected by Ottoman calligraphers; its name ("one third") is usually tied to the width of the pen relative to the letters.',
    originAr:
      "نشأ في العصر العباسي وبلغ ذروته على أيدي الخطاطين العثمانيين، ويُربط اسمه غالبًا بنسبة عرض القلم إلى الحروف.",
    usage:
      "The hand of mosque friezes, the Kaaba covering (kiswa), book titles and formal inscriptions; admired as the most demanding of the styles.",
    usageAr: "خط أفاريز المساجد وكسوة الكعبة وعناوين الكتب والنقوش الرسمية، ويُعدّ أصعب الخطوط وميزان إتقان الخطاط.",
  },
  diwani: {
    origin:
      "Created in the Ottoman chancery (the Diwan) in the 15th-16th centuries for royal decrees, with dense, interlaced letters that were hard to forge.",
    originAr:
      "وُضع في ديوان الدولة العثمانية بين القرنين الخامس عشر والسادس عشر لكتابة الفرمانات السلطانية، وتتداخل حروفه تداخلًا يصعّب تزويرها.",
    usage:
      "Invitations, certificates, greetings and ceremonial titles, where elegance matters more than quick reading.",
    usageAr: "يُستعمل في بطاقات الدعوة والشهادات والتهاني والعناوين الاحتفالية، حيث تتقدّم الأناقة على سرعة القراءة.",
  },
  ruqah: {
    origin:
      "Standardised by Ottoman scribes in the 19th century as a quick, compact hand for correspondence and administration.",
    originAr: "استقرت قواعده على أيدي الكتبة العثمانيين في القرن التاسع عشر خطًا سريعًا موجزًا للمراسلات والدواوين.",
    usage:
      "The basis of everyday Arabic handwriting; used for notes, posters and informal headings that should feel handwritten.",
    usageAr:
      "هو أساس الكتابة اليدوية اليومية عند أغلب العرب، ويُستعمل في الملصقات والعناوين غير الرسمية التي يُراد لها روح اليد.",
  },
  nastaliq: {
    origin: "Born in 14th-15th century Persia from Naskh and Taliq; associated with the calligrapher Mir Ali Tabrizi.",
    originAr:
      "وُلد في بلاد فارس بين القرنين الرابع عشر والخامس عشر من مزج النسخ بالتعليق، ويُنسب إلى الخطاط مير علي التبريزي.",
    usage:
      "Persian and Urdu poetry, book titles and literary texts; its words slope down to the baseline from right to left.",
    usageAr:
      "يُكتب به الشعر الفارسي والأردي وعناوين الكتب والنصوص الأدبية، وتنحدر كلماته نحو السطر من اليمين إلى اليسار.",
  },
  sans: {
    origin:
      "A 20th- and 21st-century design approach that simplifies Naskh and Kufi forms into even strokes for print and screens.",
    originAr:
      "اتجاه تصميمي من القرنين العشرين والحادي والعشرين يبسّط أشكال النسخ والكوفي إلى خطوط متساوية السماكة تناسب الطباعة والشاشات.",
    usage:
      "Interfaces, apps, wayfinding and corporate identities; pairs naturally with Latin sans-serif fonts in bilingual design.",
    usageAr:
      "يُعتمد في الواجهات الرقمية والتطبيقات واللوحات الإرشادية والهويات المؤسسية، ويتناغم مع الخطوط اللاتينية البسيطة في التصاميم ثنائية اللغة.",
  },
  display: {
    origin:
      "Contemporary Arabic typefaces drawn for large sizes, often mixing calligraphic memory with poster and lettering traditions.",
    originAr: "حروف عربية معاصرة صُممت للأحجام الكبيرة، تمزج ذاكرة الخط العربي بتقاليد الملصقات وفن الحروف.",
    usage: "Headlines, posters, packaging and book covers, where the letters carry the personality of the design.",
    usageAr: "للعناوين والملصقات والتغليف وأغلفة الكتب، حيث يحمل الحرف شخصية التصميم كلها.",
  },
};

export const families: FamilySource[] = [...arabicFamilies, ...latinFamilies];
