/** The largest rotation of the contact page's tilting image, in degrees. */
export const MAX_TILT_DEG = 10;

/**
 * The rotation that makes an image lean toward the pointer: a pointer at the box's centre
 * leaves it flat, at an edge it turns by `max` degrees. Coordinates outside the box are clamped.
 */
export function tiltFor(
  x: number,
  y: number,
  width: number,
  height: number,
  max = MAX_TILT_DEG,
): { rotateX: number; rotateY: number } {
  if (width <= 0 || height <= 0) return { rotateX: 0, rotateY: 0 };
  const clamp = (v: number) => Math.min(1, Math.max(-1, v));
  const dx = clamp((x / width) * 2 - 1);
  const dy = clamp((y / height) * 2 - 1);
  // Pointer to the right turns the right edge away (positive rotateY); pointer below tips the
  // bottom edge away (negative rotateX). `+ 0` turns -0 into 0.
  return { rotateX: -dy * max + 0, rotateY: dx * max + 0 };
}

export function tiltTransform(tilt: { rotateX: number; rotateY: number }): string {
  return `rotateX(${tilt.rotateX.toFixed(2)}deg) rotateY(${tilt.rotateY.toFixed(2)}deg)`;
}
