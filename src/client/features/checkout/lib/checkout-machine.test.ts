import { describe, expect, it } from "vitest";
import type { OrderView } from "#client/lib/orders.ts";
import { defaultProductId as productId } from "#content/catalog.ts";
import { paymentMethodIds, paymentMethods, type PaymentMethodId } from "#shared/payment-methods.ts";
import type { CreateIntentAnswer } from "../api/checkout.ts";
import type { Attempt } from "./attempt-store.ts";
import {
  CONFIRM_DELAY_MS,
  CONFIRM_POLLS,
  RETURN_METHODS,
  VERIFY_FAST_MS,
  VERIFY_POLLS,
  VERIFY_SLOW_MS,
  verificationDue,
  addressOf,
  busyMethod,
  checkoutReducer,
  confirmationDue,
  initialCheckout,
  startedAttempt,
  type CheckoutEvent,
  type CheckoutState,
} from "./checkout-machine.ts";

const buyer = {
  name: "Sara Al-Qahtani",
  email: "sara@example.sa",
  phone: "+966501234567",
  address: { city: "Riyadh", district: "Al Olaya", street: "King Fahd Road" },
};
const answer = (extra: Partial<CreateIntentAnswer> = {}): CreateIntentAnswer => ({
  paymentIntentId: "pi_1",
  orderReference: "NWT-1001",
  accessToken: "token-1",
  // create-intent's 201 for a wallet's charge (a 202 says "pending": see "a lost wallet answer").
  status: "paid",
  ...extra,
});
const order = (status: OrderView["status"]) => ({ reference: "NWT-1001", status }) as OrderView;
const paid = { kind: "paid", order: order("paid") } as const;
const waiting = { kind: "waiting", order: order("pending") } as const;

const pay = (method: PaymentMethodId): CheckoutEvent => ({
  type: "pay",
  method,
  buyer,
  productId,
  amountHalalas: 35_000,
  idempotencyKey: "key-1",
});
const run = (...events: CheckoutEvent[]): CheckoutState => events.reduce(checkoutReducer, initialCheckout);
const times = <T>(count: number, event: T): T[] => Array.from({ length: count }, () => event);

/** The attempt a tab keeps for the return (sessionStorage). */
const attempt = (method: PaymentMethodId): Attempt => ({
  paymentIntentId: "pi_1",
  orderReference: "NWT-1001",
  accessToken: "token-1",
  method,
  email: buyer.email,
});
const returned = (extra: Partial<Extract<CheckoutEvent, { type: "returned" }>> = {}): CheckoutEvent => ({
  type: "returned",
  intentId: "pi_1",
  reference: "NWT-1001",
  method: null,
  attempt: null,
  ...extra,
});

