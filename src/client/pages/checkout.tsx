import { useSyncExternalStore } from "react";
import { CheckoutView } from "#client/features/checkout/components/checkout-view.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { Link, useLocation } from "#client/lib/router.tsx";

// The feature's own copy, loaded by this page (main.tsx fetches it before hydrating).
export const copy = defineLazyCopy({
  en: () => import("#client/features/checkout/checkout.en.ts"),
  ar: () => import("#client/features/checkout/checkout.ar.ts"),
});

const subscribeNothing = () => () => undefined;

/**
 * /checkout (issue 12, spec §2 Checkout): the order summary, the buyer's details and the four
 * payment buttons; the return from a provider's page confirms and shows the true state. The page
 * is prerendered for the default product; the query (`?product=`, `?order=&intent=`) is read once
 * hydrated.
 */
export default function CheckoutPage() {
  const c = useCopy(copy);
  const to = useLocalizedPath();
  const { search } = useLocation();
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  return (
    <div className="container-page pt-28 pb-24 md:pt-36">
      <div className="mx-auto grid max-w-6xl gap-10">
        <header className="grid gap-4">
          <Link
            to={to("/")}
            className="justify-self-start text-sm font-medium underline underline-offset-4"
            data-testid="checkout-back"
          >
            <span aria-hidden="true" className="flip-rtl inline-block">
              ←
            </span>{" "}
            {c.back}
          </Link>
          <p className="eyebrow">{c.eyebrow}</p>
          <h1 className="font-display text-5xl font-medium md:text-6xl">{c.title}</h1>
          <p className="max-w-2xl text-lg text-ink-soft">{c.lead}</p>
        </header>
        <CheckoutView copy={c} search={hydrated ? search : ""} hydrated={hydrated} />
      </div>
    </div>
  );
}
