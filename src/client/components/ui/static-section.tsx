import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type ElementType, type ReactNode } from "react";
import { useI18n } from "#client/i18n/i18n.tsx";
import { isFirstHydration } from "#client/lib/hydration.ts";
import { useLocation, useNavigate } from "#client/lib/router.tsx";
import { revealWithin } from "./reveal.tsx";

type Props<T extends ElementType> = { as?: T; children?: ReactNode } & Omit<
  ComponentPropsWithoutRef<T>,
  "as" | "children"
>;

/**
 * A part of a page nobody can interact with beyond following its links: React renders it on the
 * server, and on the first hydration adopts the server's DOM as it is instead of hydrating it
 * (same element, empty `dangerouslySetInnerHTML`, which React does not compare or apply while
 * hydrating), so its components cost nothing in the first seconds on a phone. Rendered later
 * (client-side navigation, a language switch: keyed by both) it renders its children normally.
 * In the adopted markup, it keeps links navigating inside the app and starts the reveals.
 */
export function StaticSection<T extends ElementType = "div">(props: Props<T>) {
  const { lang } = useI18n();
  const { pathname } = useLocation();
  return <Adopted key={`${lang}:${pathname}`} {...props} />;
}

function Adopted<T extends ElementType = "div">({ as, children, ...rest }: Props<T>) {
  const Tag: ElementType = as ?? "div";
  const [adopt] = useState(isFirstHydration);
  const ref = useRef<HTMLElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const root = ref.current;
    if (!adopt || !root) return;
    const stopReveals = revealWithin(root);
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey
      )
        return;
      const link = (event.target as Element).closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || !root.contains(link)) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || !/^https?:$/.test(url.protocol)) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    root.addEventListener("click", onClick);
    return () => {
      stopReveals();
      root.removeEventListener("click", onClick);
    };
  }, [adopt, navigate]);

  if (adopt) return <Tag {...rest} ref={ref} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return (
    <Tag {...rest} ref={ref}>
      {children}
    </Tag>
  );
}
