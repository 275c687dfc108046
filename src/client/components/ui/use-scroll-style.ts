import { useEffect, useState, type RefObject } from "react";

/**
 * Applies a transform computed from the scroll position to an element, once per frame, without
 * re-rendering React. `compute` returns null when the effect is off (reduced motion, mobile);
 * the hook reports whether it is on, for `data-parallax`.
 */
export function useScrollTransform(
  ref: RefObject<HTMLElement | null>,
  compute: (scrollY: number, viewport: number) => string | null,
): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const apply = () => {
      frame = 0;
      const transform = compute(window.scrollY, window.innerHeight);
      el.style.transform = transform ?? "";
      setOn(transform !== null);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(apply);
    };
    apply();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
    };
    // compute is a module-level function at every call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref]);
  return on;
}

export const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;
