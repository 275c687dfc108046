import { useEffect, useState } from "react";

/** Spec §2 and §9: hide past 80 px going down; show after >3 px up; always shown within 10 px. */
export const HIDE_AFTER_PX = 80;
export const SHOW_ON_UP_PX = 3;
export const ALWAYS_VISIBLE_PX = 10;

/**
 * The next visibility from the scroll position. `anchor` is the lowest point reached since the
 * visitor last scrolled down, so a slow upward scroll still counts once it passes 3 px in total.
 */
export function nextHeaderState(
  state: { visible: boolean; anchor: number },
  y: number,
): { visible: boolean; anchor: number } {
  if (y <= ALWAYS_VISIBLE_PX) return { visible: true, anchor: y };
  if (y > state.anchor) return { visible: y > HIDE_AFTER_PX ? false : state.visible, anchor: y };
  if (state.anchor - y > SHOW_ON_UP_PX) return { visible: true, anchor: y };
  return state;
}

export function useHeaderVisibility(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    let state = { visible: true, anchor: window.scrollY };
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        state = nextHeaderState(state, window.scrollY);
        setVisible(state.visible);
      });
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
    };
  }, []);
  return visible;
}
