import type { OrderView } from "#client/lib/orders.ts";
import { paymentMethodOf, paymentMethods, type PaymentMethodId } from "#shared/payment-methods.ts";
import type { CheckoutProductId } from "#shared/schemas/checkout.ts";
import type { BuyerDetails, ConfirmOutcome, CreateIntentAnswer, IntentFailure } from "../api/checkout.ts";
import type { Attempt } from "./attempt-store.ts";

/**
 * The checkout's phases (issue 12, spec §7/§8, decision 0017) as a pure state machine; the
 * requests, the timers, the address bar, sessionStorage and the toasts are the hook's effects
 * (hooks/use-checkout.ts), each driven by the state this file computes.
 *
 * form ─pay→ paying ─intent→ redirecting (the provider's page)
 *                          └→ direct (2 s, then confirm) ─waiting/error→ confirming
 * confirming (up to CONFIRM_POLLS asks) ─paid→ success, ─failed→ form, ─patience ends→ stalled
 * stalled ─check again→ confirming. A return from a provider's page (?order=&intent=) starts at
 * confirming. A refused intent, a closed wallet sheet and a failed payment go back to the form.
 * A wallet charge whose answer the provider never gave (create-intent's 202 `pending`, issue 35)
 * goes to verifying: no pay button, the order's own status read every few seconds until it is
 * paid (success) or known not to be (notCharged); the buyer is told an e-mail will follow.
 */

/** Spec §9: the direct path (the wallet sheet) waits this long after the intent before confirming. */
export const CONFIRM_DELAY_MS = 2000;
/** A return from a hosted page asks this many times, this far apart, before "still waiting". */
export const CONFIRM_POLLS = 5;
/**
 * Verifying a wallet charge whose answer was lost: the order is read every VERIFY_FAST_MS for
 * VERIFY_FAST_POLLS reads, then every VERIFY_SLOW_MS up to VERIFY_POLLS reads (about a quarter of an
 * hour: the server's reconciliation asks the provider once its own call's deadline has passed).
 */
export const VERIFY_FAST_MS = 5000;
export const VERIFY_SLOW_MS = 15_000;
const VERIFY_FAST_POLLS = 12;
export const VERIFY_POLLS = 60;

/**
 * The methods to try, in turn, to confirm a return this tab has no record of (another tab, a
 * lost sessionStorage) and whose address names no method: every method, the hosted-page ones
 * first. A wallet payment's address names its attempt too (see `addressOf`), so it is last.
 */
export const RETURN_METHODS: readonly PaymentMethodId[] = [
  ...paymentMethods.filter((method) => method.flow === "redirect"),
  ...paymentMethods.filter((method) => method.flow !== "redirect"),
].map((method) => method.id);

/** What the visitor is told when an attempt ends without an order (spec §8). */
export type Notice =
  /** The server refused fields of the form: shown under them. */
  | { kind: "fields"; fields: Record<string, string> }
  /** The provider declined, or the payment failed: "Payment Failed", in the provider's words when given. */
  | { kind: "declined"; message?: string | undefined }
  /** Anything else: "System Error". */
  | { kind: "system"; message?: string | undefined };

type Confirmation = {
  intentId: string;
  /** The methods to confirm with; several only for a return this tab did not start. */
  methods: readonly PaymentMethodId[];
  attempt: Attempt | null;
  /** The order's reference, as the attempt or the return address gives it. */
  reference: string | undefined;
};

export type CheckoutState =
  /** The form. `restart`: an attempt has ended in failure, so the address names the product again. */
  | { kind: "form"; notice: Notice | null; restart: boolean }
  /** Creating the intent: by the request (redirect flow) or inside the wallet's sheet (wallet flow). */
  | {
      kind: "paying";
      method: PaymentMethodId;
      flow: "redirect" | "wallet";
      buyer: BuyerDetails;
      productId: CheckoutProductId;
      amountHalalas: number;
      /** One per attempt: a retried request (double click, reload) is one charge. */
      idempotencyKey: string;
    }
  /** Leaving for the provider's page. */
  | { kind: "redirecting"; attempt: Attempt; url: string }
  /** The direct path (spec §7): the intent is charged; confirm once after CONFIRM_DELAY_MS. */
  | { kind: "direct"; attempt: Attempt }
  /** "We are confirming": ask `round` (0-based) of CONFIRM_POLLS. */
  | ({ kind: "confirming"; round: number } & Confirmation)
  /** Patience ended with no answer: "still waiting" and Check Again. */
  | ({ kind: "stalled" } & Confirmation)
  /** A wallet charge whose answer never came (202 `pending`): read the order `round` of VERIFY_POLLS. */
  | { kind: "verifying"; attempt: Attempt; round: number }
  /** The order is known not to be paid by the lost charge: nothing was charged. */
  | { kind: "notCharged"; attempt: Attempt }
  | { kind: "success"; order: OrderView; accessToken?: string | undefined };

