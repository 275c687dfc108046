// Typed failures of font analysis. The HTTP route maps each class to a status code.

export class FontRecognitionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The bytes are not a PNG, JPEG or WebP image (checked by magic bytes). Maps to 415. */
export class UnsupportedImageTypeError extends FontRecognitionError {
  readonly code = "UNSUPPORTED_IMAGE_TYPE";
}

/**
 * The header claims dimensions beyond the limits (a decompression bomb, or just too big): a side
 * longer than allowed, or more pixels in all than one analysis may decode. Maps to 413.
 */
export class ImageTooLargeError extends FontRecognitionError {
  readonly code = "IMAGE_TOO_LARGE";
  constructor(
    message: string,
    readonly width: number,
    readonly height: number,
    readonly limit: "dimension" | "pixels" = "dimension",
  ) {
    super(message);
  }
}

/** The image could be read but holds no text line to analyse. Maps to 422. */
export class NoTextFoundError extends FontRecognitionError {
  readonly code = "NO_TEXT_FOUND";
}

/** There is text, but it is too small or too blurry to read a font from. Maps to 422. */
export class TextUnreadableError extends FontRecognitionError {
  readonly code = "TEXT_UNREADABLE";
}

/** The image is damaged or cannot be decoded although its type is supported. Maps to 422. */
export class ImageDecodeError extends FontRecognitionError {
  readonly code = "IMAGE_DECODE_FAILED";
}

/** The selection box lies outside the image or is degenerate. Maps to 400. */
export class InvalidBoxError extends FontRecognitionError {
  readonly code = "INVALID_BOX";
}

/** Every worker is busy and the waiting queue is full. Maps to 503 with Retry-After. */
export class RecognizerBusyError extends FontRecognitionError {
  readonly code = "RECOGNIZER_BUSY";
  constructor(readonly retryAfterSeconds = 1) {
    super("The font recognizer is busy; try again shortly");
  }
}

/** The recognizer was closed. */
export class RecognizerClosedError extends FontRecognitionError {
  readonly code = "RECOGNIZER_CLOSED";
}
