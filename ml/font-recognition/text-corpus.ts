// Words the renderer draws. Each word belongs to exactly one set: the training lines are made only of
// training words, the held-out evaluation lines only of held-out words (every 6th word of each list).

const english = `heritage design studio riyadh craft handmade clay palm date bowl incense holder wood brass copper
desert oasis garden market courtyard lantern window door pattern weave textile carpet rug tent camel falcon
horse coffee cardamom saffron amber oud perfume gold silver pearl coral stone marble sand dune valley mountain
river spring summer winter autumn evening morning night light shadow colour green white black blue red yellow
orange purple brown grey warm cool quiet gentle strong simple modern classic ancient future memory story poem
letter word page book library archive museum gallery exhibition collection object piece detail texture surface
line curve circle square angle form shape volume space balance rhythm harmony contrast scale proportion
grid margin column headline caption paragraph chapter title author editor reader writer maker artisan
workshop tool hammer chisel needle thread loom kiln glaze pottery ceramic glass mirror lamp table chair shelf
cabinet bench stool vase plate cup tray basket box frame screen panel tile brick wall roof arch dome tower
street city village home family friend guest welcome generous kind honest patient careful curious brave
bright calm clever elegant fine humble noble proud rare rich soft sweet tender true wise young old new
first last every many few more most other same such only own great small large long short high low early late
open close begin finish build carry choose create draw find follow give grow hold keep learn leave listen
make move offer paint place plan read remember return share show speak stand start study teach tell think
travel turn understand visit walk wander watch wonder work write answer question reason season journey
voyage harbour island coast wave wind cloud rain storm thunder star moon sun planet orbit signal message
number seven twelve hundred thousand million quarter half double triple price order delivery shipping
review account profile settings search filter export report summary analysis result confidence sample
family weight style size similar origin usage culture tradition identity brand logo poster cover label
package bottle jar candle soap towel linen cotton wool silk leather paper ink pen brush pencil canvas`
  .split(/\s+/)
  .filter(Boolean);

const arabic = `تراث تصميم استوديو الرياض حرفة صناعة يدوية فخار نخلة تمر وعاء مبخرة خشب نحاس ذهب فضة لؤلؤ مرجان
صحراء واحة حديقة سوق فناء فانوس نافذة باب نقش نسيج سجادة خيمة جمل صقر حصان قهوة هيل زعفران عنبر عود عطر
حجر رخام رمل كثبان وادي جبل نهر ربيع صيف شتاء خريف مساء صباح ليل ضوء ظل لون أخضر أبيض أسود أزرق أحمر أصفر
دافئ هادئ لطيف قوي بسيط حديث قديم مستقبل ذاكرة حكاية قصيدة رسالة كلمة صفحة كتاب مكتبة أرشيف متحف معرض مجموعة
قطعة تفاصيل ملمس سطح خط منحنى دائرة مربع زاوية شكل فراغ توازن إيقاع انسجام تباين مقياس نسبة شبكة هامش عمود
عنوان فقرة فصل مؤلف محرر قارئ كاتب صانع حرفي ورشة أداة مطرقة إبرة خيط نول فرن طين زجاج مرآة مصباح طاولة كرسي
رف خزانة مقعد مزهرية صحن فنجان صينية سلة صندوق إطار لوح بلاط جدار سقف قوس قبة برج شارع مدينة قرية بيت عائلة
صديق ضيف أهلا كريم صادق صبور حريص فضولي شجاع مشرق أنيق نبيل نادر غني ناعم حلو حكيم شاب جديد أول آخر كثير
قليل عظيم صغير كبير طويل قصير عال منخفض مبكر متأخر افتح أغلق ابدأ اكتب اقرأ ارسم تعلم علم سافر زر انظر استمع
فكر شارك قدم اختر ابن احمل اصنع احفظ اشرح رحلة ميناء جزيرة ساحل موجة ريح سحابة مطر عاصفة نجمة قمر شمس كوكب
إشارة عدد سبعة اثنا عشر مئة ألف مليون ربع نصف ضعف سعر طلب توصيل شحن مراجعة حساب ملف إعدادات بحث تقرير ملخص
تحليل نتيجة ثقة عينة عائلة وزن أسلوب حجم مشابه أصل استخدام ثقافة تقاليد هوية علامة شعار ملصق غلاف تغليف قارورة
برطمان شمعة صابون منشفة كتان قطن صوف حرير جلد ورق حبر قلم فرشاة قماش المملكة العربية السعودية جدة مكة المدينة
الدرعية العلا أبها الطائف نجد الحجاز عسير الأحساء القصيم تبوك حائل ينبع الخبر الدمام ظهران بريدة عنيزة نجران`
  .split(/\s+/)
  .filter(Boolean);

