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
 * The response of POST /api/analyze-font: the analysis of the image's most prominent text and, for
 * an image with lines in both scripts (a sign in Arabic and English), `otherScript`, the analysis of
 * the lines in the other script.
 */
export const fontAnalysisSchema = scriptAnalysisSchema.extend({
  otherScript: scriptAnalysisSchema.optional(),
});

export type TextScript = z.infer<typeof textScriptSchema>;
export type ScriptAnalysis = z.infer<typeof scriptAnalysisSchema>;
export type FontAnalysis = z.infer<typeof fontAnalysisSchema>;