export type CheckoutEvent =
  /** A pay button, with the form's checked details. */
  | {
      type: "pay";
      method: PaymentMethodId;
      buyer: BuyerDetails;
      productId: CheckoutProductId;
      amountHalalas: number;
      idempotencyKey: string;
    }
  | { type: "intentCreated"; answer: CreateIntentAnswer }
  | { type: "intentRefused"; failure: IntentFailure }
  /** The buyer closed the wallet's sheet. */
  | { type: "walletCancelled" }
  /** The page opened as a return, /checkout?order=REF&intent=ID[&method=M]; `attempt` as this tab kept it. */
  | { type: "returned"; intentId: string; reference: string | null; method: string | null; attempt: Attempt | null }
  /** The server's confirm answered, through `method`. */
  | { type: "confirmed"; outcome: ConfirmOutcome; method: PaymentMethodId }
  /** The confirm request itself failed (no connection, 5xx): ask again. */
  | { type: "confirmFailed" }
  | { type: "checkAgain" }
  /** The order as GET /api/orders/:reference answered while verifying. */
  | { type: "verified"; order: OrderView }
  /** That read failed (no connection, 5xx): read again later. */
  | { type: "verifyFailed" }
  /** From "nothing was charged" back to the form, for a new attempt. */
  | { type: "startOver" };

export const initialCheckout: CheckoutState = { kind: "form", notice: null, restart: false };

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case "pay":
      if (state.kind !== "form") return state;
      return {
        kind: "paying",
        method: event.method,
        flow: paymentMethodOf(event.method).flow,
        buyer: event.buyer,
        productId: event.productId,
        amountHalalas: event.amountHalalas,
        idempotencyKey: event.idempotencyKey,
      };
    case "intentCreated": {
      if (state.kind !== "paying") return state;
      const { answer } = event;
      const attempt: Attempt = {
        paymentIntentId: answer.paymentIntentId,
        orderReference: answer.orderReference,
        accessToken: answer.accessToken,
        method: state.method,
        email: state.buyer.email,
      };
      if (state.flow === "redirect" && answer.redirectUrl)
        return { kind: "redirecting", attempt, url: answer.redirectUrl };
      // The provider never answered the charge: it may have been made; never offer to pay again.
      if (state.flow === "wallet" && answer.status === "pending") return { kind: "verifying", attempt, round: 0 };
      return { kind: "direct", attempt };
    }
    case "intentRefused":
      return state.kind === "paying" ? { kind: "form", notice: noticeOf(event.failure), restart: false } : state;
    case "walletCancelled":
      return state.kind === "paying" ? initialCheckout : state;
    case "returned": {
      if (state.kind !== "form") return state;
      const named = RETURN_METHODS.find((method) => method === event.method);
      return {
        kind: "confirming",
        round: 0,
        intentId: event.intentId,
        // The return address names the method; an older link without it tries each in turn.
        methods: event.attempt ? [event.attempt.method] : named ? [named] : RETURN_METHODS,
        attempt: event.attempt,
        reference: event.attempt?.orderReference ?? event.reference ?? undefined,
      };
    }
    case "confirmed": {
      const confirmation = confirmationOf(state);
      if (!confirmation) return state;
      const { outcome } = event;
      if (outcome.kind === "paid")
        return {
          kind: "success",
          order: outcome.order,
          accessToken: outcome.accessToken ?? confirmation.attempt?.accessToken,
        };
      if (outcome.kind === "failed")
        return { kind: "form", notice: { kind: "declined", message: outcome.message }, restart: true };
      // The server knows the order by this method: the next asks use it alone.
      return nextRound(state, { ...confirmation, methods: [event.method] });
    }
    case "confirmFailed": {
      const confirmation = confirmationOf(state);
      return confirmation ? nextRound(state, confirmation) : state;
    }
    case "checkAgain":
      return state.kind === "stalled" ? { ...state, kind: "confirming", round: 0 } : state;
    case "verified": {
      if (state.kind !== "verifying") return state;
      const status = event.order.status;
      if (status === "paid" || status === "shipped" || status === "delivered" || status === "refund_pending")
        return { kind: "success", order: event.order, accessToken: state.attempt.accessToken };
      if (status === "pending" || status === "awaiting_payment") return { ...state, round: state.round + 1 };
      return { kind: "notCharged", attempt: state.attempt };
    }
    case "verifyFailed":
      return state.kind === "verifying" ? { ...state, round: state.round + 1 } : state;
    case "startOver":
      return state.kind === "notCharged" ? { kind: "form", notice: null, restart: true } : state;
  }
}

