import { useEffect, useState } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";
import { ArrowUpIcon } from "../ui/icons.tsx";

/** Spec §9: the button appears after 300 px of scrolling. */
export const SCROLL_TOP_AFTER_PX = 300;

export function ScrollToTopButton() {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_TOP_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  if (!shown) return null;
  return (
    <button
      type="button"
      data-testid="scroll-to-top"
      aria-label={t("scrollToTop")}
      onClick={() =>
        window.scrollTo({
          top: 0,
          behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
        })
      }
      className="fixed end-5 bottom-5 z-30 inline-flex h-12 w-12 items-center justify-center rounded-full bg-ink text-sand shadow-lg hover:bg-walnut-deep"
    >
      <ArrowUpIcon />
    </button>
  );
}
