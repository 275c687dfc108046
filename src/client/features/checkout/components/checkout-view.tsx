import { useCallback, useEffect, useRef, useState } from "react";
import { FormProvider, useForm, type Path } from "react-hook-form";
import { foldSize } from "#client/components/ui/fold-size.ts";
import { toast } from "#client/components/ui/toast-store.ts";
import { useI18n } from "#client/i18n/i18n.tsx";
import { useLoadCatalogMessages } from "#client/i18n/catalog-messages.ts";
import { apiJson } from "#client/lib/api.ts";
import { getAuth } from "#client/lib/auth-store.ts";
import type { OrderView } from "#client/lib/orders.ts";
import { catalog } from "#content/catalog.ts";
// Types only: the schemas' module (and zod) loads with the validation, on the form's first focus.
import type { CheckoutBuyerInput, CheckoutPaymentMethod, CheckoutProductId } from "#shared/schemas/checkout.ts";
import type { Lang } from "#shared/lang.ts";
import type { CheckoutCopy } from "../copy.ts";
import { canPayWithApplePay, payWithApplePay } from "../lib/apple-pay.ts";
import { readAttempt, saveAttempt, type Attempt } from "../lib/attempt-store.ts";
import {
  appleMerchantSession,
  classifyIntentFailure,
  confirmPayment,
  confirmWithAnyMethod,
  createIntent,
  fetchMethods,
  fetchPrices,
  newIdempotencyKey,
  type BuyerDetails,
  type ConfirmOutcome,
  type CreateIntentAnswer,
  type PaymentMethodOffer,
} from "../lib/checkout-api.ts";
import { lazyBuyerResolver, loadedValidation, loadValidation } from "../lib/lazy-validation.ts";
import { BuyerFields } from "./buyer-fields.tsx";
import { CheckoutConfirming, CheckoutSuccess } from "./checkout-result.tsx";
import { OrderSummary } from "./order-summary.tsx";
import { PaymentButtons } from "./payment-buttons.tsx";

/** Spec §9: the direct path (Apple Pay) waits this long after the intent before confirming. */
export const CONFIRM_DELAY_MS = 2000;
/** A return from a hosted page asks this many times, this far apart, before "still waiting". */
export const CONFIRM_POLLS = 5;

/** The methods whose hosted page returns here, tried in turn when this tab has no record of the attempt. */
const RETURN_METHODS: readonly CheckoutPaymentMethod[] = ["credit-card", "tamara", "tabby", "apple-pay"];

type Phase =
  | { kind: "form"; busy: CheckoutPaymentMethod | null }
  | {
      kind: "confirming";
      intentId: string;
      /** The method to confirm with; all redirecting ones when this tab did not start the attempt. */
      methods: readonly CheckoutPaymentMethod[];
      attempt: Attempt | null;
      gaveUp: boolean;
    }
  | { kind: "success"; order: OrderView; accessToken?: string | undefined };

const empty: CheckoutBuyerInput = {
  name: "",
  email: "",
  phone: "",
  address: { city: "", district: "", street: "", building: "", postalCode: "" },
};