describe("the checkout's state machine: paying", () => {
  it("starts on the form, the buttons free", () => {
    expect(initialCheckout).toEqual({ kind: "form", notice: null, restart: false });
    expect(busyMethod(initialCheckout)).toBeNull();
    expect(addressOf(initialCheckout, productId)).toBeNull();
  });

  it("a redirect method creates the intent, then leaves for the provider's page with the attempt kept", () => {
    for (const method of ["credit-card", "tamara", "tabby"] as const) {
      const paying = run(pay(method));
      expect(paying).toMatchObject({ kind: "paying", method, flow: "redirect", amountHalalas: 35_000, productId });
      expect(busyMethod(paying)).toBe(method);
      const leaving = checkoutReducer(paying, {
        type: "intentCreated",
        answer: answer({ redirectUrl: "https://pay.example/sbx_1" }),
      });
      expect(leaving).toEqual({ kind: "redirecting", url: "https://pay.example/sbx_1", attempt: attempt(method) });
      expect(startedAttempt(leaving)).toEqual(attempt(method));
      // The buttons stay disabled while the browser leaves.
      expect(busyMethod(leaving)).toBe(method);
      expect(confirmationDue(leaving)).toBeNull();
    }
  });

  it("the wallet (Apple Pay) is charged directly: 2 s, then confirm, the address naming the attempt", () => {
    const paying = run(pay("apple-pay"));
    expect(paying).toMatchObject({ kind: "paying", method: "apple-pay", flow: "wallet" });
    const direct = checkoutReducer(paying, { type: "intentCreated", answer: answer() });
    expect(direct).toEqual({ kind: "direct", attempt: attempt("apple-pay") });
    expect(startedAttempt(direct)).toEqual(attempt("apple-pay"));
    expect(busyMethod(direct)).toBe("apple-pay");
    expect(confirmationDue(direct)).toEqual({ intentId: "pi_1", methods: ["apple-pay"], delayMs: CONFIRM_DELAY_MS });
    expect(addressOf(direct, productId)).toBe("?order=NWT-1001&intent=pi_1");
    const done = checkoutReducer(direct, { type: "confirmed", outcome: paid, method: "apple-pay" });
    // The confirm's answer carries no token here: the one create-intent gave is kept.
    expect(done).toEqual({ kind: "success", order: order("paid"), accessToken: "token-1" });
  });

  it("a redirect method whose intent needs no page (no redirectUrl) takes the direct path", () => {
    expect(run(pay("credit-card"), { type: "intentCreated", answer: answer() })).toEqual({
      kind: "direct",
      attempt: attempt("credit-card"),
    });
  });

  it("closing the wallet's sheet goes back to the form, with nothing to say", () => {
    expect(run(pay("apple-pay"), { type: "walletCancelled" })).toEqual(initialCheckout);
  });

  it("a declined intent (402) is Payment Failed in the provider's words, the buttons free again", () => {
    const state = run(pay("tabby"), {
      type: "intentRefused",
      failure: { kind: "declined", message: "Sorry, Tabby is unable to approve this purchase." },
    });
    expect(state).toEqual({
      kind: "form",
      notice: { kind: "declined", message: "Sorry, Tabby is unable to approve this purchase." },
      restart: false,
    });
    expect(busyMethod(state)).toBeNull();
    // The address is left as it was: nothing was attempted on it.
    expect(addressOf(state, productId)).toBeNull();
  });

  it("a system error is System Error; refused fields go under the fields", () => {
    expect(run(pay("credit-card"), { type: "intentRefused", failure: { kind: "system" } })).toEqual({
      kind: "form",
      notice: { kind: "system", message: undefined },
      restart: false,
    });
    const fields = { "address.city": "City is required" };
    expect(run(pay("apple-pay"), { type: "intentRefused", failure: { kind: "fields", fields } })).toMatchObject({
      kind: "form",
      notice: { kind: "fields", fields },
    });
  });

  it("a second pay while one is under way is ignored", () => {
    const paying = run(pay("tamara"));
    expect(checkoutReducer(paying, pay("tabby"))).toBe(paying);
    const direct = run(pay("apple-pay"), { type: "intentCreated", answer: answer() });
    expect(checkoutReducer(direct, pay("credit-card"))).toBe(direct);
  });

  it("answers that belong to no attempt change nothing", () => {
    expect(checkoutReducer(initialCheckout, { type: "intentCreated", answer: answer() })).toBe(initialCheckout);
    expect(checkoutReducer(initialCheckout, { type: "confirmed", outcome: paid, method: "tamara" })).toBe(
      initialCheckout,
    );
    expect(checkoutReducer(initialCheckout, { type: "confirmFailed" })).toBe(initialCheckout);
    expect(checkoutReducer(initialCheckout, { type: "checkAgain" })).toBe(initialCheckout);
  });
});

