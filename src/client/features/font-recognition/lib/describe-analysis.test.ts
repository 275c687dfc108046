import { describe, expect, it } from "vitest";
import ar from "../font-recognition.ar.ts";
import en from "../font-recognition.en.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import { buildReport } from "./build-report.ts";
import { describeAnalysis, summaryText } from "./describe-analysis.ts";

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
};

describe("describeAnalysis", () => {
  it("says when the font is not in the library, naming the closest families, in both languages", () => {
    const outside = { ...analysis, confidence: 0.12, inLibrary: false };
    expect(describeAnalysis(analysis, "en", en).notInLibrary).toBeUndefined();
    const english = describeAnalysis(outside, "en", en);
    expect(english.notInLibrary).toBe("Not in our library; the closest we know: Amiri, Scheherazade New, Lateef");
    expect(summaryText(english, en, "en").split("\n")[1]).toBe(english.notInLibrary);
    const arabic = describeAnalysis(outside, "ar", ar);
    expect(arabic.notInLibrary).toBe("هذا الخط ليس في مكتبتنا، وأقرب ما نعرفه إليه: الأميري، شهرزاد الجديد، لطيف");
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
