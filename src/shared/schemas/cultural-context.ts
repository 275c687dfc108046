import { z } from "zod";

/**
 * Origin and usage of an Arabic calligraphic style, in both languages (spec §3): part of a family
 * in the font library (models/font-recognition/library.json, GET /api/fonts) and of an analysis.
 */
export const culturalContextSchema = z.object({
  origin: z.string(),
  originAr: z.string(),
  usage: z.string(),
  usageAr: z.string(),
});

export type CulturalContext = z.infer<typeof culturalContextSchema>;
