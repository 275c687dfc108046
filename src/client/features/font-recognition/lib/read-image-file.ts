import { MAX_FONT_IMAGE_BYTES } from "#shared/schemas/analyze-font-request.ts";

export type LoadedImage = {
  name: string;
  bytes: number;
  /** What the API receives (spec §3). */
  dataUrl: string;
  width: number;
  height: number;
};

export type ImageFileProblem =
  { kind: "notImage" } | { kind: "tooLarge"; name: string; megabytes: number } | { kind: "unreadable" };

/** The page's own checks (spec §5, DESIGN §3): an image type, and at most 10 MB. */
export function checkImageFile(file: File): ImageFileProblem | undefined {
  if (!file.type.startsWith("image/")) return { kind: "notImage" };
  if (file.size > MAX_FONT_IMAGE_BYTES) {
    return { kind: "tooLarge", name: file.name, megabytes: Math.round((file.size / (1024 * 1024)) * 10) / 10 };
  }
  return undefined;
}

/** Reads a checked file as a data URL and learns its pixel size by decoding it once. */
export async function readImageFile(file: File): Promise<LoadedImage> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
  const { width, height } = await new Promise<{ width: number; height: number }>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => reject(new Error("not decodable"));
    img.src = dataUrl;
  });
  return { name: file.name, bytes: file.size, dataUrl, width, height };
}

/** A small JPEG of the image for the report, so the report stays light and self-contained. */
export async function thumbnailOf(image: LoadedImage, maxSide = 480): Promise<string> {
  const img = new Image();
  img.src = image.dataUrl;
  await img.decode();
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(image.width * scale));
  canvas.height = Math.max(1, Math.round(image.height * scale));
  const ctx = canvas.getContext("2d");
  if (!ctx) return image.dataUrl;
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL("image/jpeg", 0.85);
}
