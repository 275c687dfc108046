import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from "react";
import { useForm, type Path, type UseFormReturn } from "react-hook-form";
import { toast } from "#client/components/ui/toast-store.ts";
import { getAuth } from "#client/lib/auth-store.ts";
import { catalog, defaultProductId } from "#content/catalog.ts";
import { studio } from "#content/studio.ts";
import type { Lang } from "#shared/lang.ts";
import { paymentMethodOf, type PaymentMethodId } from "#shared/payment-methods.ts";
// Types only: the schemas' module (and zod) loads with the validation, on the form's first focus.
import type { CheckoutBuyerInput, CheckoutProductId } from "#shared/schemas/checkout.ts";
import {
  appleMerchantSession,
  classifyIntentFailure,
  confirmWithAnyMethod,
  createIntent,
  fetchAccountPhone,
  fetchOrderStatus,
  newIdempotencyKey,
  type BuyerDetails,
} from "../api/checkout.ts";
import { usePaymentOffers, usePrices } from "../api/use-checkout-offer.ts";
import type { CheckoutCopy } from "../copy.ts";
import { canPayWithApplePay, payWithApplePay } from "../lib/apple-pay.ts";
import { readAttempt, saveAttempt } from "../lib/attempt-store.ts";
import {
  addressOf,
  busyMethod,
  checkoutReducer,
  confirmationDue,
  initialCheckout,
  startedAttempt,
  verificationDue,
  type Notice,
} from "../lib/checkout-machine.ts";
import { lazyBuyerResolver, loadedValidation, loadValidation } from "../lib/lazy-validation.ts";

type BuyerForm = UseFormReturn<CheckoutBuyerInput, unknown, BuyerDetails>;

const empty: CheckoutBuyerInput = {
  name: "",
  email: "",
  phone: "",
  address: { city: "", district: "", street: "", building: "", postalCode: "" },
};

function productOf(search: string): CheckoutProductId {
  const wanted = new URLSearchParams(search).get("product");
  return catalog.some((product) => product.id === wanted) ? (wanted as CheckoutProductId) : defaultProductId;
}

const subscribeNothing = () => () => undefined;

/**
 * The checkout's behaviour (issue 12, spec §2/§4/§7/§8, decision 0017) without its markup: the
 * state machine of lib/checkout-machine.ts and, at its edges, one effect per side effect (the
 * intent, keeping the attempt, leaving for the provider, the address bar, the confirm and its
 * timer, the toasts), each driven by the state. `search` is empty until the page has hydrated,
 * then the address's query: a product, or the return from a provider's page to confirm.
 */
