import { z } from "zod";
import type { MessageKey } from "../i18n/message-key.ts";

/** Spec §9 and DESIGN §3: the font tool takes images up to 10 MB, checked on the page and the server. */
export const MAX_FONT_IMAGE_BYTES = 10 * 1024 * 1024;

const key = <K extends MessageKey>(k: K): K => k;

/** `data:<image type>[;params];base64,<data>`: the only form the page sends. */
const dataUrlPattern = /^data:[a-z]+\/[a-z0-9.+-]+(;[a-z0-9-]+=[a-z0-9.+-]+)*;base64,[A-Za-z0-9+/]*={0,2}$/i;

const coordinate = z.number({ error: key("fontAnalysis.box.invalid") }).finite(key("fontAnalysis.box.invalid"));

/** A rectangle in the image's own pixels, drawn by the visitor around the text to analyse. */
export const fontAnalysisBoxSchema = z.strictObject({
  x: coordinate.min(0, key("fontAnalysis.box.invalid")),
  y: coordinate.min(0, key("fontAnalysis.box.invalid")),
  w: coordinate.positive(key("fontAnalysis.box.invalid")),
  h: coordinate.positive(key("fontAnalysis.box.invalid")),
});

/** POST /api/analyze-font (spec §3): the image as a data URL, optionally a box around the text. */
export const analyzeFontRequestSchema = z.strictObject({
  image: z
    .string({ error: key("fontAnalysis.image.required") })
    .min(1, key("fontAnalysis.image.required"))
    .regex(dataUrlPattern, key("fontAnalysis.image.invalid")),
  box: fontAnalysisBoxSchema.optional(),
});

export type FontAnalysisBox = z.infer<typeof fontAnalysisBoxSchema>;
export type AnalyzeFontRequest = z.infer<typeof analyzeFontRequestSchema>;

/** Bytes a base64 payload decodes to, without decoding it. */
export function decodedBase64Length(base64: string): number {
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}
