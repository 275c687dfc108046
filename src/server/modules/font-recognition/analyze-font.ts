import {
  ImageDecodeError,
  ImageTooLargeError,
  InvalidBoxError,
  NoTextFoundError,
  RecognizerBusyError,
  RecognizerClosedError,
  TextUnreadableError,
  UnsupportedImageTypeError,
} from "#server/modules/font-recognition/errors.ts";
import { defaultImageLimits, readImageHeader } from "#server/modules/font-recognition/image-input.ts";
import { ApiError } from "#server/lib/api-error.ts";
import { FontModelUnavailableError, type FontRecognizerService } from "./recognizer-service.ts";
import {
  MAX_FONT_IMAGE_BYTES,
  decodedBase64Length,
  type AnalyzeFontRequest,
} from "#shared/schemas/analyze-font-request.ts";
import type { FontAnalysis } from "#shared/schemas/font-analysis.ts";

/**
 * Analyses the font of an uploaded image. The cheap checks run first, on the event loop: the size
 * from the base64 length before decoding, the type by its magic bytes and the dimensions from the
 * header alone, so a decompression bomb is refused without decoding a pixel and without waiting for
 * the model. The bytes live only for this call: nothing is stored or logged.
 */
export async function analyzeFont(
  recognizer: FontRecognizerService,
  request: AnalyzeFontRequest,
): Promise<FontAnalysis> {
  const base64 = request.image.slice(request.image.indexOf(",") + 1);
  if (decodedBase64Length(base64) > MAX_FONT_IMAGE_BYTES) {
    throw new ApiError(413, "image_too_large", "fontAnalysis.errors.tooLarge");
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
    return new ApiError(415, "unsupported_image_type", "fontAnalysis.errors.unsupportedType");
  }
  if (error instanceof ImageTooLargeError && error.limit === "pixels") {
    return new ApiError(413, "image_too_many_pixels", "fontAnalysis.errors.pixels", {
      params: {
        width: error.width,
        height: error.height,
        megapixels: Math.round((error.width * error.height) / 100_000) / 10,
        max: defaultImageLimits.maxPixels / 1_000_000,
      },
    });
  }
  if (error instanceof ImageTooLargeError) {
    return new ApiError(413, "image_dimensions_too_large", "fontAnalysis.errors.dimensions", {
      params: { width: error.width, height: error.height, max: defaultImageLimits.maxDimension },
    });
  }
  if (error instanceof ImageDecodeError) {
    return new ApiError(422, "image_unreadable", "fontAnalysis.errors.unreadable");
  }
  if (error instanceof NoTextFoundError) {
    return new ApiError(422, "no_text_found", "fontAnalysis.errors.noText");
  }
  if (error instanceof TextUnreadableError) {
    return new ApiError(422, "text_unreadable", "fontAnalysis.errors.textUnreadable");
  }
  if (error instanceof InvalidBoxError) {
    return new ApiError(400, "invalid_box", "fontAnalysis.errors.invalidBox");
  }
  if (error instanceof RecognizerBusyError) {
    return new ApiError(503, "recognizer_busy", "fontAnalysis.errors.busy", {
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    });
  }
  if (error instanceof RecognizerClosedError || error instanceof FontModelUnavailableError) {
    return new ApiError(503, "recognizer_unavailable", "fontAnalysis.errors.unavailable", {
      headers: { "Retry-After": "5" },
    });
  }
  return error;
}
