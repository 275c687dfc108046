/** Image zoom rules (spec §4, §9): 1x to 4x in steps of 1.5x; pan only when zoomed, reset at 1x. */

export const zoomLevels = [1, 1.5, 2.25, 3.375, 4] as const;
export const minZoom = 1;
export const maxZoom = 4;

export function zoomIn(scale: number): number {
  return zoomLevels.find((level) => level > scale + 1e-9) ?? maxZoom;
}

export function zoomOut(scale: number): number {
  return [...zoomLevels].reverse().find((level) => level < scale - 1e-9) ?? minZoom;
}

/** "100%", "150%", "225%", "338%", "400%". */
export function zoomPercent(scale: number): number {
  return Math.round(scale * 100);
}

export type Pan = { x: number; y: number };

/** Keeps the zoomed image covering its frame: at most (scale - 1) / 2 of the frame each way. */
export function clampPan(pan: Pan, scale: number, frame: { width: number; height: number }): Pan {
  if (scale <= minZoom) return { x: 0, y: 0 };
  const maxX = ((scale - 1) * frame.width) / 2;
  const maxY = ((scale - 1) * frame.height) / 2;
  return { x: Math.min(maxX, Math.max(-maxX, pan.x)), y: Math.min(maxY, Math.max(-maxY, pan.y)) };
}

/** A drag moves the image only when zoomed in. */
export function dragPan(
  start: Pan,
  dx: number,
  dy: number,
  scale: number,
  frame: { width: number; height: number },
): Pan {
  if (scale <= minZoom) return { x: 0, y: 0 };
  return clampPan({ x: start.x + dx, y: start.y + dy }, scale, frame);
}