/** Loads the catalog's form messages (validation texts) while mounted. */
function LoadFormMessages(props: { lang: Lang }) {
  useLoadCatalogMessages(props.lang);
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function productOf(search: string): CheckoutProductId {
  const wanted = new URLSearchParams(search).get("product");
  return catalog.some((product) => product.id === wanted) ? (wanted as CheckoutProductId) : "nawat";
}

/**
 * The checkout (issue 12, spec §2/§4/§7/§8, decision 0017). `search` is empty until the page has
 * hydrated (the prerendered page is the default product), then the address's query: a product,
 * or the return from a provider's hosted page (`?order=REF&intent=ID`) to confirm.
 */
export function CheckoutView(props: { copy: CheckoutCopy; search: string; hydrated: boolean }) {
  const { copy, search, hydrated } = props;
  const { lang } = useI18n();
  // The form's messages (and the validation) load once the visitor starts on the form: loading
  // them re-renders every translated part of the page, which the first load can do without.
  const [engaged, setEngaged] = useState(false);
  const engage = useCallback(() => {
    setEngaged(true);
    void loadValidation().catch(() => undefined);
  }, []);
  const productId = productOf(search);
  const fromContent = catalog.find((product) => product.id === productId)!;
  const [prices, setPrices] = useState<Record<string, { name: string; nameAr: string; priceHalalas: number }>>({});
  const product = prices[productId] ?? fromContent;
  const priceHalalas = product.priceHalalas;
  const [offers, setOffers] = useState<PaymentMethodOffer[] | null>(null);
  const [applePay, setApplePay] = useState(false);
  const [phase, setPhase] = useState<Phase>({ kind: "form", busy: null });
  const form = useForm<CheckoutBuyerInput, unknown, BuyerDetails>({
    resolver: lazyBuyerResolver,
    defaultValues: empty,
  });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  // The server's prices and methods (DESIGN D8: the server's catalog is what is charged).
  useEffect(() => {
    if (!hydrated) return;
    fetchPrices().then(
      (list) => setPrices(Object.fromEntries(list.map((item) => [item.id, item]))),
      () => undefined,
    );
  }, [hydrated]);
  useEffect(() => {
    if (!hydrated) return;
    setApplePay(canPayWithApplePay());
    fetchMethods(productId, lang).then(setOffers, () => setOffers(null));
  }, [hydrated, productId, lang]);

  // Signed in: the account's name, e-mail and phone fill the empty fields.
  useEffect(() => {
    if (!hydrated) return;
    const auth = getAuth();
    if (!auth.isAuthenticated || !auth.user) return;
    const fill = (name: Path<CheckoutBuyerInput>, value: string | null | undefined) => {
      if (value && !form.getValues(name)) form.setValue(name, value);
    };
    fill("name", `${auth.user.firstName} ${auth.user.lastName}`.trim());
    fill("email", auth.user.email);
    apiJson<{ account: { phone?: string | null } }>("GET", "/api/account").then(
      (answer) => fill("phone", answer.account.phone?.replace(/^\+966\s*/, "")),
      () => undefined,
    );
  }, [hydrated, form]);

  const showForm = useCallback(() => {
    setPhase({ kind: "form", busy: null });
    // The address no longer names an attempt: a reload shows the form, a new attempt a new order.
    window.history.replaceState(window.history.state, "", `${window.location.pathname}?product=${productId}`);
  }, [productId]);

  const failed = useCallback(
    (message?: string) => {
      toast({ variant: "destructive", title: copy.toasts.failedTitle, description: message ?? copy.toasts.failedBody });
      showForm();
    },
    [copy, showForm],
  );

  const settle = useCallback(
    (outcome: ConfirmOutcome, attempt: Attempt | null, intentId: string, methods: readonly CheckoutPaymentMethod[]) => {
      if (!alive.current) return;
      if (outcome.kind === "paid")
        setPhase({ kind: "success", order: outcome.order, accessToken: outcome.accessToken ?? attempt?.accessToken });
      else if (outcome.kind === "failed") failed(outcome.message);
      else setPhase({ kind: "confirming", intentId, methods, attempt, gaveUp: true });
    },
    [failed],
  );

  /** Asks the server (which asks the provider) until the payment is settled or patience ends. */
  const poll = useCallback(
    async (intentId: string, methods: readonly CheckoutPaymentMethod[], attempt: Attempt | null, times: number) => {
      let candidates = methods;
      const confirming = (gaveUp: boolean) =>
        setPhase({ kind: "confirming", intentId, methods: candidates, attempt, gaveUp });
      confirming(false);
      for (let i = 0; i < times; i++) {
        if (i > 0) await sleep(CONFIRM_DELAY_MS);
        let outcome: ConfirmOutcome;
        try {
          const answer = await confirmWithAnyMethod(intentId, candidates, lang);
          candidates = [answer.method];
          outcome = answer.outcome;
        } catch {
          continue;
        }
        if (outcome.kind !== "waiting" || i === times - 1) return settle(outcome, attempt, intentId, candidates);
      }
      if (alive.current) confirming(true);
    },
    [lang, settle],
  );

  // The return from a hosted page: /checkout?order=REF&intent=ID.
  const returned = useRef(false);
  useEffect(() => {
    if (!hydrated || returned.current) return;
    const params = new URLSearchParams(search);
    const intentId = params.get("intent");
    if (!intentId) return;
    returned.current = true;
    const attempt = readAttempt(intentId);
    // The return address names the method; an older link without it tries each in turn.
    const named = RETURN_METHODS.find((method) => method === params.get("method"));
    void poll(intentId, attempt ? [attempt.method] : named ? [named] : RETURN_METHODS, attempt, CONFIRM_POLLS);
  }, [hydrated, search, poll]);

  const intentFailed = (error: unknown) => {
    const failure = classifyIntentFailure(error);
    setPhase({ kind: "form", busy: null });
    if (failure.kind === "fields") {
      const names = Object.keys(form.getValues()).flatMap((name) =>
        name === "address" ? Object.keys(empty.address).map((key) => `address.${key}`) : [name],
      );
      const onForm = Object.entries(failure.fields).filter(([name]) => names.includes(name));
      onForm.forEach(([name, message], i) =>
        form.setError(name as Path<CheckoutBuyerInput>, { type: "server", message }, { shouldFocus: i === 0 }),
      );
      if (onForm.length === 0)
        toast({ variant: "destructive", title: copy.toasts.systemTitle, description: copy.toasts.systemBody });
      else toast({ variant: "destructive", title: copy.toasts.fieldsTitle });
    } else if (failure.kind === "declined")
      toast({
        variant: "destructive",
        title: copy.toasts.failedTitle,
        description: failure.message ?? copy.toasts.failedBody,
      });
    else
      toast({
        variant: "destructive",
        title: copy.toasts.systemTitle,
        description: failure.message ?? copy.toasts.systemBody,
      });
  };

  const started = (answer: CreateIntentAnswer, method: CheckoutPaymentMethod, buyer: BuyerDetails): Attempt => {
    const attempt: Attempt = {
      paymentIntentId: answer.paymentIntentId,
      orderReference: answer.orderReference,
      accessToken: answer.accessToken,
      method,
      email: buyer.email,
    };
    saveAttempt(attempt);
    return attempt;
  };

  /** The direct path (spec §7): wait 2 s, then confirm; the address then names the attempt. */
  const confirmDirect = async (attempt: Attempt) => {
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}?${new URLSearchParams({ order: attempt.orderReference, intent: attempt.paymentIntentId }).toString()}`,
    );
    await sleep(CONFIRM_DELAY_MS);
    let outcome: ConfirmOutcome;
    try {
      outcome = await confirmPayment(attempt.paymentIntentId, attempt.method, lang);
    } catch {
      return poll(attempt.paymentIntentId, [attempt.method], attempt, CONFIRM_POLLS);
    }
    if (outcome.kind === "waiting") return poll(attempt.paymentIntentId, [attempt.method], attempt, CONFIRM_POLLS);
    settle(outcome, attempt, attempt.paymentIntentId, [attempt.method]);
  };

  const payWithRedirect = async (method: CheckoutPaymentMethod, buyer: BuyerDetails) => {
    setPhase({ kind: "form", busy: method });
    let answer: CreateIntentAnswer;
    try {
      answer = await createIntent({ buyer, method, productId, amountHalalas: priceHalalas, lang }, newIdempotencyKey());
    } catch (error) {
      intentFailed(error);
      return;
    }
    const attempt = started(answer, method, buyer);
    if (answer.redirectUrl) window.location.assign(answer.redirectUrl);
    else await confirmDirect(attempt);
  };

  const payWithApple = async (buyer: BuyerDetails) => {
    setPhase({ kind: "form", busy: "apple-pay" });
    const key = newIdempotencyKey();
    const result = await payWithApplePay({
      label: copy.payment.applePayLabel,
      amountHalalas: priceHalalas,
      validateMerchant: (url) => appleMerchantSession(url, lang),
      authorize: (applePayToken) =>
        createIntent({ buyer, method: "apple-pay", productId, amountHalalas: priceHalalas, applePayToken, lang }, key),
    });
    if (result.kind === "cancelled") setPhase({ kind: "form", busy: null });
    else if (result.kind === "failed") intentFailed(result.error);
    else await confirmDirect(started(result.value, "apple-pay", buyer));
  };

  const onPay = (method: CheckoutPaymentMethod) => {
    if (phase.kind !== "form" || phase.busy) return;
    engage();
    // Apple's sheet must open within the click: check synchronously when the schema is here.
    const validation = loadedValidation();
    if (method === "apple-pay" && validation) {
      const parsed = validation.parseBuyer(form.getValues());
      if (parsed.success) {
        form.clearErrors();
        void payWithApple(parsed.data);
        return;
      }
    }
    void form.handleSubmit((buyer) =>
      method === "apple-pay" ? payWithApple(buyer) : payWithRedirect(method, buyer),
    )();
  };

  if (phase.kind === "success")
    return (
      <CheckoutSuccess
        copy={copy}
        reference={phase.order.reference}
        email={phase.order.buyer.email}
        accessToken={phase.accessToken}
      />
    );
  if (phase.kind === "confirming")
    return (
      <CheckoutConfirming
        copy={copy}
        reference={phase.attempt?.orderReference ?? new URLSearchParams(search).get("order") ?? undefined}
        accessToken={phase.attempt?.accessToken}
        gaveUp={phase.gaveUp}
        onCheckAgain={() => void poll(phase.intentId, phase.methods, phase.attempt, CONFIRM_POLLS)}
      />
    );

  const busy = phase.busy;
  return (
    <div className="grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-start">
      <div className="lg:order-2 lg:sticky lg:top-28">
        <OrderSummary
          copy={copy}
          lang={lang}
          productId={productId}
          name={lang === "ar" ? product.nameAr : product.name}
          priceHalalas={priceHalalas}
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
            <PaymentButtons copy={copy} lang={lang} offers={offers} applePay={applePay} busy={busy} onPay={onPay} />
          </section>
        </form>
      </FormProvider>
    </div>
  );
}
