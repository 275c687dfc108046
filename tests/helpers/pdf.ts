import jsQR from "jsqr";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

type CanvasLike = { width: number; height: number };
type ContextLike = {
  fillStyle: string;
  fillRect(x: number, y: number, width: number, height: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: ArrayLike<number> };
};

/**
 * Reads a PDF back the way a viewer does (Mozilla's pdf.js): its first page's text, and the QR
 * code found on the page once drawn as pixels.
 */
export async function readPdf(pdf: Uint8Array): Promise<{ pages: number; text: string; raw: string; qr?: string }> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 }).promise;
  const page = await document.getPage(1);
  // Presentation forms are kept as drawn (pdf.js would otherwise expand a ligature such as U+FD10,
  // dad-reh, into two letters in visual order and so reverse them); NFKC then gives plain letters.
  const content = await page.getTextContent({ disableNormalization: true });
  const raw = content.items.map((item) => ("str" in item ? item.str : "")).join(" ");
  const viewport = page.getViewport({ scale: 2 });
  // pdf.js draws paths with its own copy of @napi-rs/canvas (a Path2D from another copy is refused),
  // so the page is drawn on a canvas from pdf.js's own factory.
  const factory = document.canvasFactory as {
    create(width: number, height: number): { canvas: CanvasLike; context: ContextLike };
  };
  const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  const qr = jsQR(Uint8ClampedArray.from(pixels.data), canvas.width, canvas.height)?.data;
  const pages = document.numPages;
  await document.destroy();
  return { pages, raw, text: raw.normalize("NFKC"), ...(qr ? { qr } : {}) };
}

/**
 * A text without its spaces: pdf.js guesses word breaks from glyph gaps and sometimes adds one
 * inside an Arabic word (after a letter that does not join to the next); letters and their order
 * are what the comparison is about.
 */
export const squash = (text: string) => text.normalize("NFKC").replace(/\s+/g, "");
