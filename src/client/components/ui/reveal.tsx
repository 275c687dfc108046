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
export function Reveal({
  kind = "fadeInUp",
  delay = 0,
  always = false,
  as: Tag = "div",
  className,
  children,
  id,
}: Props) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => (ref.current ? startReveal(ref.current, { kind, delay, always }) : undefined), [kind, delay, always]);

  // The settings travel in the HTML too, so that a static section (which React does not hydrate)
  // can start the same reveal from the server's markup: see revealWithin().
  return (
    <Tag
      ref={ref}
      className={className}
      id={id}
      data-reveal-kind={kind}
      data-reveal-delay={delay || undefined}
      data-reveal-always={always || undefined}
    >
      {children}
    </Tag>
  );
}

type RevealSettings = { kind: RevealKind; delay: number; always: boolean };

type Pending = { el: HTMLElement; settings: RevealSettings; cancelled: boolean; observer?: IntersectionObserver };
let batch: Pending[] = [];

/**
 * Measures every element queued in this task first, then hides those below the fold: a page
 * hydrating a dozen reveals lays itself out once, not once per reveal (each measure after a style
 * write forced a full layout, the costliest part of hydrating Arabic pages).
 */
function flush(): void {
  const queued = batch.filter((entry) => !entry.cancelled);
  batch = [];
  const fold = window.innerHeight;
  const hidden = queued.filter(({ el, settings }) => settings.always || el.getBoundingClientRect().top >= fold);
  for (const entry of hidden) {
    const { el, settings } = entry;
    el.style.opacity = "0";
    el.style.transform = revealStart(settings.kind, el.closest("[dir]")?.getAttribute("dir") === "rtl");
    el.dataset.reveal = "pending";
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        const easing = "cubic-bezier(0.22, 0.61, 0.36, 1)";
        const { duration } = revealDefaults;
        el.style.transition = `opacity ${duration}ms ${easing} ${settings.delay}ms, transform ${duration}ms ${easing} ${settings.delay}ms`;
        el.style.opacity = "";
        el.style.transform = "";
        el.dataset.reveal = "shown";
      },
      { threshold: revealDefaults.threshold },
    );
    observer.observe(el);
    entry.observer = observer;
  }
}

/** Hides `el` if it is still below the fold and reveals it once it scrolls into view. */
export function startReveal(el: HTMLElement, settings: RevealSettings): (() => void) | undefined {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return undefined;
  const entry: Pending = { el, settings, cancelled: false };
  if (batch.length === 0) queueMicrotask(flush);
  batch.push(entry);
  return () => {
    entry.cancelled = true;
    entry.observer?.disconnect();
  };
}

/** Starts the reveals inside server-rendered markup that React did not hydrate. */
export function revealWithin(root: HTMLElement): () => void {
  const stops = [...root.querySelectorAll<HTMLElement>("[data-reveal-kind]")].map((el) =>
    startReveal(el, {
      kind: el.dataset.revealKind as RevealKind,
      delay: Number(el.dataset.revealDelay ?? 0),
      always: el.dataset.revealAlways !== undefined,
    }),
  );
  return () => stops.forEach((stop) => stop?.());
}
