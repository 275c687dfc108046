import { describe, expect, it } from "vitest";
import ar from "../font-recognition.ar.ts";
import en from "../font-recognition.en.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import { buildReport } from "./build-report.ts";
import { describeAnalysis, describeLines, describeResult, summaryText } from "./describe-analysis.ts";

/** Intl adds bidi marks around Arabic percent signs; the tests compare the visible text. */
const visible = (text: string | undefined) => text?.replace(/[\u061c\u200e\u200f]/g, "");

const analysis: FontAnalysis = {
  fontFamily: "Amiri",
  fontFamilyAr: "الأميري",
  confidence: 0.873,
  inLibrary: true,
  weight: 700,
  style: "italic",
  size: 41.6,
  characteristics: ["Classical Naskh"],
  characteristicsAr: ["نسخ كلاسيكي"],
  similarFonts: [
    { name: "Scheherazade New", nameAr: "شهرزاد الجديد", similarity: 0.91 },
    { name: "Lateef", nameAr: "لطيف", similarity: 0.64 },
  ],
  culturalContext: { origin: "Baghdad <10th c.>", originAr: "بغداد", usage: "Books", usageAr: "الكتب" },
  lines: [],
};

describe("describeAnalysis", () => {
  it("says when the font is not in the library, naming the closest families, in both languages", () => {
    const outside = { ...analysis, confidence: 0.12, inLibrary: false };
    expect(describeAnalysis(analysis, "en", en).libraryNotice).toBeUndefined();
    const english = describeAnalysis(outside, "en", en);
    expect(english.libraryNotice).toBe("Not in our library; the closest we know: Amiri, Scheherazade New, Lateef");
    expect(summaryText(english, en, "en").split("\n")[1]).toBe(english.libraryNotice);
    const arabic = describeAnalysis(outside, "ar", ar);
    expect(arabic.libraryNotice).toBe("هذا الخط ليس في مكتبتنا، وأقرب ما نعرفه إليه: الأميري، شهرزاد الجديد، لطيف");
  });

  it("says when it is not sure the font is in the library (a confidence under 50%), in both languages", () => {
    const unsure = { ...analysis, confidence: 0.22 };
    const english = describeAnalysis(unsure, "en", en);
    expect(english.libraryNotice).toBe(
      "We are not sure this font is in our library; the closest we know: Amiri, Scheherazade New, Lateef",
    );
    expect(summaryText(english, en, "en").split("\n")[1]).toBe(english.libraryNotice);
    expect(describeAnalysis(unsure, "ar", ar).libraryNotice).toBe(
      "لسنا واثقين أن هذا الخط من مكتبتنا، وأقرب ما نعرفه إليه: الأميري، شهرزاد الجديد، لطيف",
    );
    expect(describeAnalysis({ ...analysis, confidence: 0.5 }, "en", en).libraryNotice).toBeUndefined();
  });

  it("gives every field in English", () => {
    const d = describeAnalysis(analysis, "en", en);
    expect(d).toMatchObject({
      family: "Amiri",
      otherName: "الأميري",
      confidence: "87%",
      weight: "700 (Bold)",
      style: "Italic",
      size: "42 px",
      characteristics: ["Classical Naskh"],
      cultural: { origin: "Baghdad <10th c.>", usage: "Books" },
    });
    expect(d.similar[0]).toEqual({ name: "Scheherazade New", similarity: "91%", value: 0.91 });
  });

  it("gives every field in Arabic, with Arabic-Indic digits", () => {
    const d = describeAnalysis(analysis, "ar", ar);
    expect(d.family).toBe("الأميري");
    expect(d.otherName).toBe("Amiri");
    expect(visible(d.confidence)).toBe("٨٧٪");
    expect(d.weight).toBe("٧٠٠ (عريض)");
    expect(d.style).toBe("مائل");
    expect(d.size).toBe("٤٢ بكسل");
    expect(d.similar[1]!.name).toBe("لطيف");
    expect(d.cultural?.usage).toBe("الكتب");
  });

  it("leaves out what the model did not measure", () => {
    const { weight: _w, style: _s, size: _z, culturalContext: _c, ...rest } = analysis;
    const d = describeAnalysis(rest, "en", en);
    expect(d.weight).toBeUndefined();
    expect(d.style).toBeUndefined();
    expect(d.size).toBeUndefined();
    expect(d.cultural).toBeUndefined();
    expect(summaryText(d, en, "en")).not.toMatch(/Weight|Style|Size/);
  });
});

