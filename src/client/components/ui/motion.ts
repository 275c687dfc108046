/** Pure motion rules shared by the reveal, parallax and media components (unit-tested). */

export type RevealKind = "fadeIn" | "slideUp" | "slideLeft" | "slideRight" | "scaleIn" | "fadeInUp";

export const revealDefaults = { threshold: 0.1, duration: 800 } as const;

/**
 * Where a revealed element starts from. "slideLeft" moves toward the reading start, so it comes
 * in from the inline end: from the right in English, mirrored to the left in Arabic.
 */
export function revealStart(kind: RevealKind, rtl: boolean): string {
  const side = rtl ? -1 : 1;
  switch (kind) {
    case "slideUp":
      return "translate3d(0, 48px, 0)";
    case "fadeInUp":
      return "translate3d(0, 24px, 0)";
    case "slideLeft":
      return `translate3d(${48 * side}px, 0, 0)`;
    case "slideRight":
      return `translate3d(${-48 * side}px, 0, 0)`;
    case "scaleIn":
      return "scale(0.92)";
    default:
      return "none";
  }
}

/** Spec: parallax is off on mobile user agents and on viewports narrower than 768 px. */
export function parallaxEnabled(userAgent: string, width: number): boolean {
  return width >= 768 && !/Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(userAgent);
}

/** Sustainability hero: the background moves at 0.3 of the scroll (0 when disabled). */
export function parallaxOffset(scrollY: number, enabled: boolean, factor = 0.3): number {
  return enabled ? Math.max(0, scrollY) * factor : 0;
}

/** Products hero: zooms in at most 5 % and shifts at most 30 px over the first viewport. */
export function heroZoom(scrollY: number, viewport: number): { scale: number; shift: number } {
  const progress = viewport > 0 ? Math.min(1, Math.max(0, scrollY / viewport)) : 0;
  return { scale: 1 + 0.05 * progress, shift: 30 * progress };
}
