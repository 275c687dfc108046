import type { CSSProperties } from "react";

/**
 * The height a `below-fold` section's content stands in at before it first renders (issue 13: a
 * stable page height while scrolling; issue 37: exactly, so the page never grows or shrinks), on a
 * phone (below 768 px) and wider, in English and, when it differs, in Arabic (`arabic`, same
 * order; Arabic copy runs shorter or longer than English and is set in other fonts): the content
 * box, as `contain-intrinsic-size` sizes it, so without the section's own padding.
 *
 * Measured from the built pages at 390 and 1440 px wide (other widths come close); re-measure after
 * a change of a section's content or copy with `node --import tsx scripts/measure-fold-sizes.ts`
 * against a running build, which prints each `below-fold` element's content height once
 * `<html data-below-fold="open">`. tests/e2e/page-height.spec.ts fails when a page's height moves.
 */
export function foldSize(
  phone: number,
  desktop: number,
  arabic?: readonly [phone: number, desktop: number],
): CSSProperties {
  const style: Record<string, string> = { "--fold-size": `${phone}px`, "--fold-size-md": `${desktop}px` };
  if (arabic) {
    style["--fold-size-ar"] = `${arabic[0]}px`;
    style["--fold-size-md-ar"] = `${arabic[1]}px`;
  }
  return style as CSSProperties;
}
