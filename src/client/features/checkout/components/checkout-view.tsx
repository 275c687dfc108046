import { FormProvider } from "react-hook-form";
import { foldSize } from "#client/components/ui/fold-size.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLoadCatalogMessages } from "#client/i18n/catalog-messages.ts";
import type { Lang } from "#shared/lang.ts";
import type { CheckoutCopy } from "../copy.ts";
import { useCheckout } from "../hooks/use-checkout.ts";
import { BuyerFields } from "./buyer-fields.tsx";
import { CheckoutConfirming, CheckoutNotCharged, CheckoutSuccess, CheckoutVerifying } from "./checkout-result.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { PaymentButtons } from "./payment-buttons.tsx";

/** Loads the catalog's form messages (validation texts) while mounted. */
function LoadFormMessages(props: { lang: Lang }) {
  useLoadCatalogMessages(props.lang);
  return null;
}

/** On every step of the checkout while the shop runs on the sandbox (issue 35): nothing here is real. */
function TestModeBanner(props: { copy: CheckoutCopy }) {
  return (
    <div
      role="note"
      data-testid="test-mode-banner"
      className="mb-8 rounded-2xl border-2 border-dashed border-amber-600 bg-amber-50 px-5 py-4 text-amber-950"
    >
      <p className="font-semibold">{props.copy.testMode.title}</p>
      <p className="mt-1 text-sm">{props.copy.testMode.body}</p>
    </div>
  );
}

/**
 * The checkout (issue 12, spec §2/§4/§7/§8, decision 0017): the summary, the buyer's details and
 * the payment buttons, or the confirmation and its result; hooks/use-checkout.ts runs the flow.
 * `search` is empty until the page has hydrated (the prerendered page is the default product).
 */
export function CheckoutView(props: { copy: CheckoutCopy; search: string; hydrated: boolean }) {
  const { copy } = props;
  const { lang } = useI18n();
  const {
    state,
    busy,
    productId,
    product,
    offers,
    testMode,
    walletReady,
    form,
    engaged,
    engage,
    onPay,
    checkAgain,
    startOver,
  } = useCheckout(copy, props.search, props.hydrated, lang);
  const banner = testMode ? <TestModeBanner copy={copy} /> : null;

  if (state.kind === "success")
    return (
      <>
        {banner}
        <CheckoutSuccess
          copy={copy}
          reference={state.order.reference}
          email={state.order.buyer.email}
          accessToken={state.accessToken}
        />
      </>
    );
  if (state.kind === "verifying")
    return (
      <>
        {banner}
        <CheckoutVerifying
          copy={copy}
          reference={state.attempt.orderReference}
          email={state.attempt.email}
          accessToken={state.attempt.accessToken}
        />
      </>
    );
  if (state.kind === "notCharged")
    return (
      <>
        {banner}
        <CheckoutNotCharged copy={copy} reference={state.attempt.orderReference} onStartOver={startOver} />
      </>
    );
  if (state.kind === "confirming" || state.kind === "stalled")
    return (
      <>
        {banner}
        <CheckoutConfirming
          copy={copy}
          reference={state.reference}
          accessToken={state.attempt?.accessToken}
          gaveUp={state.kind === "stalled"}
          onCheckAgain={checkAgain}
        />
      </>
    );

  return (
    <>
      {banner}
      <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="lg:order-2 lg:sticky lg:top-28">
          <OrderSummary
            copy={copy}
            lang={lang}
            productId={productId}
            name={lang === "ar" ? product.nameAr : product.name}
            priceHalalas={product.priceHalalas}
          />
        </div>
        {engaged ? <LoadFormMessages lang={lang} /> : null}
        <FormProvider {...form}>
          <form
            noValidate
            method="post"
            aria-labelledby="checkout-buyer-title"
            className="grid gap-8 lg:order-1"
            onFocus={engaged ? undefined : engage}
            onSubmit={(event) => {
              // Enter in a field checks the details; paying is always a button's choice.
              event.preventDefault();
              void form.trigger(undefined, { shouldFocus: true });
            }}
          >
            {/* Below the fold on a phone: laid out when scrolled near (content-visibility), not in the first frame. */}
            <section
              className="below-fold rounded-3xl border border-sand-deep bg-white/70 p-6 sm:p-8"
              style={foldSize(900, 585)}
            >
              <h2 id="checkout-buyer-title" className="font-display text-2xl font-medium">
                {copy.buyer.title}
              </h2>
              <p className="mt-1 mb-6 text-sm text-ink-soft">{copy.buyer.lead}</p>
              <BuyerFields copy={copy} disabled={busy !== null} />
            </section>
            <section
              aria-labelledby="checkout-payment-title"
              className="below-fold rounded-3xl border border-sand-deep bg-white/70 p-6 sm:p-8"
              style={foldSize(385, 285)}
            >
              <h2 id="checkout-payment-title" className="font-display text-2xl font-medium">
                {copy.payment.title}
              </h2>
              <p className="mt-1 mb-6 text-sm text-ink-soft">{copy.payment.lead}</p>
              <PaymentButtons
                copy={copy}
                lang={lang}
                offers={offers}
                walletReady={walletReady}
                busy={busy}
                onPay={onPay}
              />
            </section>
          </form>
        </FormProvider>
      </div>
    </>
  );
}
