import { startTransition, useEffect, useRef, useState, type RefObject } from "react";

/**
 * Becomes true, once and for good, when the element comes within `rootMargin` of the viewport: for
 * media that should not load with the first screen (a video's poster, a below-the-fold widget).
 * False on the server and at hydration. The render it causes is a transition, so React can yield
 * while mounting what comes into view (it was a 70 ms task on `/ar`, four times that on a phone).
 */
export function useNearViewport<T extends Element>(rootMargin = "600px 0px"): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          startTransition(() => setNear(true));
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return [ref, near];
}
