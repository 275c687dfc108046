import type { FontRecognitionCopy } from "../font-recognition.en.ts";
import { formatNumber, formatPercent } from "#shared/i18n/format.ts";
import { interpolate } from "#shared/i18n/types.ts";
import type { Lang } from "#shared/lang.ts";
import type { FontAnalysis, LineBox, ScriptAnalysis, TextScript } from "#shared/schemas/font-analysis.ts";
import { familyNames } from "./family-names.ts";

/** Every field of one script's analysis as the visitor reads it, in their language; unknown fields are absent. */
export type DescribedFont = {
  family: string;
  /** The family's other name, when it differs: its Arabic one, or on an Arabic page a Latin family's transliteration or an Arabic family's Latin name. */
  otherName?: string;
  /** What the other name is ("In Arabic", "بالحروف اللاتينية"), for readers and the report; set with otherName. */
  otherNameLabel?: string;
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
  /** Set when this is the analysis of one line the visitor picked: "Line 2 — Latin text". */
  line?: { heading: string };
};

/** A line of the result as the page names it, on its box over the image and in the list of lines. */
export type DescribedLine = {
  /** Its place, most prominent first, in the page's digits: "2", "٢". */
  number: string;
  /** "Arabic text", "نص عربي". */
  script: string;
  /** The family's name, in the order the page shows names (familyNames). */
  family: string;
  /** What a screen reader says for its box: "Line 2: Latin text, Roboto". */
  label: string;
  /** In the uploaded image's pixels. */
  box: LineBox;
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

const scriptName = (script: TextScript, copy: FontRecognitionCopy) =>
  script === "arabic" ? copy.lines.scriptArabic : copy.lines.scriptLatin;

const familyOf = (analysis: ScriptAnalysis, lang: Lang) =>
  familyNames(
    { name: analysis.fontFamily, nameAr: analysis.fontFamilyAr, script: analysis.familyScript ?? analysis.script },
    lang,
  ).name;

/** Each line of the result, most prominent first, as its box and its list item name it. */
export function describeLines(analysis: FontAnalysis, lang: Lang, copy: FontRecognitionCopy): DescribedLine[] {
  return analysis.lines.map((line, i) => {
    const parts = {
      number: formatInteger(i + 1, lang),
      script: scriptName(line.script, copy),
      family: familyOf(line, lang),
    };
    return { ...parts, label: interpolate(copy.lines.boxLabel, parts), box: line.box };
  });
}

/**
 * What the results panel shows for the line at `index`: that line's own analysis, headed with its
 * number and script. An answer of one line (or an older one without lines) is shown as a whole, as
 * before: its one line's analysis is the same reading.
 */
export function describeResult(
  analysis: FontAnalysis,
  index: number,
  lang: Lang,
  copy: FontRecognitionCopy,
): DescribedAnalysis {
  const line = analysis.lines.length > 1 ? analysis.lines[index] : undefined;
  if (!line) return describeAnalysis(analysis, lang, copy);
  return {
    ...describeFont(line, lang, copy),
    line: {
      heading: interpolate(copy.lines.panelHeading, {
        number: formatInteger(index + 1, lang),
        script: scriptName(line.script, copy),
      }),
    },
  };
}

function describeFont(analysis: ScriptAnalysis, lang: Lang, copy: FontRecognitionCopy): DescribedFont {
  const r = copy.result;
  // The family's own script decides which name comes first; a server that does not say it, the text's.
  const names = familyNames(
    { name: analysis.fontFamily, nameAr: analysis.fontFamilyAr, script: analysis.familyScript ?? analysis.script },
    lang,
  );
  const family = names.name;
  const other = names.other;
  // Similar fonts are in the script of the text seen.
  const similarName = (font: ScriptAnalysis["similarFonts"][number]) =>
    familyNames({ ...font, script: font.script ?? analysis.script }, lang).name;
  const weightName =
    analysis.weight !== undefined
      ? r.weights[`w${Math.round(analysis.weight / 100) * 100}` as keyof typeof r.weights]
      : undefined;
  const closest = [family, ...analysis.similarFonts.slice(0, 2).map(similarName)];
  return {
    family,
    ...(other && other !== family
      ? { otherName: other, otherNameLabel: names.otherScript === "arabic" ? r.otherNameArabic : r.otherNameLatin }
      : {}),
    confidence: formatPercent(analysis.confidence, lang),
    ...(analysis.inLibrary && analysis.confidence >= 0.5
      ? {}
      : {
          libraryNotice: interpolate(analysis.inLibrary ? r.unsureInLibrary : r.notInLibrary, {
            list: closest.join(lang === "ar" ? "، " : ", "),
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
      name: similarName(font),
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
  const lines = [
    copy.report.summaryTitle,
    ...(described.line ? [described.line.heading] : []),
    ...summaryLines(described, copy, lang),
  ];
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