describe("summaryText and buildReport", () => {
  it("summarises in the visitor's language", () => {
    const text = summaryText(describeAnalysis(analysis, "ar", ar), ar, "ar");
    expect(text.split("\n")[0]).toBe(ar.report.summaryTitle);
    expect(text).toContain("الخط: الأميري (Amiri)");
    expect(visible(text)).toContain("شهرزاد الجديد ٩١٪، لطيف ٦٤٪");
  });

  it("writes a self-contained, escaped HTML report in the page's direction", () => {
    const html = buildReport({
      described: describeAnalysis(analysis, "ar", ar),
      copy: ar,
      lang: "ar",
      thumbnail: "data:image/jpeg;base64,AAAA",
      imageName: "<sign>.jpg",
      date: new Date("2026-01-02T10:00:00Z"),
    });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<img src="data:image/jpeg;base64,AAAA"');
    expect(html).toContain("&lt;sign&gt;.jpg");
    expect(html).toContain("الأميري");
    expect(html).not.toMatch(/<script|<link|https?:/);
    const english = buildReport({
      described: describeAnalysis(analysis, "en", en),
      copy: en,
      lang: "en",
      thumbnail: "javascript:alert(1)",
      imageName: "a.png",
      date: new Date(),
    });
    expect(english).toContain("Baghdad &lt;10th c.&gt;");
    expect(english).not.toContain("javascript:");
  });
});

describe("a sign in two scripts", () => {
  // An Arabic shop name in Amiri over its English in Roboto, which the model did not place in the library.
  const sign: FontAnalysis = {
    ...analysis,
    script: "arabic",
    otherScript: {
      fontFamily: "Roboto",
      fontFamilyAr: "روبوتو",
      confidence: 0.12,
      inLibrary: false,
      weight: 400,
      style: "normal",
      size: 24.2,
      characteristics: ["Neo-grotesque sans"],
      characteristicsAr: ["غير مذيّل حديث"],
      similarFonts: [
        { name: "Inter", nameAr: "إنتر", similarity: 0.83 },
        { name: "Open Sans", nameAr: "أوبن سانس", similarity: 0.7 },
      ],
      script: "latin",
    },
  };

  it("describes the other script's font under its own heading, in English", () => {
    const d = describeAnalysis(sign, "en", en);
    expect(d.family).toBe("Amiri");
    expect(d.otherScript).toMatchObject({
      heading: "Also in this image — Latin text",
      family: "Roboto",
      otherName: "روبوتو",
      confidence: "12%",
      libraryNotice: "Not in our library; the closest we know: Roboto, Inter, Open Sans",
      weight: "400 (Regular)",
      style: "Upright",
      size: "24 px",
      characteristics: ["Neo-grotesque sans"],
    });
    expect(d.otherScript?.similar.map((s) => `${s.name} ${s.similarity}`)).toEqual(["Inter 83%", "Open Sans 70%"]);
    expect(d.otherScript?.cultural).toBeUndefined();
    // The main part is not diluted: it keeps its own family and its own notice (none).
    expect(d.libraryNotice).toBeUndefined();
  });

  it("describes it in Arabic, with Arabic-Indic digits and the Latin families by their Latin names first", () => {
    const d = describeAnalysis(sign, "ar", ar);
    expect(d.otherScript?.heading).toBe("في الصورة أيضًا نص بحروف لاتينية");
    expect(d.otherScript?.family).toBe("Roboto");
    expect(d.otherScript?.otherName).toBe("روبوتو");
    expect(d.otherScript?.otherNameLabel).toBe("بالعربية");
    expect(visible(d.otherScript?.confidence)).toBe("١٢٪");
    expect(d.otherScript?.libraryNotice).toBe("هذا الخط ليس في مكتبتنا، وأقرب ما نعرفه إليه: Roboto، Inter، Open Sans");
    expect(d.otherScript?.similar.map((s) => s.name)).toEqual(["Inter", "Open Sans"]);
    // The Arabic family of the main part keeps its Arabic name first, its Latin one second.
    expect(d.family).toBe("الأميري");
    expect(d.otherName).toBe("Amiri");
    expect(d.otherNameLabel).toBe("بالحروف اللاتينية");
    expect(d.otherScript?.size).toBe("٢٤ بكسل");
    expect(d.otherScript?.weight).toBe("٤٠٠ (عادي)");
  });

  it("orders the names by the family's own script when the server gives it", () => {
    // Latin text named as an Arabic family (its Latin letters): the Arabic page still leads with the Arabic name.
    const arabicFamily: FontAnalysis = {
      ...sign.otherScript!,
      fontFamily: "Amiri",
      fontFamilyAr: "الأميري",
      familyScript: "arabic",
      lines: [],
    };
    expect(describeAnalysis(arabicFamily, "ar", ar).family).toBe("الأميري");
    const latinFamily: FontAnalysis = { ...analysis, familyScript: "latin" };
    expect(describeAnalysis(latinFamily, "ar", ar).family).toBe("Amiri");
    expect(describeAnalysis(latinFamily, "en", en)).toMatchObject({ family: "Amiri", otherNameLabel: "In Arabic" });
  });

  it("heads an Arabic second part as Arabic text", () => {
    const latinFirst: FontAnalysis = {
      ...sign.otherScript!,
      otherScript: { ...analysis, script: "arabic" },
      lines: [],
    };
    expect(describeAnalysis(latinFirst, "en", en).otherScript?.heading).toBe("Also in this image — Arabic text");
    expect(describeAnalysis(latinFirst, "ar", ar).otherScript?.heading).toBe("في الصورة أيضًا نص عربي");
  });

  it("has no second part for an image in one script", () => {
    expect(describeAnalysis(analysis, "en", en).otherScript).toBeUndefined();
    expect(summaryText(describeAnalysis(analysis, "en", en), en, "en")).not.toContain("Also in this image");
  });

  it("puts the second part in the copied summary, after the first", () => {
    const text = summaryText(describeAnalysis(sign, "en", en), en, "en");
    expect(text.split("\n")).toEqual([
      "Font analysis (Nawat Studio)",
      "Font: Amiri (الأميري)",
      "Confidence: 87%",
      "Weight: 700 (Bold)",
      "Style: Italic",
      "Size: 42 px",
      "Similar fonts: Scheherazade New 91%, Lateef 64%",
      "",
      "Also in this image — Latin text",
      "Not in our library; the closest we know: Roboto, Inter, Open Sans",
      "Font: Roboto (روبوتو)",
      "Confidence: 12%",
      "Weight: 400 (Regular)",
      "Style: Upright",
      "Size: 24 px",
      "Similar fonts: Inter 83%, Open Sans 70%",
    ]);
    const arabic = visible(summaryText(describeAnalysis(sign, "ar", ar), ar, "ar"))!;
    expect(arabic).toContain("\nفي الصورة أيضًا نص بحروف لاتينية\n");
    expect(arabic).toContain("الخط: Roboto (روبوتو)");
    expect(arabic).toContain("خطوط مشابهة: Inter ٨٣٪، Open Sans ٧٠٪");
  });

  it("puts the second part in the report, under its own heading", () => {
    const html = buildReport({
      described: describeAnalysis(sign, "ar", ar),
      copy: ar,
      lang: "ar",
      thumbnail: "",
      imageName: "sign.jpg",
      date: new Date("2026-01-02T10:00:00Z"),
    });
    const second = html.slice(html.indexOf("<h2>في الصورة أيضًا نص بحروف لاتينية</h2>"));
    expect(second.length).toBeLessThan(html.length);
    expect(second).toContain('<th scope="row">أقرب عائلة نعرفها</th><td>Roboto</td>');
    expect(second).toContain('<th scope="row">بالعربية</th><td>روبوتو</td>');
    expect(second).toContain("<h3>خطوط مشابهة</h3>");
    expect(second).toContain("Inter");
    expect(second).not.toContain("الأميري");
    expect(html.indexOf("الأميري")).toBeLessThan(html.indexOf("Roboto"));
  });
});

