import type { CSSProperties } from "react";

/**
 * The height a `below-fold` section's content stands in at before it first renders (issue 13: a
 * stable page height while scrolling), on a phone (below 768 px) and wider: the content box, as
 * `contain-intrinsic-size` sizes it, so without the section's own padding. Measured from the built
 * pages at 390 and 1440 px wide, both languages (they differ by a few percent); re-measure after a
 * large change of a section's content: each `.below-fold` element's height minus its vertical
 * padding, once `<html data-below-fold="open">`.
 */
export function foldSize(phone: number, desktop: number): CSSProperties {
  return { ["--fold-size" as string]: `${phone}px`, ["--fold-size-md" as string]: `${desktop}px` };
}
