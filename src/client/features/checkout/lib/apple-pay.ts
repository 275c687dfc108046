/**
 * Apple Pay on the web (Apple Pay JS): the sheet Safari shows. The merchant validation
 * and the payment go through our server (decision 0017: POST /api/payment/apple-pay/session, then
 * create-intent with the sheet's token), so no third-party script is needed.
 */
type ApplePayPaymentRequest = {
  countryCode: string;
  currencyCode: string;
  supportedNetworks: string[];
  merchantCapabilities: string[];
  total: { label: string; amount: string };
};

type ApplePaySessionInstance = {
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(status: number): void;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
};

type ApplePaySessionClass = {
  new (version: number, request: ApplePayPaymentRequest): ApplePaySessionInstance;
  canMakePayments(): boolean;
  supportsVersion(version: number): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
};

function applePaySession(): ApplePaySessionClass | undefined {
  return (window as unknown as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;
}

/**
 * mada, the Saudi debit network most buyers here pay with, is a network of Apple Pay JS version 5
 * (Apple's "Supporting payment networks"); naming it in an older session throws. So the session
 * is version 5 with mada where Safari supports it, and version 3 with Visa and Mastercard only on
 * an older Safari (iOS 12.1 and earlier), which then cannot show a mada card.
 */
const MADA_VERSION = 5;
const FALLBACK_VERSION = 3;

export function applePayVersion(session: Pick<ApplePaySessionClass, "supportsVersion">): {
  version: number;
  supportedNetworks: string[];
} {
  let mada = false;
  try {
    mada = session.supportsVersion(MADA_VERSION);
  } catch {
    mada = false;
  }
  return mada
    ? { version: MADA_VERSION, supportedNetworks: ["mada", "visa", "masterCard"] }
    : { version: FALLBACK_VERSION, supportedNetworks: ["visa", "masterCard"] };
}

/** Whether this browser can pay with Apple Pay (Safari with a card in Wallet). */
export function canPayWithApplePay(): boolean {
  try {
    return applePaySession()?.canMakePayments() === true;
  } catch {
    // Safari throws outside a secure context.
    return false;
  }
}

/** The result of the sheet: paid (the server took the token), refused, or closed by the buyer. */
export type ApplePayResult<T> =
  { kind: "authorized"; value: T } | { kind: "failed"; error: unknown } | { kind: "cancelled" };

/**
 * Shows the sheet and runs it to its end. Must be called within the click (Apple requires the
 * session to begin in a user gesture). `authorize` sends the token to the server and resolves with
 * its answer; the sheet then shows success or failure.
 */
export function payWithApplePay<T>(input: {
  label: string;
  amountHalalas: number;
  validateMerchant: (validationUrl: string) => Promise<unknown>;
  authorize: (token: unknown) => Promise<T>;
}): Promise<ApplePayResult<T>> {
  const ApplePaySession = applePaySession();
  if (!ApplePaySession) return Promise.resolve({ kind: "failed", error: new Error("Apple Pay is not available") });
  const { version, supportedNetworks } = applePayVersion(ApplePaySession);
  const session = new ApplePaySession(version, {
    countryCode: "SA",
    currencyCode: "SAR",
    supportedNetworks,
    merchantCapabilities: ["supports3DS"],
    total: { label: input.label, amount: (input.amountHalalas / 100).toFixed(2) },
  });
  return new Promise((resolve) => {
    session.onvalidatemerchant = (event) => {
      input.validateMerchant(event.validationURL).then(
        (merchantSession) => session.completeMerchantValidation(merchantSession),
        (error: unknown) => {
          session.abort();
          resolve({ kind: "failed", error });
        },
      );
    };
    session.onpaymentauthorized = (event) => {
      input.authorize(event.payment.token).then(
        (value) => {
          session.completePayment(ApplePaySession.STATUS_SUCCESS);
          resolve({ kind: "authorized", value });
        },
        (error: unknown) => {
          session.completePayment(ApplePaySession.STATUS_FAILURE);
          resolve({ kind: "failed", error });
        },
      );
    };
    session.oncancel = () => resolve({ kind: "cancelled" });
    session.begin();
  });
}