describe("the lines of an answer", () => {
  const box = (y: number) => ({ x: 40, y, width: 600, height: 90 });
  const arabicLine = { ...analysis, familyScript: "arabic" as const, script: "arabic" as const, box: box(20) };
  const latinLine = {
    ...analysis,
    fontFamily: "Roboto",
    fontFamilyAr: "روبوتو",
    familyScript: "latin" as const,
    script: "latin" as const,
    culturalContext: undefined,
    confidence: 0.64,
    weight: 400,
    style: "normal" as const,
    box: box(200),
  };
  const sign: FontAnalysis = { ...analysis, lines: [arabicLine, latinLine] };

  it("names each line's box by its number, its script and its font, in English and in Arabic", () => {
    expect(describeLines(sign, "en", en).map((l) => l.label)).toEqual([
      "Line 1: Arabic text, Amiri",
      "Line 2: Latin text, Roboto",
    ]);
    const arabic = describeLines(sign, "ar", ar);
    expect(arabic.map((l) => l.label)).toEqual([
      "السطر ١: نص عربي بخط الأميري",
      "السطر ٢: نص بحروف لاتينية بخط Roboto",
    ]);
    expect(arabic[1]).toMatchObject({ number: "٢", script: "نص بحروف لاتينية", family: "Roboto", box: box(200) });
  });

  it("shows the picked line's own analysis, headed with its number and script", () => {
    const d = describeResult(sign, 1, "en", en);
    expect(d).toMatchObject({ family: "Roboto", confidence: "64%", weight: "400 (Regular)", style: "Upright" });
    expect(d.line?.heading).toBe("Line 2 — Latin text");
    expect(d.cultural).toBeUndefined();
    expect(describeResult(sign, 1, "ar", ar).line?.heading).toBe("السطر ٢ — نص بحروف لاتينية");
    expect(describeResult(sign, 0, "en", en)).toMatchObject({
      family: "Amiri",
      line: { heading: "Line 1 — Arabic text" },
    });
    // The summary says which line it is about.
    expect(summaryText(d, en, "en").split("\n").slice(0, 3)).toEqual([
      "Font analysis (Nawat Studio)",
      "Line 2 — Latin text",
      "Font: Roboto (روبوتو)",
    ]);
  });

  it("shows an answer of one line (or none) as a whole, as before", () => {
    const one: FontAnalysis = { ...analysis, lines: [arabicLine] };
    expect(describeResult(one, 0, "en", en)).toEqual(describeAnalysis(one, "en", en));
    expect(describeResult({ ...analysis, lines: [] }, 0, "ar", ar)).toEqual(describeAnalysis(analysis, "ar", ar));
  });
});