export function useCheckout(copy: CheckoutCopy, search: string, hydrated: boolean, lang: Lang) {
  // The form's messages (and the validation) load once the visitor starts on the form: loading
  // them re-renders every translated part of the page, which the first load can do without.
  const [engaged, setEngaged] = useState(false);
  const engage = useCallback(() => {
    setEngaged(true);
    void loadValidation().catch(() => undefined);
  }, []);
  const productId = productOf(search);
  const prices = usePrices(hydrated);
  const product = prices[productId] ?? catalog.find((item) => item.id === productId)!;
  const { offers, testMode } = usePaymentOffers(hydrated, productId, lang);
  // Read in the browser only: the prerendered page (and the hydration) shows no wallet button.
  const walletReady = useSyncExternalStore(subscribeNothing, canPayWithApplePay, () => false);
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout);
  const form = useForm<CheckoutBuyerInput, unknown, BuyerDetails>({
    resolver: lazyBuyerResolver,
    defaultValues: empty,
  });

  useAccountDetails(form, hydrated);

  // The return from a hosted page: /checkout?order=REF&intent=ID, once.
  const returned = useRef(false);
  useEffect(() => {
    if (!hydrated || returned.current) return;
    const params = new URLSearchParams(search);
    const intentId = params.get("intent");
    if (!intentId) return;
    returned.current = true;
    dispatch({
      type: "returned",
      intentId,
      reference: params.get("order"),
      method: params.get("method"),
      attempt: readAttempt(intentId),
    });
  }, [hydrated, search]);

  // The redirect flow's intent (the wallet's is created inside its sheet, see `pay`).
  useEffect(() => {
    if (state.kind !== "paying" || state.flow !== "redirect") return;
    let live = true;
    const { buyer, method, productId, amountHalalas, idempotencyKey } = state;
    createIntent({ buyer, method, productId, amountHalalas, lang }, idempotencyKey).then(
      (answer) => {
        if (live) dispatch({ type: "intentCreated", answer });
      },
      (error: unknown) => {
        if (live) dispatch({ type: "intentRefused", failure: classifyIntentFailure(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [state, lang]);

  // The attempt this tab started waits in sessionStorage for the return (before leaving, below).
  const attempt = startedAttempt(state);
  useEffect(() => {
    if (attempt) saveAttempt(attempt);
  }, [attempt]);

  const providerPage = state.kind === "redirecting" ? state.url : null;
  useEffect(() => {
    if (providerPage) window.location.assign(providerPage);
  }, [providerPage]);

  const address = addressOf(state, productId);
  useEffect(() => {
    if (address !== null)
      window.history.replaceState(window.history.state, "", `${window.location.pathname}${address}`);
  }, [address]);

  // Ask the server (which asks the provider) whether the attempt is paid, after the state's wait.
  useEffect(() => {
    const due = confirmationDue(state);
    if (!due) return;
    let live = true;
    const timer = window.setTimeout(() => {
      confirmWithAnyMethod(due.intentId, due.methods, lang).then(
        ({ outcome, method }) => {
          if (live) dispatch({ type: "confirmed", outcome, method });
        },
        () => {
          if (live) dispatch({ type: "confirmFailed" });
        },
      );
    }, due.delayMs);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [state, lang]);

  // A wallet charge the provider never answered (issue 35): read the order until it is known.
  useEffect(() => {
    const due = verificationDue(state);
    if (!due) return;
    let live = true;
    const timer = window.setTimeout(() => {
      fetchOrderStatus(due.reference, due.accessToken, lang).then(
        (order) => {
          if (live) dispatch({ type: "verified", order });
        },
        () => {
          if (live) dispatch({ type: "verifyFailed" });
        },
      );
    }, due.delayMs);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [state, lang]);

  // What an attempt ended with, told once: under the fields, or as a toast.
  const notice = state.kind === "form" ? state.notice : null;
  const told = useRef<Notice | null>(null);
  useEffect(() => {
    if (!notice || notice === told.current) return;
    told.current = notice;
    tell(notice, copy, form);
  }, [notice, copy, form]);

  const pay = (method: PaymentMethodId, buyer: BuyerDetails) => {
    const idempotencyKey = newIdempotencyKey();
    const amountHalalas = product.priceHalalas;
    dispatch({ type: "pay", method, buyer, productId, amountHalalas, idempotencyKey });
    if (paymentMethodOf(method).flow !== "wallet") return;
    // The sheet is the one side effect started here, not in an effect: Apple requires it to
    // begin within the click.
    void payWithApplePay({
      label: studio.name[lang],
      amountHalalas,
      validateMerchant: (url) => appleMerchantSession(url, lang),
      authorize: (applePayToken) =>
        createIntent({ buyer, method, productId, amountHalalas, applePayToken, lang }, idempotencyKey),
    }).then((result) => {
      if (result.kind === "cancelled") dispatch({ type: "walletCancelled" });
      else if (result.kind === "failed")
        dispatch({ type: "intentRefused", failure: classifyIntentFailure(result.error) });
      else dispatch({ type: "intentCreated", answer: result.value });
    });
  };

  const onPay = (method: PaymentMethodId) => {
    if (state.kind !== "form") return;
    engage();
    // The wallet's sheet must open within the click: check synchronously when the schema is here.
    const validation = loadedValidation();
    if (paymentMethodOf(method).flow === "wallet" && validation) {
      const parsed = validation.parseBuyer(form.getValues());
      if (parsed.success) {
        form.clearErrors();
        pay(method, parsed.data);
        return;
      }
    }
    void form.handleSubmit((buyer) => pay(method, buyer))();
  };

  return {
    state,
    busy: busyMethod(state),
    productId,
    product,
    offers,
    testMode,
    walletReady,
    form,
    engaged,
    engage,
    onPay,
    checkAgain: () => dispatch({ type: "checkAgain" }),
    startOver: () => dispatch({ type: "startOver" }),
  };
}

/** Signed in: the account's name, e-mail and phone fill the empty fields. */
function useAccountDetails(form: BuyerForm, hydrated: boolean) {
  useEffect(() => {
    if (!hydrated) return;
    const auth = getAuth();
    if (!auth.isAuthenticated || !auth.user) return;
    const fill = (name: Path<CheckoutBuyerInput>, value: string | null | undefined) => {
      if (value && !form.getValues(name)) form.setValue(name, value);
    };
    fill("name", `${auth.user.firstName} ${auth.user.lastName}`.trim());
    fill("email", auth.user.email);
    fetchAccountPhone().then(
      (phone) => fill("phone", phone?.replace(/^\+966\s*/, "")),
      () => undefined,
    );
  }, [hydrated, form]);
}

/** Spec §8: refused fields under the fields, a decline as "Payment Failed", the rest as "System Error". */
function tell(notice: Notice, copy: CheckoutCopy, form: BuyerForm) {
  const t = copy.toasts;
  if (notice.kind === "declined") {
    toast({ variant: "destructive", title: t.failedTitle, description: notice.message ?? t.failedBody });
    return;
  }
  if (notice.kind === "system") {
    toast({ variant: "destructive", title: t.systemTitle, description: notice.message ?? t.systemBody });
    return;
  }
  const names = Object.keys(form.getValues()).flatMap((name) =>
    name === "address" ? Object.keys(empty.address).map((key) => `address.${key}`) : [name],
  );
  const onForm = Object.entries(notice.fields).filter(([name]) => names.includes(name));
  onForm.forEach(([name, message], i) =>
    form.setError(name as Path<CheckoutBuyerInput>, { type: "server", message }, { shouldFocus: i === 0 }),
  );
  if (onForm.length === 0) toast({ variant: "destructive", title: t.systemTitle, description: t.systemBody });
  else toast({ variant: "destructive", title: t.fieldsTitle });
}
