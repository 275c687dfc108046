import { z } from "zod";
import { culturalContextSchema } from "./cultural-context.ts";

/** The Arabic calligraphic styles, in the order of the model's style head. */
export const arabicStyles = ["naskh", "kufi", "thuluth", "diwani", "ruqah", "nastaliq", "sans", "display"] as const;
export const arabicStyleSchema = z.enum(arabicStyles);
export type ArabicStyle = z.infer<typeof arabicStyleSchema>;

/** One font file set of a family: a weight, upright or italic. */
export const libraryVariantSchema = z.object({
  weight: z.number().int(),
  italic: z.boolean(),
  /** Repository-relative font files; the first holds the family's own script. */
  files: z.array(z.string()),
});

/** What a family is, as the model's library and the API both describe it. */
const familyFields = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  script: z.enum(["arabic", "latin"]),
  classification: z.string(),
  classificationAr: z.string(),
  arabicStyle: arabicStyleSchema.optional(),
  latinClass: z.string().optional(),
  weights: z.array(z.number().int()),
  italic: z.boolean(),
  characteristics: z.array(z.string()),
  characteristicsAr: z.array(z.string()),
  culturalContext: culturalContextSchema.optional(),
  licence: z.string(),
});

/** A family in models/font-recognition/library.json (written by ml/font-recognition/build-library.ts). */
export const libraryFamilySchema = familyFields.extend({
  variants: z.array(libraryVariantSchema),
  source: z.string(),
  licenceFile: z.string(),
});

/** models/font-recognition/library.json: every family the model knows. */
export const fontLibrarySchema = z.object({
  version: z.number().int(),
  families: z.array(libraryFamilySchema),
});

/** One family the model knows, as GET /api/fonts lists it for the font tool's library. */
export const fontLibraryFamilySchema = familyFields.extend({ sampleUrl: z.string() });

export const fontLibraryResponseSchema = z.object({ families: z.array(fontLibraryFamilySchema) });

export type LibraryVariant = z.infer<typeof libraryVariantSchema>;
export type LibraryFamily = z.infer<typeof libraryFamilySchema>;
export type FontLibrary = z.infer<typeof fontLibrarySchema>;
export type FontLibraryFamily = z.infer<typeof fontLibraryFamilySchema>;
export type FontLibraryResponse = z.infer<typeof fontLibraryResponseSchema>;
