import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";
import { TOAST_DURATION_MS, currentToasts, dismissToast, subscribeToasts, type ToastItem } from "./toast-store.ts";

/** Distance a toast must be swiped to the right before it is dismissed (spec §9). */
export const SWIPE_THRESHOLD_PX = 50;
const HOTKEY = "F8";

/**
 * The notifications region: F8 moves focus to it (spec §9), toasts announce themselves to screen
 * readers, pause while hovered or focused, and can be swiped away to the right.
 */
export function Toaster() {
  const { t } = useI18n();
  const items = useSyncExternalStore(subscribeToasts, currentToasts, () => []);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section aria-label={`${t("notifications")} (${HOTKEY})`} tabIndex={-1}>
      <ol
        ref={regionRef}
        tabIndex={-1}
        data-testid="toast-viewport"
        className="fixed end-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      >
        {items
          .filter((item) => item.open)
          .map((item) => (
            <ToastView key={item.id} item={item} />
          ))}
      </ol>
    </section>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  const { t } = useI18n();
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const destructive = item.variant === "destructive";

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissToast(item.id), item.duration ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, item.duration, paused]);

  const onPointerDown = (event: PointerEvent<HTMLLIElement>) => {
    start.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset >= SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
  };

  return (
    <li
      data-variant={item.variant ?? "default"}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ transform: `translateX(${offset}px)`, touchAction: "pan-y" }}
      className={`relative flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg select-none ${
        destructive ? "border-red-800 bg-red-700 text-white" : "border-sand-deep bg-white text-ink"
      }`}
    >
      {/* The live role sits inside the <li>: a list item must keep its listitem role (axe). */}
      <div
        role={destructive ? "alert" : "status"}
        aria-live={destructive ? "assertive" : "polite"}
        aria-atomic="true"
        className="grid gap-1"
      >
        <p className="text-sm font-medium">{item.title}</p>
        {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(item.id)}
        className="absolute end-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
        aria-label={t("close")}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
