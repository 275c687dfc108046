import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from "react";

type Props = {
  onClose: () => void;
  /** id of the element that names the dialog. */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
};

/**
 * A modal dialog on the native <dialog> element, shown while mounted: focus stays inside, the
 * rest of the page is inert, Escape and a click on the backdrop close it, and the page does not
 * scroll behind it. Native rather than Radix because Radix's scroll lock injects a <style>
 * element, which the site's strict CSP (style-src 'self') refuses, so the page would still scroll
 * and the console would report a violation.
 */
export function Modal({ onClose, labelledBy, describedBy, className = "", testId, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  // A layout effect: its cleanup runs before React removes the <dialog>, so close() still finds it
  // in the document and the browser returns the focus to the element that opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const root = document.documentElement;
    const gap = window.innerWidth - root.clientWidth;
    const previous = { overflow: root.style.overflow, padding: root.style.paddingInlineEnd };
    root.style.overflow = "hidden";
    if (gap > 0) root.style.paddingInlineEnd = `${gap}px`;
    root.dataset.scrollLocked = "true";
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      root.style.overflow = previous.overflow;
      root.style.paddingInlineEnd = previous.padding;
      delete root.dataset.scrollLocked;
    };
  }, []);

  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    // A click on the ::backdrop targets the <dialog> itself; its content never does.
    if (event.target === event.currentTarget) close.current();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
      onClick={onClick}
      className={`m-auto overflow-visible bg-transparent p-0 text-ink backdrop:bg-ink/70 backdrop:backdrop-blur-sm ${className}`}
    >
      {children}
    </dialog>
  );
}