function split(words: string[]) {
  const uniq = [...new Set(words)];
  return { train: uniq.filter((_, i) => i % 6 !== 5), heldOut: uniq.filter((_, i) => i % 6 === 5) };
}

export const englishWords = split(english);
export const arabicWords = split(arabic);

export type Rng = () => number;

/** Deterministic PRNG (mulberry32) so a data set can be rebuilt exactly. */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

export function makeLine(rng: Rng, script: "arabic" | "latin", set: "train" | "heldOut"): string {
  const words = (script === "arabic" ? arabicWords : englishWords)[set];
  const n = 2 + Math.floor(rng() * 5);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(pick(rng, words));
  if (script === "arabic") {
    const r = rng();
    let line = out.join(r < 0.15 ? " و" : " ");
    if (rng() < 0.1) line += pick(rng, ["،", ".", "؟", "!"]);
    if (rng() < 0.08) line += " " + String(Math.floor(rng() * 2030));
    return line;
  }
  const mode = rng();
  let words2 = out;
  if (mode < 0.3) words2 = out.map((w) => w[0]!.toUpperCase() + w.slice(1));
  else if (mode < 0.4) words2 = out.map((w) => w.toUpperCase());
  else words2[0] = words2[0]![0]!.toUpperCase() + words2[0]!.slice(1);
  let line = words2.join(" ");
  if (rng() < 0.15) line += pick(rng, [".", ",", "!", "?", ":"]);
  if (rng() < 0.1) line += " " + String(Math.floor(rng() * 2030));
  return line;
}

export const toArabicIndic = (s: string) => s.replace(/[0-9]/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

/** A short line that is mostly digits: prices, dates, phone numbers, in Latin or Arabic-Indic digits. */
export function digitLine(rng: Rng, script: "arabic" | "latin"): string {
  const n = () => String(Math.floor(rng() * 10 ** (1 + Math.floor(rng() * 4))));
  const forms = [
    () => `${n()}.${String(Math.floor(rng() * 100)).padStart(2, "0")}`,
    () => `${1 + Math.floor(rng() * 28)}/${1 + Math.floor(rng() * 12)}/${1990 + Math.floor(rng() * 40)}`,
    () => `+966 ${n()} ${n()}`,
    () => `${n()} ${n()} ${n()}`,
    () => `${n()}-${n()}`,
  ];
  const s = forms[Math.floor(rng() * forms.length)]!();
  return script === "arabic" && rng() < 0.7 ? toArabicIndic(s) : s;
}

/** Short words (3-5 letters), as on a label or a button. */
export function shortWord(rng: Rng, script: "arabic" | "latin", set: "train" | "heldOut"): string {
  for (let i = 0; i < 50; i++) {
    const w = makeLine(rng, script, set)
      .split(" ")[0]!
      .replace(/[.,!?:،؟]/g, "");
    const letters = [...w].length;
    if (letters >= 3 && letters <= 5) return rng() < 0.3 && script === "latin" ? w.toUpperCase() : w;
  }
  return script === "arabic" ? "باب" : "Door";
}
