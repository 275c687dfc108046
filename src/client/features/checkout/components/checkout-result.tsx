import { useEffect, useRef } from "react";
import { useLocalizedPath } from "#client/i18n/use-localized-path.ts";
import { Link } from "#client/lib/router.tsx";
import { orderLink } from "#client/lib/orders.ts";
import type { CheckoutCopy } from "../copy.ts";

/** Headings the screen moves focus to when it replaces the form (a screen reader hears it). */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** "Order Successful!" (spec §2): the reference, where the e-mail went, the order and home. */
export function CheckoutSuccess(props: {
  copy: CheckoutCopy;
  reference: string;
  email: string;
  accessToken?: string | undefined;
}) {
  const c = props.copy.success;
  const to = useLocalizedPath();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [before, after] = c.body.split("{reference}");
  const [sentBefore, sentAfter] = c.sentTo.split("{email}");
  return (
    <section
      aria-labelledby="checkout-success-title"
      className="mx-auto grid max-w-xl justify-items-center gap-5 rounded-3xl border border-sand-deep bg-white/70 p-8 text-center sm:p-12"
      data-testid="checkout-success"
    >
      <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-accent/20">
        <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 12.5 10 17l9-10" />
        </svg>
      </span>
      <h2 id="checkout-success-title" ref={heading} tabIndex={-1} className="font-display text-4xl font-medium">
        {c.title}
      </h2>
      <p className="text-lg">
        {before}
        <bdi dir="ltr" className="font-medium" data-testid="success-reference">
          {props.reference}
        </bdi>
        {after}
      </p>
      <p className="text-ink-soft">
        {sentBefore}
        <bdi dir="ltr" data-testid="success-email">
          {props.email}
        </bdi>
        {sentAfter}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        {props.accessToken ? (
          <a
            href={orderLink(to("/orders"), props.reference, props.accessToken)}
            className="btn-outline"
            data-testid="success-order-link"
          >
            {c.viewOrder}
          </a>
        ) : null}
        <Link to={to("/")} className="btn-primary">
          {c.backHome}
        </Link>
      </div>
    </section>
  );
}

/** The return from a hosted page while the provider has not yet said "paid". */
export function CheckoutConfirming(props: {
  copy: CheckoutCopy;
  reference?: string | undefined;
  accessToken?: string | undefined;
  gaveUp: boolean;
  onCheckAgain: () => void;
}) {
  const c = props.copy.confirming;
  const to = useLocalizedPath();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section
      aria-labelledby="checkout-confirming-title"
      aria-busy={!props.gaveUp}
      className="mx-auto grid max-w-xl justify-items-center gap-5 rounded-3xl border border-sand-deep bg-white/70 p-8 text-center sm:p-12"
      data-testid="checkout-confirming"
    >
      {props.gaveUp ? null : (
        <span
          aria-hidden="true"
          className="h-10 w-10 animate-spin rounded-full border-2 border-sand-deep border-t-accent-ink"
        />
      )}
      <h2 id="checkout-confirming-title" ref={heading} tabIndex={-1} className="font-display text-3xl font-medium">
        {c.title}
      </h2>
      {props.reference ? (
        <p>
          {props.copy.success.reference}:{" "}
          <bdi dir="ltr" className="font-medium">
            {props.reference}
          </bdi>
        </p>
      ) : null}
      <p role="status" className="text-ink-soft">
        {props.gaveUp ? c.stillWaiting : c.body}
      </p>
      {props.gaveUp ? (
        <div className="flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-primary" onClick={props.onCheckAgain}>
            {c.checkAgain}
          </button>
          <a
            href={
              props.reference && props.accessToken
                ? orderLink(to("/orders"), props.reference, props.accessToken)
                : to("/orders")
            }
            className="btn-outline"
          >
            {c.findOrder}
          </a>
        </div>
      ) : null}
    </section>
  );
}

/**
 * A wallet charge the provider never answered (issue 35): the payment may have been made, so
 * nothing here offers to pay again. The order is read every few seconds (the checkout's hook); the
 * buyer is told an e-mail will follow either way.
 */
export function CheckoutVerifying(props: {
  copy: CheckoutCopy;
  reference: string;
  email: string;
  accessToken: string;
}) {
  const c = props.copy.verifying;
  const to = useLocalizedPath();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const [before, after] = c.email.split("{email}");
  return (
    <section
      aria-labelledby="checkout-verifying-title"
      aria-busy="true"
      className="mx-auto grid max-w-xl justify-items-center gap-5 rounded-3xl border border-sand-deep bg-white/70 p-8 text-center sm:p-12"
      data-testid="checkout-verifying"
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 animate-spin rounded-full border-2 border-sand-deep border-t-accent-ink"
      />
      <h2 id="checkout-verifying-title" ref={heading} tabIndex={-1} className="font-display text-3xl font-medium">
        {c.title}
      </h2>
      <p>
        {props.copy.success.reference}:{" "}
        <bdi dir="ltr" className="font-medium" data-testid="verifying-reference">
          {props.reference}
        </bdi>
      </p>
      <p role="status" className="text-ink-soft">
        {c.body}
      </p>
      <p className="text-ink-soft">
        {before}
        <bdi dir="ltr">{props.email}</bdi>
        {after}
      </p>
      <a href={orderLink(to("/orders"), props.reference, props.accessToken)} className="btn-outline">
        {c.viewOrder}
      </a>
    </section>
  );
}

/** The lost charge is known not to have been made: nothing was charged; the buyer may try again. */
export function CheckoutNotCharged(props: { copy: CheckoutCopy; reference: string; onStartOver: () => void }) {
  const c = props.copy.notCharged;
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <section
      aria-labelledby="checkout-not-charged-title"
      className="mx-auto grid max-w-xl justify-items-center gap-5 rounded-3xl border border-sand-deep bg-white/70 p-8 text-center sm:p-12"
      data-testid="checkout-not-charged"
    >
      <h2 id="checkout-not-charged-title" ref={heading} tabIndex={-1} className="font-display text-3xl font-medium">
        {c.title}
      </h2>
      <p>
        {props.copy.success.reference}:{" "}
        <bdi dir="ltr" className="font-medium">
          {props.reference}
        </bdi>
      </p>
      <p role="status" className="text-ink-soft">
        {c.body}
      </p>
      <button type="button" className="btn-primary" onClick={props.onStartOver}>
        {c.tryAgain}
      </button>
    </section>
  );
}