/** The order read a verifying state calls for, and how long to wait before it; null once patience ends. */
export function verificationDue(
  state: CheckoutState,
): { reference: string; accessToken: string; delayMs: number } | null {
  if (state.kind !== "verifying" || state.round >= VERIFY_POLLS) return null;
  return {
    reference: state.attempt.orderReference,
    accessToken: state.attempt.accessToken,
    delayMs: state.round < VERIFY_FAST_POLLS ? VERIFY_FAST_MS : VERIFY_SLOW_MS,
  };
}

/** The attempt being confirmed, in the states that confirm. */
function confirmationOf(state: CheckoutState): Confirmation | null {
  if (state.kind === "direct")
    return {
      intentId: state.attempt.paymentIntentId,
      methods: [state.attempt.method],
      attempt: state.attempt,
      reference: state.attempt.orderReference,
    };
  if (state.kind === "confirming")
    return { intentId: state.intentId, methods: state.methods, attempt: state.attempt, reference: state.reference };
  return null;
}

/** Not settled yet: the direct path starts the polling; the last ask ends it ("still waiting"). */
function nextRound(state: CheckoutState, confirmation: Confirmation): CheckoutState {
  if (state.kind === "direct") return { kind: "confirming", round: 0, ...confirmation };
  const round = state.kind === "confirming" ? state.round + 1 : 0;
  return round < CONFIRM_POLLS ? { kind: "confirming", round, ...confirmation } : { kind: "stalled", ...confirmation };
}

function noticeOf(failure: IntentFailure): Notice {
  return failure.kind === "fields" ? failure : { kind: failure.kind, message: failure.message };
}

/** The confirm request a state calls for, and how long to wait before it; null in the other states. */
export function confirmationDue(
  state: CheckoutState,
): { intentId: string; methods: readonly PaymentMethodId[]; delayMs: number } | null {
  if (state.kind === "direct")
    return { intentId: state.attempt.paymentIntentId, methods: [state.attempt.method], delayMs: CONFIRM_DELAY_MS };
  if (state.kind === "confirming")
    return { intentId: state.intentId, methods: state.methods, delayMs: state.round === 0 ? 0 : CONFIRM_DELAY_MS };
  return null;
}

/** The attempt this tab has just started, to keep for the return; null in the other states. */
export function startedAttempt(state: CheckoutState): Attempt | null {
  return state.kind === "redirecting" || state.kind === "direct" || state.kind === "verifying" ? state.attempt : null;
}

/** The method whose button shows the spinner while all are disabled; null when the buttons are free. */
export function busyMethod(state: CheckoutState): PaymentMethodId | null {
  if (state.kind === "paying") return state.method;
  if (state.kind === "redirecting" || state.kind === "direct" || state.kind === "verifying")
    return state.attempt.method;
  return null;
}

/**
 * The query the address bar should show, or null to leave it: the direct path names its attempt
 * (a reload confirms it again rather than charging twice); after a failed payment the address
 * names only the product (a reload shows the form, a new attempt makes a new order).
 */
export function addressOf(state: CheckoutState, productId: CheckoutProductId): string | null {
  // A reload while verifying confirms the attempt again too: it never shows the pay buttons.
  if (state.kind === "direct" || state.kind === "verifying")
    return `?${new URLSearchParams({ order: state.attempt.orderReference, intent: state.attempt.paymentIntentId }).toString()}`;
  if (state.kind === "form" && state.restart) return `?product=${productId}`;
  return null;
}
