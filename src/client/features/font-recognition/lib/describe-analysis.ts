import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { formatNumber, formatPercent } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import type { FontAnalysis, ScriptAnalysis } from "#shared/schemas/font-analysis.ts";

/** Every field of one script's analysis as the visitor reads it, in their language; unknown fields are absent. */
export type DescribedFont = {
  family: string;
  /** The family's name in the other language, when it differs. */
  otherName?: string;
  confidence: string;
  /**
   * Set when the font is not in the library ("Not in our library; the closest we know: …"), or may
   * well not be: an answer stated at under 50% (the confidence reads how close the image is to the
   * family, decision 0030), "We are not sure this font is in our library; …".
   */
  libraryNotice?: string;
  weight?: string;
  style?: string;
  size?: string;
  characteristics: string[];
  similar: { name: string; similarity: string; value: number }[];
  cultural?: { origin: string; usage: string };
};

/** The analysis of the image's main text, and of its text in the other script when there is some. */
export type DescribedAnalysis = DescribedFont & {
  /** "Also in this image — Arabic text": the font of the lines in the other script. */
  otherScript?: DescribedFont & { heading: string };
};

const formatInteger = (value: number, lang: Lang) =>
  formatNumber(value, lang, { maximumFractionDigits: 0, useGrouping: false });

export function describeAnalysis(analysis: FontAnalysis, lang: Lang, copy: FontRecognitionCopy): DescribedAnalysis {
  const other = analysis.otherScript;
  return {
    ...describeFont(analysis, lang, copy),
    ...(other
      ? {
          otherScript: {
            // The other part's script is the one the main part is not, should the server not say.
            heading:
              (other.script ?? (analysis.script === "arabic" ? "latin" : "arabic")) === "arabic"
                ? copy.result.otherScriptArabic
                : copy.result.otherScriptLatin,
            ...describeFont(other, lang, copy),
          },
        }
      : {}),
  };
}

function describeFont(analysis: ScriptAnalysis, lang: Lang, copy: FontRecognitionCopy): DescribedFont {
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
    ...(analysis.inLibrary && analysis.confidence >= 0.5
      ? {}
      : {
          libraryNotice: interpolate(analysis.inLibrary ? r.unsureInLibrary : r.notInLibrary, {
            list: names.join(lang === "ar" ? "، " : ", "),
          }),
        }),
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
  const other = described.otherScript;
  const lines = [copy.report.summaryTitle, ...summaryLines(described, copy, lang)];
  if (other) lines.push("", other.heading, ...summaryLines(other, copy, lang));
  return lines.join("\n");
}

function summaryLines(described: DescribedFont, copy: FontRecognitionCopy, lang: Lang): string[] {
  const p = copy.report;
  const lines = [
    interpolate(p.summaryFamily, {
      family: described.otherName ? `${described.family} (${described.otherName})` : described.family,
    }),
    interpolate(p.summaryConfidence, { confidence: described.confidence }),
  ];
  if (described.libraryNotice) lines.unshift(described.libraryNotice);
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
  return lines;
}
