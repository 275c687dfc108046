import { useEffect, useRef, type ElementType, type ReactNode } from "react";
import { revealDefaults, revealStart, type RevealKind } from "./motion.ts";

type Props = {
  kind?: RevealKind;
  /** Extra wait before the animation starts, in ms. */
  delay?: number;
  /** Animate even when the element is already on screen when the page starts (e.g. a hint). */
  always?: boolean;
  as?: ElementType;
  className?: string;
  children?: ReactNode;
  id?: string;
};

/**
 * Scroll reveal (spec §4): hidden to visible once, at 10 % visibility, over 800 ms. The
 * prerendered HTML is always visible: only after hydration are elements still below the fold
 * hidden, so nothing is invisible without JavaScript and the first screen never flashes. Under
 * prefers-reduced-motion nothing moves. Horizontal slides mirror in right-to-left pages.
 */
export function Reveal({ kind = "fadeInUp", delay = 0, always = false, as: Tag = "div", className, children, id }: Props) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    if (!always && el.getBoundingClientRect().top < window.innerHeight) return;
    el.style.opacity = "0";
    el.style.transform = revealStart(kind, getComputedStyle(el).direction === "rtl");
    el.dataset.reveal = "pending";
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const easing = "cubic-bezier(0.22, 0.61, 0.36, 1)";
        el.style.transition = `opacity ${revealDefaults.duration}ms ${easing} ${delay}ms, transform ${revealDefaults.duration}ms ${easing} ${delay}ms`;
        el.style.opacity = "";
        el.style.transform = "";
        el.dataset.reveal = "shown";
      },
      { threshold: revealDefaults.threshold },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [kind, delay, always]);

  return (
    <Tag ref={ref} className={className} id={id}>
      {children}
    </Tag>
  );
}
