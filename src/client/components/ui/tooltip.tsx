import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";

/** Spec §9: tooltips open after 700 ms; another opens at once within 300 ms of one closing. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

let lastClosedAt = 0;

type TriggerProps = { "aria-describedby"?: string };

export function Tooltip(props: {
  label: ReactNode;
  children: (trigger: TriggerProps) => ReactElement;
  side?: "top" | "bottom";
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    const delay = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (open) lastClosedAt = Date.now();
    setOpen(false);
  };

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => event.key === "Escape" && hide()}
    >
      {props.children({ "aria-describedby": open ? id : undefined })}
      {open ? (
        <span
          role="tooltip"
          id={id}
          className={`pointer-events-none absolute start-1/2 z-50 -translate-x-1/2 rounded-md bg-ink px-2.5 py-1 text-xs whitespace-nowrap text-sand shadow rtl:translate-x-1/2 ${
            props.side === "top" ? "bottom-full mb-2" : "top-full mt-2"
          }`}
        >
          {props.label}
        </span>
      ) : null}
    </span>
  );
}
