import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { formatNumber, formatPercent } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";

/** Every field of an analysis as the visitor reads it, in their language; unknown fields are absent. */
export type DescribedAnalysis = {
  family: string;
  /** The family's name in the other language, when it differs. */
  otherName?: string;
  confidence: string;
  /** Set when the font is not in the library: "Not in our library; the closest we know: …". */
  notInLibrary?: string;
  weight?: string;
  style?: string;
  size?: string;
  characteristics: string[];
  similar: { name: string; similarity: string; value: number }[];
  cultural?: { origin: string; usage: string };
};

const formatInteger = (value: number, lang: Lang) =>
  formatNumber(value, lang, { maximumFractionDigits: 0, useGrouping: false });

export function describeAnalysis(analysis: FontAnalysis, lang: Lang, copy: FontRecognitionCopy): DescribedAnalysis {
  const r = copy.result;
  const family = lang === "ar" ? analysis.fontFamilyAr : analysis.fontFamily;
  const other = lang === "ar" ? analysis.fontFamily : analysis.fontFamilyAr;
  const weightName =
    analysis.weight !== undefined
      ? r.weights[`w${Math.round(analysis.weight / 100) * 100}` as keyof typeof r.weights]
      : undefined;
  const names = [family, ...analysis.similarFonts.slice(0, 2).map((font) => (lang === "ar" ? font.nameAr : font.name))];
  return {
    family,
    ...(other && other !== family ? { otherName: other } : {}),
    confidence: formatPercent(analysis.confidence, lang),
    ...(analysis.inLibrary
      ? {}
      : { notInLibrary: interpolate(r.notInLibrary, { list: names.join(lang === "ar" ? "، " : ", ") }) }),
    ...(analysis.weight !== undefined
      ? { weight: `${formatInteger(analysis.weight, lang)}${weightName ? ` (${weightName})` : ""}` }
      : {}),
    ...(analysis.style ? { style: analysis.style === "italic" ? r.styleItalic : r.styleNormal } : {}),
    ...(analysis.size !== undefined
      ? { size: interpolate(r.sizeValue, { size: formatInteger(analysis.size, lang) }) }
      : {}),
    characteristics: lang === "ar" ? analysis.characteristicsAr : analysis.characteristics,
    similar: analysis.similarFonts.map((font) => ({
      name: lang === "ar" ? font.nameAr : font.name,
      similarity: formatPercent(font.similarity, lang),
      value: font.similarity,
    })),
    ...(analysis.culturalContext
      ? {
          cultural:
            lang === "ar"
              ? { origin: analysis.culturalContext.originAr, usage: analysis.culturalContext.usageAr }
              : { origin: analysis.culturalContext.origin, usage: analysis.culturalContext.usage },
        }
      : {}),
  };
}

/** The shareable plain-text summary the copy button puts on the clipboard. */
export function summaryText(described: DescribedAnalysis, copy: FontRecognitionCopy, lang: Lang): string {
  const p = copy.report;
  const lines = [
    p.summaryTitle,
    interpolate(p.summaryFamily, {
      family: described.otherName ? `${described.family} (${described.otherName})` : described.family,
    }),
    interpolate(p.summaryConfidence, { confidence: described.confidence }),
  ];
  if (described.notInLibrary) lines.splice(1, 0, described.notInLibrary);
  if (described.weight) lines.push(interpolate(p.summaryWeight, { weight: described.weight }));
  if (described.style) lines.push(interpolate(p.summaryStyle, { style: described.style }));
  if (described.size) lines.push(interpolate(p.summarySize, { size: described.size }));
  if (described.similar.length > 0) {
    const separator = lang === "ar" ? "، " : ", ";
    lines.push(
      interpolate(p.summarySimilar, {
        list: described.similar.map((s) => `${s.name} ${s.similarity}`).join(separator),
      }),
    );
  }
  return lines.join("\n");
}
