import { encode } from "uqr";

/** The light margin a reader needs around a QR code, in modules (ISO/IEC 18004). */
export const QR_QUIET_ZONE = 4;

/**
 * The QR code of an invoice's ZATCA payload as a square of dark (true) and light modules, without
 * the quiet zone. Error correction M: a printed invoice survives a crease or a smudge.
 */
export function qrMatrix(payload: string): boolean[][] {
  return encode(payload, { ecc: "M", border: 0 }).data;
}

/**
 * The QR code as a small SVG document: one path of unit squares on a white ground with the quiet
 * zone, scaled by the page (viewBox in modules). Built on the server so the page ships no encoder.
 */
export function qrSvg(payload: string): string {
  const matrix = qrMatrix(payload);
  const size = matrix.length + 2 * QR_QUIET_ZONE;
  let path = "";
  matrix.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      path += `M${start + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${x - start}v1h${start - x}z`;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
