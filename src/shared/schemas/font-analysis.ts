import { z } from "zod";
import { culturalContextSchema } from "./cultural-context.ts";

export const textScriptSchema = z.enum(["arabic", "latin"]);

/**
 * A family's names: `name` is its own (Latin letters, "Amiri", "Roboto"), `nameAr` its Arabic name
 * or, for a Latin family, the Arabic transliteration of its name. `script` (the family's own
 * script) tells an Arabic page which to show first: a Latin family is searched for by its Latin name.
 */
export const similarFontSchema = z.object({
  name: z.string(),
  nameAr: z.string(),
  script: textScriptSchema.optional(),
  /** Cosine similarity of the image's embedding to the family's centroid, clipped to 0..1. */
  similarity: z.number().min(0).max(1),
});

/**
 * The analysis of the text in one script (spec §3). Fields the model cannot tell are omitted rather
 * than guessed: weight, style and size are absent when they cannot be measured, and culturalContext
 * is present only for Arabic calligraphic styles.
 */
export const scriptAnalysisSchema = z.object({
  fontFamily: z.string(),
  fontFamilyAr: z.string(),
  /** The named family's own script (not the text's: Latin text may be set in an Arabic family's Latin letters). */
  familyScript: textScriptSchema.optional(),
  /** Calibrated probability (temperature scaling) that fontFamily is right. */
  confidence: z.number().min(0).max(1),
  /**
   * False when the text is not close to any family the model knows: the font is probably not in the
   * library, fontFamily and similarFonts are the closest families it knows, and confidence is capped.
   */
  inLibrary: z.boolean(),
  /** CSS font weight, one the family actually has. */
  weight: z.number().int().min(100).max(900).optional(),
  style: z.enum(["normal", "italic"]).optional(),
  /** Font size in pixels of the uploaded image, measured from the glyphs. */
  size: z.number().positive().optional(),
  characteristics: z.array(z.string()),
  characteristicsAr: z.array(z.string()),
  similarFonts: z.array(similarFontSchema),
  culturalContext: culturalContextSchema.optional(),
  /** The script of the text this analysis is about; present when the model reads scripts. */
  script: textScriptSchema.optional(),
});

/**
 * Where a line of text is: whole pixels of the uploaded image as a browser shows it (its EXIF
 * orientation applied, at its full size), from the top-left corner.
 */
export const lineBoxSchema = z.object({
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

/**
 * One line of text found in the image, with its own analysis: the model's reading of that line's
 * windows alone. `script` is always told here (the script head's reading of the line, or for a model
 * without that head the script whose families hold most of the probability).
 */
export const lineAnalysisSchema = scriptAnalysisSchema.extend({
  box: lineBoxSchema,
  script: textScriptSchema,
});

/**
 * The response of POST /api/analyze-font: the analysis of the image's most prominent text and, for
 * an image with lines in both scripts (a sign in Arabic and English), `otherScript`, the analysis of
 * the lines in the other script. Both average the windows of several lines, as before `lines`
 * (decision 0047). `lines` is each line analysed, on its own, most prominent first.
 */
export const fontAnalysisSchema = scriptAnalysisSchema.extend({
  otherScript: scriptAnalysisSchema.optional(),
  lines: z.array(lineAnalysisSchema),
});

export type TextScript = z.infer<typeof textScriptSchema>;
export type ScriptAnalysis = z.infer<typeof scriptAnalysisSchema>;
export type LineBox = z.infer<typeof lineBoxSchema>;
export type LineAnalysis = z.infer<typeof lineAnalysisSchema>;
export type FontAnalysis = z.infer<typeof fontAnalysisSchema>;
