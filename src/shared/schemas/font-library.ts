import { z } from "zod";

/** One family the model knows, as GET /api/fonts lists it for the font tool's library. */
export const fontLibraryFamilySchema = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  script: z.enum(["arabic", "latin"]),
  classification: z.string(),
  classificationAr: z.string(),
  arabicStyle: z.enum(["naskh", "kufi", "thuluth", "diwani", "ruqah", "nastaliq", "sans", "display"]).optional(),
  latinClass: z.string().optional(),
  weights: z.array(z.number().int()),
  italic: z.boolean(),
  characteristics: z.array(z.string()),
  characteristicsAr: z.array(z.string()),
  culturalContext: z
    .object({ origin: z.string(), originAr: z.string(), usage: z.string(), usageAr: z.string() })
    .optional(),
  licence: z.string(),
  sampleUrl: z.string(),
});

export const fontLibraryResponseSchema = z.object({ families: z.array(fontLibraryFamilySchema) });

export type FontLibraryFamily = z.infer<typeof fontLibraryFamilySchema>;
export type FontLibraryResponse = z.infer<typeof fontLibraryResponseSchema>;
