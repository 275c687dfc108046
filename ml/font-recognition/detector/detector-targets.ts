// The detector's training targets (decision 0045, "The text detector"), from each line's exact
// rectangle: the probability target is the rectangle shrunk toward its centre line, and the
// threshold target is DBNet's distance map around the rectangle's border. Both at 1/STRIDE of the
// image, cell (i, j) covering image pixels [STRIDE*j, STRIDE*j + STRIDE) x [STRIDE*i, …).

export const STRIDE = 4;
/**
 * The core keeps this share of the line's height: the shrink distance is (1 - SHRINK) / 2 of the
 * height on every side. DBNet's own rule (D = A (1 - r²) / L, r = 0.4) leaves a long line's core
 * at 0.16 of its height, under one cell for the 14-20 px lines the detector must find, and then
 * needs an unclip ratio near 5 to restore the line. With the height rule a long line's core is
 * 0.4 of its height and DBNet's unclip (grow by area x 1.5 / perimeter) restores it exactly.
 */
export const SHRINK = 0.4;
/** A core is never thinner than this (image pixels), so a 6 px line still marks a cell. */
const MIN_CORE = 2.5;

/** A text line's ink rectangle: centre, half-extents along and across the line, angle (radians). */
export interface LineRect {
  cx: number;
  cy: number;
  halfW: number;
  halfH: number;
  angle: number;
}

export function rectCorners(r: LineRect): [number, number][] {
  const c = Math.cos(r.angle);
  const s = Math.sin(r.angle);
  return [
    [-r.halfW, -r.halfH],
    [r.halfW, -r.halfH],
    [r.halfW, r.halfH],
    [-r.halfW, r.halfH],
  ].map(([u, v]) => [r.cx + u! * c - v! * s, r.cy + u! * s + v! * c]);
}

/** The rectangle's axis-aligned bounds: [x0, y0, x1, y1]. */
export function rectBounds(r: LineRect): [number, number, number, number] {
  const pts = rectCorners(r);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

function toLocal(r: LineRect, x: number, y: number): [number, number] {
  const c = Math.cos(r.angle);
  const s = Math.sin(r.angle);
  const dx = x - r.cx;
  const dy = y - r.cy;
  return [dx * c + dy * s, -dx * s + dy * c];
}

export function shrunk(r: LineRect): LineRect {
  const d = (1 - SHRINK) * Math.min(r.halfW, r.halfH);
  return {
    ...r,
    halfW: Math.max(MIN_CORE / 2, r.halfW - d),
    halfH: Math.max(MIN_CORE / 2, r.halfH - d),
  };
}

/**
 * Writes the lines' targets into `prob` and `thr` (each cols x rows, u8): prob is the share of the
 * cell's pixels inside a shrunk rectangle (x255); thr is 0 away from every line and, within the
 * shrink distance of a rectangle's border, 255 x (0.3 + 0.4 x (1 - distance / D)), DBNet's map.
 */
export function drawTargets(lines: LineRect[], cols: number, rows: number, prob: Uint8Array, thr: Uint8Array): void {
  for (const line of lines) {
    const core = shrunk(line);
    const [x0, y0, x1, y1] = rectBounds(core);
    for (let i = Math.max(0, Math.floor(y0 / STRIDE)); i <= Math.min(rows - 1, Math.floor(y1 / STRIDE)); i++)
      for (let j = Math.max(0, Math.floor(x0 / STRIDE)); j <= Math.min(cols - 1, Math.floor(x1 / STRIDE)); j++) {
        let inside = 0;
        for (let sy = 0; sy < STRIDE; sy++)
          for (let sx = 0; sx < STRIDE; sx++) {
            const [u, v] = toLocal(core, j * STRIDE + sx + 0.5, i * STRIDE + sy + 0.5);
            if (Math.abs(u) <= core.halfW && Math.abs(v) <= core.halfH) inside++;
          }
        const value = Math.round((255 * inside) / (STRIDE * STRIDE));
        const k = i * cols + j;
        if (value > prob[k]!) prob[k] = value;
      }
    const d = Math.max(1, (1 - SHRINK) * Math.min(line.halfW, line.halfH));
    const [bx0, by0, bx1, by1] = rectBounds({ ...line, halfW: line.halfW + d, halfH: line.halfH + d });
    for (let i = Math.max(0, Math.floor(by0 / STRIDE)); i <= Math.min(rows - 1, Math.floor(by1 / STRIDE)); i++)
      for (let j = Math.max(0, Math.floor(bx0 / STRIDE)); j <= Math.min(cols - 1, Math.floor(bx1 / STRIDE)); j++) {
        const [u, v] = toLocal(line, j * STRIDE + STRIDE / 2, i * STRIDE + STRIDE / 2);
        const au = Math.abs(u);
        const av = Math.abs(v);
        const dist =
          au <= line.halfW && av <= line.halfH
            ? Math.min(line.halfW - au, line.halfH - av)
            : Math.hypot(Math.max(0, au - line.halfW), Math.max(0, av - line.halfH));
        if (dist > d) continue;
        const value = Math.round(255 * (0.3 + 0.4 * (1 - dist / d)));
        const k = i * cols + j;
        if (value > thr[k]!) thr[k] = value;
      }
  }
}
