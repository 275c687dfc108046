// A text line's box as the API answers it (POST /api/analyze-font, `lines[].box`).
import type { LineBox } from "#shared/schemas/font-analysis.ts";
import type { GrayImage } from "./image-input.ts";
import type { Box } from "./image-ops.ts";

/**
 * A line's box in whole pixels of the uploaded image as a browser shows it. The lines are found on
 * the bitmap decodeGray returns, which is already turned upright by the image's EXIF orientation and
 * is never scaled (findTextLines maps the boxes of its smaller working copy back to that bitmap), so
 * the page can lay the box over its <img> as it is: here it is only widened to whole pixels and kept
 * inside the image.
 */
export function imageLineBox(box: Box, image: Pick<GrayImage, "width" | "height">): LineBox {
  const x0 = Math.min(image.width - 1, Math.max(0, Math.floor(box.x)));
  const y0 = Math.min(image.height - 1, Math.max(0, Math.floor(box.y)));
  const x1 = Math.min(image.width, Math.max(x0 + 1, Math.ceil(box.x + box.w)));
  const y1 = Math.min(image.height, Math.max(y0 + 1, Math.ceil(box.y + box.h)));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