describe("the checkout's state machine: confirming", () => {
  it("the direct path that is still waiting, or whose confirm failed, polls on the confirmation screen", () => {
    const direct = run(pay("apple-pay"), { type: "intentCreated", answer: answer() });
    for (const event of [
      { type: "confirmed", outcome: waiting, method: "apple-pay" },
      { type: "confirmFailed" },
    ] as const) {
      const state = checkoutReducer(direct, event);
      expect(state).toEqual({
        kind: "confirming",
        round: 0,
        intentId: "pi_1",
        methods: ["apple-pay"],
        attempt: attempt("apple-pay"),
        reference: "NWT-1001",
      });
      // The first ask of the polling goes at once; the screen replaces the form.
      expect(confirmationDue(state)).toEqual({ intentId: "pi_1", methods: ["apple-pay"], delayMs: 0 });
      expect(busyMethod(state)).toBeNull();
    }
  });

  it("a payment that fails at confirm is Payment Failed, and the address names the product again", () => {
    const direct = run(pay("apple-pay"), { type: "intentCreated", answer: answer() });
    const state = checkoutReducer(direct, {
      type: "confirmed",
      outcome: { kind: "failed", message: "Card declined" },
      method: "apple-pay",
    });
    expect(state).toEqual({ kind: "form", notice: { kind: "declined", message: "Card declined" }, restart: true });
    expect(addressOf(state, productId)).toBe(`?product=${productId}`);
  });

  it("the return from a provider's page (?order=&intent=) confirms with the method this tab kept", () => {
    const state = run(returned({ attempt: attempt("tamara") }));
    expect(state).toEqual({
      kind: "confirming",
      round: 0,
      intentId: "pi_1",
      methods: ["tamara"],
      attempt: attempt("tamara"),
      reference: "NWT-1001",
    });
    expect(confirmationDue(state)).toEqual({ intentId: "pi_1", methods: ["tamara"], delayMs: 0 });
    expect(checkoutReducer(state, { type: "confirmed", outcome: paid, method: "tamara" })).toEqual({
      kind: "success",
      order: order("paid"),
      accessToken: "token-1",
    });
  });

  it("a return this tab did not start uses the method the address names, else tries each", () => {
    expect(run(returned({ method: "tabby" }))).toMatchObject({
      methods: ["tabby"],
      attempt: null,
      reference: "NWT-1001",
    });
    expect(run(returned({ method: "bitcoin" }))).toMatchObject({ methods: RETURN_METHODS });
    const tried = run(returned());
    expect(tried).toMatchObject({ methods: RETURN_METHODS });
    // The server recognised the order's method: the next asks use that one alone.
    expect(checkoutReducer(tried, { type: "confirmed", outcome: waiting, method: "tabby" })).toMatchObject({
      kind: "confirming",
      round: 1,
      methods: ["tabby"],
    });
    // The order's own token, when the server hands one out to its owner.
    expect(
      checkoutReducer(tried, { type: "confirmed", outcome: { ...paid, accessToken: "token-2" }, method: "tabby" }),
    ).toEqual({ kind: "success", order: order("paid"), accessToken: "token-2" });
  });

  it("asks CONFIRM_POLLS times, 2 s apart, then says it is still waiting; Check Again starts over", () => {
    let state = run(returned({ attempt: attempt("credit-card") }));
    for (let round = 1; round < CONFIRM_POLLS; round++) {
      state = checkoutReducer(
        state,
        round % 2 ? { type: "confirmFailed" } : { type: "confirmed", outcome: waiting, method: "credit-card" },
      );
      expect(state).toMatchObject({ kind: "confirming", round });
      expect(confirmationDue(state)?.delayMs).toBe(CONFIRM_DELAY_MS);
    }
    const stalled = checkoutReducer(state, { type: "confirmed", outcome: waiting, method: "credit-card" });
    expect(stalled).toEqual({
      kind: "stalled",
      intentId: "pi_1",
      methods: ["credit-card"],
      attempt: attempt("credit-card"),
      reference: "NWT-1001",
    });
    expect(confirmationDue(stalled)).toBeNull();
    // A late answer does not move it; only Check Again does.
    expect(checkoutReducer(stalled, { type: "confirmed", outcome: paid, method: "credit-card" })).toBe(stalled);
    const again = checkoutReducer(stalled, { type: "checkAgain" });
    expect(again).toMatchObject({ kind: "confirming", round: 0, methods: ["credit-card"] });
    expect(checkoutReducer(again, { type: "confirmed", outcome: paid, method: "credit-card" })).toMatchObject({
      kind: "success",
    });
  });

  it("the last ask failing also ends in still waiting", () => {
    const state = run(
      returned({ attempt: attempt("tabby") }),
      ...times(CONFIRM_POLLS, { type: "confirmFailed" } as const),
    );
    expect(state.kind).toBe("stalled");
  });

  it("a return that fails at confirm goes back to the form for the product", () => {
    const state = run(returned(), { type: "confirmed", outcome: { kind: "failed" }, method: "tamara" });
    expect(state).toEqual({ kind: "form", notice: { kind: "declined", message: undefined }, restart: true });
    expect(addressOf(state, productId)).toBe(`?product=${productId}`);
  });

  it("a return is only read on the form (not over an attempt under way)", () => {
    const paying = run(pay("tamara"));
    expect(checkoutReducer(paying, returned())).toBe(paying);
  });
});

