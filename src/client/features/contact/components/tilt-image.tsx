import { useEffect, useRef, type ReactNode } from "react";
import { tiltFor, tiltTransform } from "../lib/tilt.ts";

/**
 * An image that leans toward the pointer in 3D (spec §2 Contact: an interactive tilting image).
 * The transform is written straight to the element once per frame, without re-rendering; under
 * prefers-reduced-motion, and for touch, it stays still.
 */
export function TiltImage({ children, className = "" }: { children: ReactNode; className?: string }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const frame = frameRef.current;
    const card = cardRef.current;
    if (!frame || !card) return;
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let pending = 0;
    let next = "";
    const write = () => {
      pending = 0;
      card.style.transform = next;
    };
    const schedule = (transform: string) => {
      next = transform;
      if (!pending) pending = requestAnimationFrame(write);
    };
    const onMove = (event: PointerEvent) => {
      if (motion.matches || event.pointerType === "touch") return;
      const box = frame.getBoundingClientRect();
      schedule(tiltTransform(tiltFor(event.clientX - box.left, event.clientY - box.top, box.width, box.height)));
    };
    const onLeave = () => schedule("");
    frame.addEventListener("pointermove", onMove);
    frame.addEventListener("pointerleave", onLeave);
    motion.addEventListener("change", onLeave);
    return () => {
      cancelAnimationFrame(pending);
      frame.removeEventListener("pointermove", onMove);
      frame.removeEventListener("pointerleave", onLeave);
      motion.removeEventListener("change", onLeave);
    };
  }, []);

  return (
    <div ref={frameRef} className={`perspective-distant ${className}`} data-testid="tilt-frame">
      <div
        ref={cardRef}
        className="transition-transform duration-200 ease-out transform-3d motion-reduce:transition-none"
        data-testid="tilt-image"
      >
        {children}
      </div>
    </div>
  );
}
