import {
  ImageDecodeError,
  ImageTooLargeError,
  InvalidBoxError,
  NoTextFoundError,
  RecognizerBusyError,
  RecognizerClosedError,
  UnsupportedImageTypeError,
} from "#server/modules/font-recognition/errors.ts";
import { defaultImageLimits, readImageHeader } from "#server/modules/font-recognition/image-input.ts";
import { FontModelUnavailableError, type FontRecognizerService } from "#server/plugins/font-recognizer.ts";
import {
  MAX_FONT_IMAGE_BYTES,
  decodedBase64Length,
  type AnalyzeFontRequest,
} from "#shared/schemas/analyze-font-request.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";
import type { MessageKey } from "#shared/i18n/message-key.ts";

/** A refusal the route turns into `{ error: { code, message } }` with this status. */
export class AnalyzeFontRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(code);
    this.name = "AnalyzeFontRefusal";
  }
}

/**
 * Analyses the font of an uploaded image. The cheap checks run first, on the event loop: the size
 * from the base64 length before decoding, the type by its magic bytes and the dimensions from the
 * header alone, so a decompression bomb is refused without decoding a pixel and without waiting for
 * the model. The bytes live only for this call: nothing is stored or logged.
 */
export async function analyzeFont(recognizer: FontRecognizerService, request: AnalyzeFontRequest): Promise<FontAnalysis> {
  const base64 = request.image.slice(request.image.indexOf(",") + 1);
  if (decodedBase64Length(base64) > MAX_FONT_IMAGE_BYTES) {
    throw new AnalyzeFontRefusal(413, "image_too_large", "fontAnalysis.errors.tooLarge");
  }
  const bytes = Buffer.from(base64, "base64");
  try {
    // Here too, not only in the recognizer: a bad file is refused even while the model still loads.
    await readImageHeader(bytes);
    return await recognizer.analyze(bytes, request.box);
  } catch (error) {
    throw toRefusal(error);
  }
}

function toRefusal(error: unknown): unknown {
  if (error instanceof UnsupportedImageTypeError) {
    return new AnalyzeFontRefusal(415, "unsupported_image_type", "fontAnalysis.errors.unsupportedType");
  }
  if (error instanceof ImageTooLargeError) {
    return new AnalyzeFontRefusal(413, "image_dimensions_too_large", "fontAnalysis.errors.dimensions", {
      width: error.width,
      height: error.height,
      max: defaultImageLimits.maxDimension,
    });
  }
  if (error instanceof ImageDecodeError) {
    return new AnalyzeFontRefusal(422, "image_unreadable", "fontAnalysis.errors.unreadable");
  }
  if (error instanceof NoTextFoundError) {
    return new AnalyzeFontRefusal(422, "no_text_found", "fontAnalysis.errors.noText");
  }
  if (error instanceof InvalidBoxError) {
    return new AnalyzeFontRefusal(400, "invalid_box", "fontAnalysis.errors.invalidBox");
  }
  if (error instanceof RecognizerBusyError) {
    return new AnalyzeFontRefusal(503, "recognizer_busy", "fontAnalysis.errors.busy", {}, error.retryAfterSeconds);
  }
  if (error instanceof RecognizerClosedError || error instanceof FontModelUnavailableError) {
    return new AnalyzeFontRefusal(503, "recognizer_unavailable", "fontAnalysis.errors.unavailable", {}, 5);
  }
  return error;
}