describe("RETURN_METHODS", () => {
  it("is every method of the registry, the hosted-page ones first", () => {
    expect([...RETURN_METHODS].sort()).toEqual([...paymentMethodIds].sort());
    const flows = RETURN_METHODS.map((id) => paymentMethods.find((method) => method.id === id)!.flow);
    expect(flows).toEqual([...flows].sort((a, b) => (a === b ? 0 : a === "redirect" ? -1 : 1)));
    expect(RETURN_METHODS).toEqual(["credit-card", "tamara", "tabby", "apple-pay"]);
  });
});

describe("the checkout's state machine: a lost wallet answer (issue 35)", () => {
  const pending = () => run(pay("apple-pay"), { type: "intentCreated", answer: answer({ status: "pending" }) });

  it("a 202 pending answer verifies: no pay button, the address names the attempt, the order is read", () => {
    const verifying = pending();
    expect(verifying).toEqual({ kind: "verifying", attempt: attempt("apple-pay"), round: 0 });
    expect(busyMethod(verifying)).toBe("apple-pay");
    expect(startedAttempt(verifying)).toEqual(attempt("apple-pay"));
    expect(addressOf(verifying, productId)).toBe("?order=NWT-1001&intent=pi_1");
    expect(confirmationDue(verifying)).toBeNull();
    expect(verificationDue(verifying)).toEqual({
      reference: "NWT-1001",
      accessToken: "token-1",
      delayMs: VERIFY_FAST_MS,
    });
  });

  it("keeps reading while the order is pending or a read fails, slower after a minute, and stops at the last read", () => {
    let state = pending();
    for (let round = 1; round <= 12; round++) {
      state = checkoutReducer(
        state,
        round % 2 ? { type: "verified", order: order("pending") } : { type: "verifyFailed" },
      );
      expect(state).toMatchObject({ kind: "verifying", round });
    }
    expect(verificationDue(state)?.delayMs).toBe(VERIFY_SLOW_MS);
    for (let round = 13; round <= VERIFY_POLLS; round++) state = checkoutReducer(state, { type: "verifyFailed" });
    expect(state).toMatchObject({ kind: "verifying", round: VERIFY_POLLS });
    expect(verificationDue(state)).toBeNull();
  });

  it("a paid order is the success; a failed one says nothing was charged, and only then offers the form again", () => {
    const done = checkoutReducer(pending(), { type: "verified", order: order("paid") });
    expect(done).toEqual({ kind: "success", order: order("paid"), accessToken: "token-1" });
    const notCharged = checkoutReducer(pending(), { type: "verified", order: order("failed") });
    expect(notCharged).toEqual({ kind: "notCharged", attempt: attempt("apple-pay") });
    expect(busyMethod(notCharged)).toBeNull();
    expect(checkoutReducer(pending(), { type: "startOver" })).toMatchObject({ kind: "verifying" });
    const form = checkoutReducer(notCharged, { type: "startOver" });
    expect(form).toEqual({ kind: "form", notice: null, restart: true });
    expect(addressOf(form, productId)).toBe(`?product=${productId}`);
  });

  it("a redirect method's answer is never read as a wallet's, whatever its status", () => {
    const leaving = run(pay("credit-card"), {
      type: "intentCreated",
      answer: answer({ status: "pending", redirectUrl: "https://pay.example/1" }),
    });
    expect(leaving.kind).toBe("redirecting");
  });
});
