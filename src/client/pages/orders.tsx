import { useEffect, useState, useSyncExternalStore } from "react";
import { OrderDetails } from "#client/features/orders/components/order-details.tsx";
import { OrderLookupForm } from "#client/features/orders/components/order-lookup-form.tsx";
import { fetchOrder, type OrderAnswer } from "#client/features/orders/api/orders.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { defineLazyCopy, useCopy } from "#client/i18n/lazy-copy.ts";
import { readOrderFragment } from "#client/lib/orders.ts";

// The feature's own copy, loaded by this page (main.tsx fetches it before hydrating).
export const copy = defineLazyCopy({
  en: () => import("#client/features/orders/orders.en.ts"),
  ar: () => import("#client/features/orders/orders.ar.ts"),
});

const subscribeNothing = () => () => undefined;

type State =
  | { kind: "find"; linkFailed: boolean }
  | { kind: "loading" }
  | { kind: "order"; answer: OrderAnswer; accessToken?: string | undefined };

/**
 * /orders (issue 12, decision 0017): a guest finds an order by its reference and e-mail; a link
 * with `#ref=…&access=…` (the e-mails, the checkout's success screen, "My Orders") opens the order
 * directly. The fragment is read once hydrated, so it never reaches the server's logs.
 */
export default function OrdersPage() {
  const c = useCopy(copy);
  const { lang } = useI18n();
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const [state, setState] = useState<State>({ kind: "find", linkFailed: false });

  useEffect(() => {
    const link = readOrderFragment(window.location.hash);
    if (!link) return;
    setState({ kind: "loading" });
    fetchOrder(link.reference, link.accessToken, lang).then(
      (answer) => setState({ kind: "order", answer, accessToken: answer.accessToken ?? link.accessToken }),
      () => setState({ kind: "find", linkFailed: true }),
    );
  }, [lang]);

  const found = (answer: OrderAnswer) => {
    setState({ kind: "order", answer, accessToken: answer.accessToken });
    if (answer.accessToken)
      window.history.replaceState(
        window.history.state,
        "",
        `#${new URLSearchParams({ ref: answer.order.reference, access: answer.accessToken }).toString()}`,
      );
  };

  const another = () => {
    setState({ kind: "find", linkFailed: false });
    window.history.replaceState(window.history.state, "", window.location.pathname);
  };

  return (
    <div className="container-page pt-28 pb-24 md:pt-36">
      <div className="mx-auto grid max-w-3xl gap-8">
        <header className="grid gap-4">
          <p className="eyebrow">{c.eyebrow}</p>
          <h1 id="orders-title" className="font-display text-5xl font-medium md:text-6xl">
            {c.title}
          </h1>
          <p className="text-lg text-ink-soft">{c.lead}</p>
        </header>
        {state.kind === "loading" ? (
          <p role="status" aria-busy="true" className="text-ink-soft">
            {c.loading}
          </p>
        ) : state.kind === "order" ? (
          <>
            <OrderDetails copy={c} order={state.answer.order} accessToken={state.accessToken} />
            <button type="button" className="btn-outline justify-self-start" onClick={another}>
              {c.order.another}
            </button>
          </>
        ) : (
          <section className="grid gap-5 rounded-3xl border border-sand-deep bg-white/70 p-6 sm:p-8">
            {state.linkFailed ? (
              <p role="alert" className="rounded-lg border border-amber-700/30 bg-amber-50 p-3 text-sm text-amber-900">
                {c.linkFailed}
              </p>
            ) : null}
            {/* The form works once hydrated; before, it is the same markup without behaviour. */}
            <div aria-busy={!hydrated || undefined}>
              <OrderLookupForm copy={c} onFound={found} />
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
